import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";
import { newsletters } from "./newsletter.ts";

/**
 * 'held': a paused newsletter's message, sent once it is resumed; 'cancelled': a newsletter's
 * message not sent because its address left the list (or bounced) before its turn.
 */
export const NOTIFICATION_STATUSES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "held",
  "cancelled",
] as const;
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
    /**
     * A newsletter's message: its bodies are empty here and rendered when it is sent, with the
     * recipient's own unsubscribe link (10,000 copies of one body are not stored).
     */
    newsletterId: uuid("newsletter_id").references(() => newsletters.id, { onDelete: "cascade" }),
  },
  (t) => [
    check(
      "notifications_status_known",
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'held', 'cancelled')`,
    ),
    check("notifications_recipient_not_blank", sql`btrim(${t.recipient}) <> ''`),
    // The worker's claim query: due rows that are not finished.
    index("notifications_due_idx").on(t.status, t.nextAttemptAt),
    index("notifications_created_at_idx").on(t.createdAt.desc()),
    // Never one newsletter twice to one address, whoever queues it and however often.
    uniqueIndex("notifications_newsletter_recipient_unique")
      .on(t.newsletterId, sql`lower(${t.recipient})`)
      .where(sql`${t.newsletterId} is not null`),
  ],
);
