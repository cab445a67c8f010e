import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { BusinessDetails } from "#app/lib/business.ts";
import type { NewsletterSource } from "#app/lib/validation/newsletter.ts";
import { newsletterSubscribers } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.server.ts";
import type { Env } from "../env.server.ts";
import { forgetMessagesAbout } from "../notifications/admin.server.ts";
import {
  newSubscriberMessages,
  newsletterConfirmationMessage,
} from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";

type NewsletterEnv = Pick<Env, "PUBLIC_URL" | "SESSION_SECRET" | "NEWSLETTER_CONFIRM"> & {
  business: BusinessDetails;
};

// ---- Signed unsubscribe links -------------------------------------------------------------

function unsubscribeSignature(secret: string, email: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`unsubscribe:${email.toLowerCase()}`)
    .digest("base64url");
}

/** `<base64url(email)>.<hmac>`: only the site can make one, and it names one address. */
export function createUnsubscribeToken(secret: string, email: string): string {
  const encoded = Buffer.from(email.toLowerCase()).toString("base64url");
  return `${encoded}.${unsubscribeSignature(secret, email)}`;
}

/** The e-mail address a token was made for, or null when it is malformed or forged. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@")) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, email));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return email;
}

export function unsubscribeUrl(env: Pick<Env, "PUBLIC_URL" | "SESSION_SECRET">, email: string) {
  return `${env.PUBLIC_URL}/newsletter/unsubscribe/${createUnsubscribeToken(env.SESSION_SECRET, email)}`;
}

// ---- Confirmation links (double opt-in) ----------------------------------------------------

/** How long a confirmation link works (docs/product.md §3.10 "States"). */
export const CONFIRM_LINK_DAYS = 7;
/** Addresses never confirmed are removed this long after they were entered. */
export const UNCONFIRMED_KEPT_DAYS = 30;
/**
 * At most one confirmation e-mail per address in this time: someone typing a stranger's
 * address again and again does not fill that inbox (they are told it was sent all the same).
 */
export const CONFIRM_RESEND_MINUTES = 15;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the hash is stored: a copy of the database cannot confirm anyone. */
export function hashConfirmToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function confirmUrl(env: Pick<Env, "PUBLIC_URL">, token: string) {
  return `${env.PUBLIC_URL}/newsletter/confirm/${token}`;
}

// ---- Subscribe / unsubscribe ---------------------------------------------------------------

export type SubscribeResult =
  | { status: "subscribed"; id: string }
  /** Awaiting confirmation: the link is on its way (or was sent a moment ago). */
  | { status: "confirmation-sent"; id: string }
  | { status: "already" };

interface SubscribeInput {
  email: string;
  source: NewsletterSource;
  consentText: string;
}

/** Subscribed at once (single opt-in, or the link used): the company notice and the welcome. */
function welcomeMessages(env: NewsletterEnv, email: string) {
  return newSubscriberMessages(env, { email, unsubscribeUrl: unsubscribeUrl(env, email) });
}

/** A new token on the row and its e-mail, unless one went out a moment ago. */
async function sendConfirmation(
  tx: Database,
  env: NewsletterEnv,
  row: { id: string; email: string; confirmSentAt: Date | null },
  now: Date,
) {
  const recent =
    row.confirmSentAt &&
    now.getTime() - row.confirmSentAt.getTime() < CONFIRM_RESEND_MINUTES * 60_000;
  if (recent) return;
  const token = crypto.randomBytes(32).toString("base64url");
  await tx
    .update(newsletterSubscribers)
    .set({ confirmTokenHash: hashConfirmToken(token), confirmSentAt: now })
    .where(eq(newsletterSubscribers.id, row.id));
  await queueMessages(tx, [
    newsletterConfirmationMessage(env, { email: row.email, confirmUrl: confirmUrl(env, token) }),
  ]);
}

const SUBSCRIBER_STATE = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  confirmSentAt: newsletterSubscribers.confirmSentAt,
};

function findByEmail(tx: Database, email: string) {
  return tx
    .select(SUBSCRIBER_STATE)
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)
    .for("update")
    .limit(1);
}

/**
 * Adds an address with the POPIA consent record (which form, the wording shown; the time is
 * created_at), in one transaction with its e-mails. With confirmation on (NEWSLETTER_CONFIRM,
 * the default) it waits as "pending" and only a confirmation link is sent; otherwise it is
 * subscribed at once with the company notice and the welcome. An address already subscribed,
 * in any letter case, stores nothing and answers "already" (docs/product.md §8.1); one that
 * unsubscribed, bounced or never confirmed starts again, with a new consent record and a new
 * confirmation.
 */
