import { and, count, desc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { OutboxEntry } from "#app/lib/outbox.ts";
import { type NotificationStatus, notifications } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { type MessageKind, OUTBOX_CHANNEL } from "./outbox.server.ts";

/*
 * What the admin 'E-mail' page shows and does (decision 003, beyond the original): the recent
 * outbox with status, attempts and last error, a retry for failed messages, and the count the
 * dashboard warns about.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The newest messages first (bodies left out), optionally only those with one status. */
export async function listRecentMessages(
  db: Database,
  options: { limit?: number; status?: NotificationStatus } = {},
): Promise<OutboxEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      recipient: notifications.recipient,
      subject: notifications.subject,
      status: notifications.status,
      attempts: notifications.attempts,
      lastError: notifications.lastError,
      createdAt: notifications.createdAt,
      sentAt: notifications.sentAt,
      nextAttemptAt: notifications.nextAttemptAt,
    })
    .from(notifications)
    .where(options.status ? eq(notifications.status, options.status) : undefined)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export type RetryResult = "retried" | "not-found" | "not-failed";

/**
 * Puts a failed message back in the queue with a fresh set of attempts, due now, and wakes
 * the workers when the caller's transaction commits. Its last error stays visible until it is
 * sent. An unknown or malformed id is "not-found" (the route answers 404); a message that is
 * not failed is left alone.
 */
export async function retryFailedMessage(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<RetryResult> {
  if (!UUID.test(id)) return "not-found";
  const updated = await db
    .update(notifications)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.status, "failed")))
    .returning({ id: notifications.id });
  if (updated.length > 0) {
    await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return "retried";
  }
  const [exists] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.id, id));
  return exists ? "not-failed" : "not-found";
}

export interface OutboxHealth {
  /** Gave up: needs the admin (retry, or fix the address or the SMTP settings). */
  failed: number;
  /** Not delivered yet and at least one try failed: SMTP may be down. */
  retrying: number;
}

/** The numbers behind the dashboard's warning. */
export async function countFailingMessages(db: Database): Promise<OutboxHealth> {
  const rows = await db
    .select({ status: notifications.status, n: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.status, ["failed", "pending", "sending"]),
        isNotNull(notifications.lastError),
      ),
    )
    .groupBy(notifications.status);
  const of = (status: NotificationStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return { failed: of("failed"), retrying: of("pending") + of("sending") };
}

// A Record over MessageKind: a kind added to the outbox without a label here does not compile.
const KIND_LABELS: Record<MessageKind, string> = {
  "quote.company": "Quote request to the office",
  "contact.company": "Contact message to the office",
  "newsletter.company": "New subscriber to the office",
  "newsletter.welcome": "Welcome to a subscriber",
  "newsletter.confirm": "Subscription confirmation link",
  "newsletter.issue": "Newsletter to a subscriber",
  "newsletter.test": "Newsletter test, to the admin",
  "order.company": "New order to the office",
  "order.customer": "Order confirmation",
  "order.shipped": "Order shipped, to the customer",
  "order.cancelled": "Order cancelled, to the customer",
  "order.payment_arranged": "How to pay, to the customer",
  "order.payment_received": "Payment received, to the customer",
  "quote.reply": "Reply to a quote request",
  "account.password_changed": "Password changed, to the admin",
  "account.password_reset": "Password reset link, to the admin",
  "account.sessions_ended": "Sessions signed out, to the admin",
  "account.two_step_on": "Two-step sign-in turned on, to the admin",
  "account.two_step_off": "Two-step sign-in turned off, to the admin",
  "account.recovery_code_used": "Recovery code used, to the admin",
  "account.passkey_changed": "Passkey added or removed, to the admin",
};

/** What a message is, in words for the admin (unknown kinds show as stored). */
export function messageKindLabel(kind: string): string {
  return Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind as MessageKind] : kind;
}

/** The E-mail page's status filter from the query string; anything else means all. */
export function parseOutboxFilter(value: string | null): NotificationStatus | null {
  return value === "failed" || value === "pending" || value === "sent" || value === "sending"
    ? value
    : null;
}

/** How long the outbox keeps a copy of a message once it is finished (sent or failed). */
export const OUTBOX_RETENTION_DAYS = 90;

/**
 * Data minimisation (POPIA): deletes finished messages older than the retention period. The
 * copies exist to show delivery on the E-mail page, not as an archive.
 */
export async function pruneFinishedMessages(
  db: Database,
  now: Date = new Date(),
  days = OUTBOX_RETENTION_DAYS,
): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.status, "sent"), lt(notifications.sentAt, before)),
        and(
          inArray(notifications.status, ["failed", "cancelled"]),
          lt(notifications.createdAt, before),
        ),
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}

/**
 * Erasure (POPIA): deletes the outbox's copies of the given kinds of message that were sent to
 * an address or that name it (e.g. the office's notice of a quote request), sent or not yet
 * sent. Call it in the transaction that erases the person's record.
 */
export async function forgetMessagesAbout(
  db: Database,
  email: string,
  kinds: readonly string[],
): Promise<number> {
  const address = email.trim().toLowerCase();
  if (!address || kinds.length === 0) return 0;
  const deleted = await db
    .delete(notifications)
    .where(
      and(
        inArray(notifications.kind, [...kinds]),
        or(
          eq(sql`lower(${notifications.recipient})`, address),
          sql`strpos(lower(${notifications.textBody}), ${address}) > 0`,
        ),
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}
