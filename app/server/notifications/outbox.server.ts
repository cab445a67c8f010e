import { sql } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/**
 * Every kind of message the site sends (messages.server.ts), as stored in
 * `notifications.kind`. The admin's E-mail page names each one (admin.server.ts), and the
 * compiler holds the two lists together.
 */
export const MESSAGE_KINDS = [
  "quote.company",
  "contact.company",
  "newsletter.company",
  "newsletter.welcome",
  "newsletter.confirm",
  "newsletter.issue",
  "newsletter.test",
  "order.company",
  "order.customer",
  "order.shipped",
  "order.cancelled",
  "order.payment_arranged",
  "order.payment_received",
  "quote.reply",
  "account.password_changed",
  "account.password_reset",
  "account.sessions_ended",
  "account.two_step_on",
  "account.two_step_off",
  "account.recovery_code_used",
  "account.passkey_changed",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One e-mail to send later. Bodies are already rendered and escaped. */
export interface OutgoingMessage {
  /** What the message is, e.g. "quote.company" or "order.customer" (listed in the admin). */
  kind: MessageKind;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * The LISTEN/NOTIFY channel that wakes outbox workers. PostgreSQL (and PGlite) deliver a
 * NOTIFY only when its transaction commits, and never after a rollback, so a worker that
 * hears it always finds the rows (decision 003).
 */
export const OUTBOX_CHANNEL = "outbox_ready";

/**
 * Writes messages to the outbox. Call it with the transaction that writes the business row,
 * so the row and its e-mails commit together (or not at all). The worker delivers them, woken
 * by the NOTIFY sent here as soon as the transaction commits.
 */
export async function enqueueMessages(db: Database, messages: OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(notifications).values(
    messages.map((message) => ({
      kind: message.kind,
      recipient: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      headers: message.headers ?? {},
    })),
  );
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Writes one message or several in the caller's transaction (see enqueueMessages). */
export async function queueMessages(db: Database, messages: OutgoingMessage | OutgoingMessage[]) {
  await enqueueMessages(db, Array.isArray(messages) ? messages : [messages]);
}
