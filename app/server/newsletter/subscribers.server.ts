import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { NewsletterSource } from "#app/lib/validation/newsletter.ts";
import { newsletterSubscribers } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.server.ts";
import type { Env } from "../env.server.ts";
import { forgetMessagesAbout } from "../notifications/admin.server.ts";
import { newSubscriberMessages } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";

type NewsletterEnv = Pick<Env, "NOTIFY_EMAIL" | "PUBLIC_URL" | "SESSION_SECRET">;

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

// ---- Subscribe / unsubscribe ---------------------------------------------------------------

export type SubscribeResult = { status: "subscribed"; id: string } | { status: "already" };

/**
 * Adds a subscriber with the POPIA consent record (which form, the wording shown; the time
 * is created_at) and, in the same transaction, the company notice and the welcome e-mail
 * with its unsubscribe link. A duplicate address in any letter case (unique index on
 * lower(email), code 23505) stores nothing and answers "already" (docs/product.md §8.1).
 */
export async function subscribe(
  db: Database,
  env: NewsletterEnv,
  input: { email: string; source: NewsletterSource; consentText: string },
): Promise<SubscribeResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(newsletterSubscribers)
        .values({
          email: input.email,
          consentSource: input.source,
          consentText: input.consentText,
        })
        .returning({ id: newsletterSubscribers.id });
      await queueMessages(
        tx,
        newSubscriberMessages(env, {
          email: input.email,
          unsubscribeUrl: unsubscribeUrl(env, input.email),
        }),
      );
      return { status: "subscribed" as const, id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already" };
    throw error;
  }
}

/** The messages about a subscription: erased with it (POPIA). */
export const NEWSLETTER_MESSAGE_KINDS = ["newsletter.company", "newsletter.welcome"] as const;

/** Whether the address (any letter case) is on the newsletter. */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** Removes the address (any letter case). Returns whether a subscription existed. */
export async function unsubscribe(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)
      .returning({ id: newsletterSubscribers.id });
    if (removed.length > 0) await forgetMessagesAbout(tx, email, NEWSLETTER_MESSAGE_KINDS);
    return removed.length > 0;
  });
}
