import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { passwordResets, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AppServices } from "../context.server.ts";
import {
  PASSWORD_RESET_MINUTES,
  passwordChangedMessage,
  passwordResetMessage,
} from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { findUserByEmail, isAdmin, normalizeEmail, replacePassword } from "./accounts.server.ts";
import { isCommonPassword } from "./password-policy.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { createSession, type SessionOrigin } from "./session.server.ts";
import { hasTwoStepSignIn } from "./two-step.server.ts";
import { startPendingSignIn } from "./two-step-sign-in.server.ts";

/*
 * "Forgot password?" (docs/product.md §3.14). A request always gets the same answer, and the
 * same work is done whether or not the address has an account (a random token, its SHA-256,
 * the e-mail rendered, one transaction), and the answer is held to a floor of time, so neither
 * the page nor its timing says which. The
 * link holds a random 32-byte token; only its SHA-256 is stored. It works once, for 30
 * minutes; a newer link replaces an older unused one. Using it sets the password, ends every
 * session of the account and signs the browser in (an admin's).
 */

type Services = Pick<AppServices, "db" | "env" | "rateLimits" | "clock" | "business">;

export const PASSWORD_RESET_MS = PASSWORD_RESET_MINUTES * 60 * 1000;

/** Who the audit log names for a request nobody is signed in for. */
const RESET_FORM_ACTOR: AuditActor = { userId: null, email: "password reset form" };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashResetToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The page a reset link opens; the token is its last segment. */
export function resetUrl(env: Pick<AppServices["env"], "PUBLIC_URL">, token: string): string {
  return `${env.PUBLIC_URL}/admin/reset-password/${token}`;
}

/**
 * The least time a "Forgot password?" answer takes. The work for an account (a few more rows
 * in its transaction) took 84 ms against 39 ms for an unknown address on PGlite, 41 against
 * 29 on PostgreSQL (medians of 30, on a loaded machine): enough to tell them apart. Both
 * answers are held to this floor, well above either.
 */
export const RESET_ANSWER_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ResetRequestOutcome =
  | { kind: "answered" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/** "Forgot password?": e-mails a link when the address has an account; answers alike either way. */
export async function requestPasswordReset(
  services: Services,
  input: { email: string; clientAddress: string },
): Promise<ResetRequestOutcome> {
  const { db, env, rateLimits } = services;
  for (const [rule, key] of [
    ["passwordResetPerAddress", input.clientAddress],
    ["passwordResetPerEmail", normalizeEmail(input.email)],
  ] as const) {
    const state = await rateLimits.consume(rule, key);
    if (!state.allowed) return { kind: "rate-limited", retryAfterSeconds: state.retryAfterSeconds };
  }
  const started = performance.now();
  const now = services.clock();
  // The same work on both paths: the token, its hash and the message are made either way.
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = hashResetToken(token);
  const user = await findUserByEmail(db, input.email);
  const message = passwordResetMessage(await withBusinessDetails(services), {
    to: user?.email ?? normalizeEmail(input.email),
    resetUrl: resetUrl(env, token),
    clientAddress: input.clientAddress,
  });
  await db.transaction(async (tx) => {
    // Housekeeping on both paths: links past their time are of no use to anyone.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    if (!user) return;
    await storeResetLink(tx, {
      userId: user.id,
      tokenHash,
      now,
      actor: RESET_FORM_ACTOR,
      from: input.clientAddress,
    });
    await queueMessages(tx, message);
  });
  // The same time on both paths (RESET_ANSWER_MS).
  await sleep(Math.max(0, started + RESET_ANSWER_MS - performance.now()));
  return { kind: "answered" };
}

/** The link's row (a newer one replaces older unused ones) and its audit record. */
async function storeResetLink(
  tx: AppServices["db"],
  input: { userId: string; tokenHash: string; now: Date; actor: AuditActor; from: string },
) {
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    userId: input.userId,
    tokenHash: input.tokenHash,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + PASSWORD_RESET_MS),
  });
  await recordAudit(tx, input.actor, {
    action: "user.password-reset-request",
    entity: "user",
    entityId: input.userId,
    details: { from: input.from },
  });
}

