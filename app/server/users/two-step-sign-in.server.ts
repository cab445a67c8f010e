import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie } from "react-router";
import { pendingSignIns } from "#db/schema/index.ts";
import type { AppServices } from "../context.server.ts";
import type { Database } from "../db/client.server.ts";
import { type Env, isServedOverHttps } from "../env.server.ts";
import { HOST_COOKIE_PREFIX, TWO_STEP_COOKIE } from "../http/cookie-names.server.ts";
import { isAdmin } from "./accounts.server.ts";
import { createSession, type SessionOrigin } from "./session.server.ts";
import { normaliseRecoveryCode, spendRecoveryCode, spendTotpCode } from "./two-step.server.ts";

/*
 * Sign-in's second step (docs/product.md §3.15, decision 035). A right password of an account
 * with two-step sign-in makes no session: it makes a pending sign-in, a row keyed by the
 * SHA-256 of a random token that only the browser holds (an HttpOnly cookie), bound to the
 * account and valid 10 minutes by `services.clock`. A right code (or an unused recovery code)
 * turns it into a session once; wrong codes are counted per account and per address.
 */

/** How long the code can be entered after the password. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/** The pending sign-in's cookie: HttpOnly, SameSite=Lax, signed; `__Host-` over https. */
function twoStepCookie(env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">) {
  const key = `${env.SESSION_SECRET}|${env.PUBLIC_URL}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    const https = isServedOverHttps(env);
    cookie = createCookie(https ? `${HOST_COOKIE_PREFIX}${TWO_STEP_COOKIE}` : TWO_STEP_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: https,
      secrets: [env.SESSION_SECRET],
      maxAge: PENDING_SIGN_IN_MS / 1000,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

export function commitTwoStepCookie(
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">,
  token: string,
) {
  return twoStepCookie(env).serialize(token);
}

export function clearTwoStepCookie(env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">) {
  return twoStepCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function readTwoStepToken(
  request: Request,
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL">,
): Promise<string | null> {
  const value = await twoStepCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** After a right password: the pending sign-in, and the token for its cookie. */
export async function startPendingSignIn(
  services: Pick<AppServices, "db" | "clock">,
  input: { userId: string; redirectTo: string },
): Promise<string> {
  const now = services.clock();
  const token = crypto.randomBytes(32).toString("base64url");
  await services.db.transaction(async (tx) => {
    // Housekeeping: pending sign-ins past their time are of no use to anyone.
    await tx.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
    await tx.insert(pendingSignIns).values({
      id: hashToken(token),
      userId: input.userId,
      redirectTo: input.redirectTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
    });
  });
  return token;
}

/** The pending sign-in of a token, while it is valid. */
export async function findPendingSignIn(
  services: Pick<AppServices, "db" | "clock">,
  token: string,
): Promise<{ userId: string; redirectTo: string } | null> {
  const [row] = await services.db
    .select({ userId: pendingSignIns.userId, redirectTo: pendingSignIns.redirectTo })
    .from(pendingSignIns)
    .where(
      and(eq(pendingSignIns.id, hashToken(token)), gt(pendingSignIns.expiresAt, services.clock())),
    );
  return row ?? null;
}

export async function endPendingSignIn(db: Database, token: string) {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.id, hashToken(token)));
}

export type TwoStepSignInOutcome =
  | { kind: "signed-in"; sessionToken: string; redirectTo: string }
  | { kind: "wrong-code" }
  | { kind: "expired" }
  | { kind: "denied" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * The code after the password. Counted first (per account and per address), like a password;
 * a right code clears the account's count and ends the pending sign-in in the same statement
 * that checks it, so one pending sign-in makes one session.
 */
export async function completeTwoStepSignIn(
  services: Pick<AppServices, "db" | "env" | "rateLimits" | "clock" | "business">,
  input: { token: string; code: string; clientAddress: string; origin: SessionOrigin },
): Promise<TwoStepSignInOutcome> {
  const { db, rateLimits } = services;
  const pending = await findPendingSignIn(services, input.token);
  if (!pending) return { kind: "expired" };
  for (const [rule, key] of [
    ["twoStepFailuresPerAddress", input.clientAddress],
    ["twoStepFailuresPerUser", pending.userId],
  ] as const) {
    const state = await rateLimits.consume(rule, key);
    if (!state.allowed) return { kind: "rate-limited", retryAfterSeconds: state.retryAfterSeconds };
  }
  const code = input.code.trim();
  const right = normaliseRecoveryCode(code)
    ? await spendRecoveryCode(services, pending.userId, {
        code,
        clientAddress: input.clientAddress,
      })
    : await spendTotpCode(services, pending.userId, code);
  if (!right) return { kind: "wrong-code" };
  await rateLimits.reset("twoStepFailuresPerUser", pending.userId);
  await rateLimits.refund("twoStepFailuresPerAddress", input.clientAddress);
  const now = services.clock();
  return db.transaction(async (tx): Promise<TwoStepSignInOutcome> => {
    const ended = await tx
      .delete(pendingSignIns)
      .where(and(eq(pendingSignIns.id, hashToken(input.token)), gt(pendingSignIns.expiresAt, now)))
      .returning({ userId: pendingSignIns.userId, redirectTo: pendingSignIns.redirectTo });
    const row = ended[0];
    if (!row) return { kind: "expired" };
    // docs/product.md §5.3: only admins get a session (access may have been revoked meanwhile).
    if (!(await isAdmin(tx, row.userId))) return { kind: "denied" };
    // Sessions keep the real clock, as every session does (decision 006).
    const { token } = await createSession(tx, row.userId, undefined, input.origin);
    return { kind: "signed-in", sessionToken: token, redirectTo: row.redirectTo };
  });
}
