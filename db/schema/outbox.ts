import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";

export const NOTIFICATION_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Transactional outbox: a business row and its e-mail commit together; a worker delivers
 * later with retries, so nothing is lost while SMTP is down.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").$type<NotificationStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check(
      "notifications_status_known",
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`,
    ),
    check("notifications_recipient_not_blank", sql`btrim(${t.recipient}) <> ''`),
    // The worker's claim query: due rows that are not finished.
    index("notifications_due_idx").on(t.status, t.nextAttemptAt),
    index("notifications_created_at_idx").on(t.createdAt.desc()),
  ],
);