export async function subscribe(
  db: Database,
  env: NewsletterEnv,
  input: SubscribeInput,
  now: Date = new Date(),
): Promise<SubscribeResult> {
  return db.transaction(async (tx) => {
    let [row] = await findByEmail(tx, input.email);
    if (!row) {
      // A concurrent insert of the same address loses on the unique index: read it then.
      const inserted = await tx
        .transaction((sp) =>
          sp
            .insert(newsletterSubscribers)
            .values({
              email: input.email,
              consentSource: input.source,
              consentText: input.consentText,
              status: env.NEWSLETTER_CONFIRM ? "pending" : "subscribed",
              statusChangedAt: now,
              confirmedAt: null,
            })
            .returning(SUBSCRIBER_STATE),
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return [];
          throw error;
        });
      if (inserted[0]) {
        if (!env.NEWSLETTER_CONFIRM) {
          await queueMessages(tx, welcomeMessages(env, input.email));
          return { status: "subscribed" as const, id: inserted[0].id };
        }
        await sendConfirmation(tx, env, inserted[0], now);
        return { status: "confirmation-sent" as const, id: inserted[0].id };
      }
      [row] = await findByEmail(tx, input.email);
      if (!row) throw new Error("newsletter: the address vanished while subscribing");
    }
    if (row.status === "subscribed") return { status: "already" as const };
    const restarted = row.status !== "pending";
    if (restarted) {
      // A new start is a new consent: the form and wording of this time, and its time.
      await tx
        .update(newsletterSubscribers)
        .set({
          consentSource: input.source,
          consentText: input.consentText,
          status: env.NEWSLETTER_CONFIRM ? "pending" : "subscribed",
          statusChangedAt: now,
          confirmedAt: null,
          confirmSentAt: null,
          confirmTokenHash: null,
        })
        .where(eq(newsletterSubscribers.id, row.id));
      if (!env.NEWSLETTER_CONFIRM) {
        await queueMessages(tx, welcomeMessages(env, row.email));
        return { status: "subscribed" as const, id: row.id };
      }
    } else if (!env.NEWSLETTER_CONFIRM) {
      // Confirmation was turned off while this address waited: the person asked again.
      await tx
        .update(newsletterSubscribers)
        .set({ status: "subscribed", statusChangedAt: now, confirmTokenHash: null })
        .where(eq(newsletterSubscribers.id, row.id));
      await queueMessages(tx, welcomeMessages(env, row.email));
      return { status: "subscribed" as const, id: row.id };
    }
    await sendConfirmation(tx, env, restarted ? { ...row, confirmSentAt: null } : row, now);
    return { status: "confirmation-sent" as const, id: row.id };
  });
}

/** A link that cannot be used: expired (after 7 days) or unknown (used, or never made). */
export type UnusableLink = { status: "expired" } | { status: "invalid" };
export type ConfirmResult = { status: "confirmed"; email: string } | UnusableLink;

/** What the confirmation page shows before the button is pressed. */
export async function readConfirmation(
  db: Database,
  token: string,
  now: Date,
): Promise<{ status: "valid"; email: string } | UnusableLink> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, sentAt: newsletterSubscribers.confirmSentAt })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashConfirmToken(token)),
        eq(newsletterSubscribers.status, "pending"),
      ),
    )
    .limit(1);
  if (!row) return { status: "invalid" };
  if (isExpired(row.sentAt, now)) return { status: "expired" };
  return { status: "valid", email: row.email };
}

function isExpired(sentAt: Date | null, now: Date) {
  return !sentAt || now.getTime() - sentAt.getTime() > CONFIRM_LINK_DAYS * DAY_MS;
}

/**
 * Uses a confirmation link: single use (the token's hash is cleared), within 7 days of its
 * e-mail; the address becomes subscribed and the company notice and the welcome go out in
 * the same transaction.
 */
export async function confirmSubscription(
  db: Database,
  env: NewsletterEnv,
  token: string,
  now: Date,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        sentAt: newsletterSubscribers.confirmSentAt,
      })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, hashConfirmToken(token)),
          eq(newsletterSubscribers.status, "pending"),
        ),
      )
      .for("update");
    if (!row) return { status: "invalid" as const };
    if (isExpired(row.sentAt, now)) return { status: "expired" as const };
    await tx
      .update(newsletterSubscribers)
      .set({ status: "subscribed", statusChangedAt: now, confirmedAt: now, confirmTokenHash: null })
      .where(eq(newsletterSubscribers.id, row.id));
    await queueMessages(tx, welcomeMessages(env, row.email));
    return { status: "confirmed" as const, email: row.email };
  });
}

/** Addresses entered but never confirmed within 30 days are removed (POPIA minimisation). */
export async function removeUnconfirmedSubscribers(db: Database, now: Date): Promise<number> {
  const expired = and(
    eq(newsletterSubscribers.status, "pending"),
    lt(
      newsletterSubscribers.statusChangedAt,
      new Date(now.getTime() - UNCONFIRMED_KEPT_DAYS * DAY_MS),
    ),
  );
  // Usually there is nothing to remove: one read, and no transaction opened for nothing.
  const [due] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(expired)
    .limit(1);
  if (!due) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(newsletterSubscribers)
      .where(expired)
      .returning({ email: newsletterSubscribers.email });
    for (const { email } of removed) {
      await forgetMessagesAbout(tx, email, NEWSLETTER_MESSAGE_KINDS);
    }
    return removed.length;
  });
}

/** The messages about a subscription: erased with it (POPIA). */
export const NEWSLETTER_MESSAGE_KINDS = [
  "newsletter.company",
  "newsletter.welcome",
  "newsletter.confirm",
] as const;

/** Whether newsletters may still go to the address (any letter case): subscribed or pending. */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
        sql`${newsletterSubscribers.status} in ('pending', 'subscribed')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Unsubscribes the address (any letter case): the row stays, marked "unsubscribed", as the
 * record that no newsletter may go there again without a new confirmed consent; its messages
 * are forgotten. Returns whether it was on the newsletter.
 */
export async function unsubscribe(
  db: Database,
  email: string,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", statusChangedAt: now, confirmTokenHash: null })
      .where(
        and(
          sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`,
          sql`${newsletterSubscribers.status} in ('pending', 'subscribed')`,
        ),
      )
      .returning({ id: newsletterSubscribers.id });
    if (changed.length > 0) await forgetMessagesAbout(tx, email, NEWSLETTER_MESSAGE_KINDS);
    return changed.length > 0;
  });
}
