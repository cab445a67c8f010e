import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

/**
 * Where an address stands (docs/product.md §3.10 "States"): awaiting confirmation until the
 * link in its confirmation e-mail is used (double opt-in, POPIA consent), then subscribed;
 * unsubscribed and bounced rows are kept as the record that no more mail may go there.
 */
export const SUBSCRIBER_STATUSES = ["pending", "subscribed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: idColumn(),
    email: text("email").notNull(),
    /**
     * The address in lower case, kept by the database: the admin's search reads it with LIKE
     * (what ILIKE does to both sides, without lower-casing every candidate row again): a
     * common fragment among 100,000 subscribers ("gmail", 44,000 matches) is counted in 18 ms
     * instead of 30 (decision 009).
     */
    emailLower: text("email_lower").generatedAlwaysAs(sql`lower(email)`),
    // POPIA consent record: which form, and the wording the subscriber saw.
    consentSource: text("consent_source").notNull().default("unknown"),
    consentText: text("consent_text").notNull().default(""),
    createdAt: createdAt(),
    /** Rows from before confirmation existed were single opt-in: they stay subscribed. */
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("subscribed"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    /** When the person used the confirmation link (null: never, or single opt-in). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** SHA-256 of the pending confirmation link's token; cleared once used (single use). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the last confirmation e-mail was queued: the link expires 7 days later. */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // One subscription per address regardless of letter case (docs/product.md §8.1 'Already subscribed'; code 23505).
    uniqueIndex("newsletter_subscribers_email_lower_unique").on(sql`lower(${t.email})`),
    check("newsletter_subscribers_email_not_blank", sql`btrim(${t.email}) <> ''`),
    check(
      "newsletter_subscribers_status_known",
      sql`${t.status} in ('pending', 'subscribed', 'unsubscribed', 'bounced')`,
    ),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("newsletter_subscribers_email_lower_trgm_idx").using(
      "gin",
      sql`${t.emailLower} gin_trgm_ops`,
    ),
    // Counts per state, the state filter, and finding unconfirmed rows that have expired.
    index("newsletter_subscribers_status_idx").on(t.status, t.statusChangedAt),
    uniqueIndex("newsletter_subscribers_confirm_token_unique")
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
  ],
);

/**
 * A newsletter's life (docs/product.md §3.10 "Newsletters"): written as a draft, then sending
 * (or scheduled for a time), paused and resumed at will, and sent once every message is
 * finished. Only a draft can be edited.
 */
export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "paused", "sent"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const newsletters = pgTable(
  "newsletters",
  {
    id: idColumn(),
    subject: text("subject").notNull().default(""),
    /** The line mail clients show after the subject. */
    preheader: text("preheader").notNull().default(""),
    /** The body in the small Markdown of newsletter-markdown.server.ts. */
    body: text("body").notNull().default(""),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("draft"),
    /** Messages per minute; null sends as fast as the outbox can (the benchmark's setting). */
    ratePerMinute: integer("rate_per_minute").default(60),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** How many subscribed addresses it was queued for when sending started. */
    recipients: integer("recipients"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "newsletters_status_known",
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'paused', 'sent')`,
    ),
    check(
      "newsletters_rate_range",
      sql`${t.ratePerMinute} is null or ${t.ratePerMinute} between 1 and 6000`,
    ),
    check(
      "newsletters_scheduled_has_time",
      sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`,
    ),
    index("newsletters_created_at_idx").on(t.createdAt.desc()),
    // The outbox worker starts scheduled newsletters when their time comes.
    index("newsletters_scheduled_idx").on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
  ],
);
