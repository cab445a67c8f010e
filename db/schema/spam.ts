import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";

/*
 * Spam handling of the public forms (decisions 016, 020 and 015).
 */

/**
 * Form stamps already used, per form kind (quote, contact, newsletter, checkout): a stamp
 * carries a random nonce and is accepted once per kind. A row is needed only until the stamp
 * is too old to be accepted anyway (`expires_at`), then it is deleted.
 */
export const usedFormStamps = pgTable(
  "used_form_stamps",
  {
    form: text("form").notNull(),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.form, t.nonce] }),
    index("used_form_stamps_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Submissions of the quote, contact and newsletter forms that looked like a script (sent
 * faster than a person types, with an expired, reused or missing stamp) but may be a person:
 * kept here, not e-mailed, until an admin releases (the normal path, then) or deletes them.
 * `payload` is the form's checked input, as the normal path takes it.
 */
export const heldSubmissions = pgTable(
  "held_submissions",
  {
    id: idColumn(),
    form: text("form").notNull(),
    reason: text("reason").notNull(),
    name: text("name"),
    email: text("email").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("held_submissions_form_known", sql`${t.form} in ('quote', 'contact', 'newsletter')`),
    check(
      "held_submissions_reason_known",
      sql`${t.reason} in ('too-fast', 'expired', 'reused', 'bad-stamp')`,
    ),
    index("held_submissions_form_created_at_idx").on(t.form, t.createdAt.desc(), t.id.desc()),
    index("held_submissions_created_at_idx").on(t.createdAt),
  ],
);

/** How many submissions of each form got each verdict, per day (Johannesburg): the admin's counters. */
export const formVerdictCounts = pgTable(
  "form_verdict_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    form: text("form").notNull(),
    verdict: text("verdict").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.form, t.verdict] })],
);
