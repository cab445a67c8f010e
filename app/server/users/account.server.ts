import Bowser from "bowser";
import { and, asc, desc, eq, gt, ne } from "drizzle-orm";
import type { AccountSession } from "#app/lib/account.ts";
import { sessions, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AppServices } from "../context.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { passwordChangedMessage, sessionsEndedMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { replacePassword } from "./accounts.server.ts";
import { isCommonPassword } from "./password-policy.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import type { SessionUser } from "./session.server.ts";

/*
 * An admin's own account (docs/product.md §3.13): change the password, see where the account
 * is signed in, and sign other sessions out. Each change is one transaction with its audit
 * record and the e-mail to the account's owner (decision 009).
 */

type Services = Pick<AppServices, "db" | "env" | "rateLimits" | "clock" | "business">;

export type ChangePasswordOutcome =
  | { kind: "changed" }
  | { kind: "wrong-current" }
  | { kind: "common" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

const actorOf = (user: SessionUser): AuditActor => ({ userId: user.userId, email: user.email });

/**
 * Changes the signed-in user's password: the current one must be right (counted like a
 * sign-in, so a borrowed session cannot guess it), the new one must not be a common one.
 * Every other session of the user ends; this one stays.
 */
export async function changeOwnPassword(
  services: Services,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string; clientAddress: string },
): Promise<ChangePasswordOutcome> {
  const { db, rateLimits } = services;
  const limit = await rateLimits.consume("passwordChangePerUser", user.userId);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.userId))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    return { kind: "wrong-current" };
  }
  // The right current password: this attempt was no failure.
  await rateLimits.refund("passwordChangePerUser", user.userId);
  if (isCommonPassword(input.newPassword)) return { kind: "common" };
  // Argon2 work outside the transaction: it holds no locks while hashing.
  const passwordHash = await hashPassword(input.newPassword);
  const at = services.clock();
  const mail = await withBusinessDetails(services);
  await db.transaction(async (tx) => {
    await replacePassword(tx, user.userId, passwordHash, user.sessionId);
    await recordAudit(tx, actorOf(user), {
      action: "user.password-change",
      entity: "user",
      entityId: user.userId,
    });
    await queueMessages(
      tx,
      passwordChangedMessage(mail, {
        to: user.email,
        at,
        clientAddress: input.clientAddress,
        how: "changed",
      }),
    );
  });
  return { kind: "changed" };
}

/** "Chrome 130 on Windows 10" from a User-Agent; the browser's major version only. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ""}`
    : "Unknown browser";
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ""}`
    : null;
  return os ? `${browser} on ${os}` : browser;
}

/** The user's live sessions, this one first, then the most recently seen. */
export async function listAccountSessions(
  services: Pick<AppServices, "db" | "clock">,
  user: SessionUser,
): Promise<AccountSession[]> {
  const rows = await services.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      clientAddress: sessions.clientAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.userId), gt(sessions.expiresAt, services.clock())))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      clientAddress: row.clientAddress,
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === user.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out one of the user's other sessions. Another user's session, or this one (which
 * Sign Out ends), is "not-found": nothing changes.
 */
export async function endOtherSession(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  user: SessionUser,
  input: { sessionId: string; clientAddress: string },
): Promise<"ended" | "not-found"> {
  if (input.sessionId === user.sessionId) return "not-found";
  const mail = { env: await withBusinessDetails(services), clock: services.clock };
  return services.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, user.userId)))
      .returning({ id: sessions.id });
    if (ended.length === 0) return "not-found";
    await recordSessionsEnded(tx, mail, user, ended.length, input.clientAddress);
    return "ended";
  });
}

/** The audit record and the owner's e-mail of signed-out sessions, in the change's transaction. */
async function recordSessionsEnded(
  tx: AppServices["db"],
  services: { env: MailEnv; clock: () => Date },
  user: SessionUser,
  count: number,
  clientAddress: string,
) {
  await recordAudit(tx, actorOf(user), {
    action: "user.session-end",
    entity: "user",
    entityId: user.userId,
    details: { sessions: count },
  });
  await queueMessages(
    tx,
    sessionsEndedMessage(services.env, {
      to: user.email,
      at: services.clock(),
      clientAddress,
      count,
    }),
  );
}

/** "Sign out everywhere else": every session of the user but this one. */
export async function endAllOtherSessions(
  services: Pick<AppServices, "db" | "env" | "clock" | "business">,
  user: SessionUser,
  input: { clientAddress: string },
): Promise<number> {
  const mail = { env: await withBusinessDetails(services), clock: services.clock };
  return services.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.userId), ne(sessions.id, user.sessionId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordSessionsEnded(tx, mail, user, ended.length, input.clientAddress);
    }
    return ended.length;
  });
}
