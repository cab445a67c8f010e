import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Quote requests and contact messages share this table (docs/product.md §4): a contact message keeps
 * its subject in `service`, or 'General Contact' when none was given.
 */
export const contactRequests = pgTable(
  "contact_requests",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // Optional (beyond the original, decision 004): lets the company call or WhatsApp the
    // requester. Null when none was given, never an empty string.
    phone: text("phone"),
    service: text("service").notNull(),
    message: text("message").notNull(),
    isResolved: boolean("is_resolved").notNull().default(false),
    // The admin's e-mailed reply, kept so it shows in the details afterwards.
    replyText: text("reply_text"),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
    repliedBy: uuid("replied_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_requests_name_not_blank", sql`btrim(${t.name}) <> ''`),
    check("contact_requests_email_not_blank", sql`btrim(${t.email}) <> ''`),
    check("contact_requests_service_not_blank", sql`btrim(${t.service}) <> ''`),
    check("contact_requests_message_not_blank", sql`btrim(${t.message}) <> ''`),
    check("contact_requests_phone_not_blank", sql`${t.phone} is null or btrim(${t.phone}) <> ''`),
    // Newest first, with or without resolved ones.
    index("contact_requests_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("contact_requests_resolved_created_at_idx").on(
      t.isResolved,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Search over name, email, service and message as substrings.
    index("contact_requests_search_trgm_idx").using(
      "gin",
      sql`${contactRequestSearchText(t)} gin_trgm_ops`,
    ),
  ],
);

type SearchColumns = {
  name: AnyPgColumn;
  email: AnyPgColumn;
  service: AnyPgColumn;
  message: AnyPgColumn;
};

/** The text the admin's search matches; queries use this exact expression (the index's). */
export function contactRequestSearchText(t: SearchColumns) {
  return sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.service} || ' ' || ${t.message})`;
}