/**
 * A reset link made by the operator (`npm run admin -- reset-password <email>`): the same
 * single-use, 30-minute link as "Forgot password?" gives, returned to be handed over instead
 * of e-mailed, and audited as the actor. Null when the address has no account.
 */
export async function issueResetLink(
  services: Pick<AppServices, "db" | "env" | "clock">,
  input: { email: string; actor: AuditActor },
): Promise<string | null> {
  const user = await findUserByEmail(services.db, input.email);
  if (!user) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  const now = services.clock();
  await services.db.transaction((tx) =>
    storeResetLink(tx, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      now,
      actor: input.actor,
      from: input.actor.email,
    }),
  );
  return resetUrl(services.env, token);
}

export type ResetLinkState = "valid" | "expired" | "used" | "unknown";

/** What a link's page shows: the form, or why the link no longer works. */
export async function resetLinkState(
  services: Pick<AppServices, "db" | "clock">,
  token: string,
): Promise<ResetLinkState> {
  if (!TOKEN.test(token)) return "unknown";
  const [row] = await services.db
    .select({ expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashResetToken(token)))
    .limit(1);
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() <= services.clock().getTime() ? "expired" : "valid";
}

export type ResetOutcome =
  | {
      kind: "reset";
      userId: string;
      /** A new session for an admin without two-step sign-in. */
      sessionToken: string | null;
      /**
       * An admin with two-step sign-in gets no session from a link (an e-mail inbox is not
       * the second factor): a pending sign-in whose code comes next (§3.15).
       */
      pendingToken: string | null;
    }
  | { kind: "common" }
  | { kind: "link"; state: Exclude<ResetLinkState, "valid"> };

/**
 * Sets a new password through a link: the link is marked used in the same statement that
 * checks it (so two tabs cannot both use it), every session of the account ends, and an admin
 * gets a new session for this browser.
 */
export async function resetPassword(
  services: Services,
  input: { token: string; newPassword: string; clientAddress: string; origin: SessionOrigin },
): Promise<ResetOutcome> {
  const state = await resetLinkState(services, input.token);
  if (state !== "valid") return { kind: "link", state };
  if (isCommonPassword(input.newPassword)) return { kind: "common" };
  // Argon2 work outside the transaction: it holds no locks while hashing.
  const passwordHash = await hashPassword(input.newPassword);
  const now = services.clock();
  const tokenHash = hashResetToken(input.token);
  const mail = await withBusinessDetails(services);
  return services.db.transaction(async (tx): Promise<ResetOutcome> => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) return { kind: "link", state: "used" };
    // The row's foreign key deletes it with its user, so the user is there.
    const user = await findUserById(tx, used.userId);
    await replacePassword(tx, used.userId, passwordHash);
    // Any other link of the account is of no use any more.
    await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, used.userId),
          or(isNull(passwordResets.usedAt), lt(passwordResets.expiresAt, now)),
        ),
      );
    await recordAudit(
      tx,
      { userId: used.userId, email: user.email },
      { action: "user.password-reset", entity: "user", entityId: used.userId },
    );
    await queueMessages(
      tx,
      passwordChangedMessage(mail, {
        to: user.email,
        at: now,
        clientAddress: input.clientAddress,
        how: "reset",
      }),
    );
    if (!(await isAdmin(tx, used.userId))) {
      return { kind: "reset", userId: used.userId, sessionToken: null, pendingToken: null };
    }
    if (await hasTwoStepSignIn(tx, used.userId)) {
      const pendingToken = await startPendingSignIn(
        { db: tx, clock: services.clock },
        { userId: used.userId, redirectTo: "/admin/dashboard" },
      );
      return { kind: "reset", userId: used.userId, sessionToken: null, pendingToken };
    }
    const sessionToken = (await createSession(tx, used.userId, now, input.origin)).token;
    return { kind: "reset", userId: used.userId, sessionToken, pendingToken: null };
  });
}

async function findUserById(db: AppServices["db"], id: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!user) throw new Error("password reset for a user that no longer exists");
  return user;
}
