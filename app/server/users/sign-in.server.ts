import type { AppServices } from "../context.server.ts";
import { authenticate, normalizeEmail, registerUser } from "./accounts.server.ts";
import { createSession, deleteSessionByToken } from "./session.server.ts";

/*
 * Sign-in and Create Account with brute-force limits (issue 6): failed sign-ins count per
 * e-mail and per client address; a blocked caller gets "Too many attempts" without the
 * password even being checked, so guessing stops for the rest of the window.
 */

export type SignInOutcome =
  | { kind: "signed-in"; userId: string; token: string }
  | { kind: "invalid" }
  | { kind: "denied" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

type Services = Pick<AppServices, "db" | "rateLimits">;

export async function signIn(
  { db, rateLimits }: Services,
  input: { email: string; password: string; clientAddress: string; previousToken?: string | null },
): Promise<SignInOutcome> {
  const emailKey = normalizeEmail(input.email);
  for (const [rule, key] of [
    ["loginFailuresPerEmail", emailKey],
    ["loginFailuresPerAddress", input.clientAddress],
  ] as const) {
    const state = await rateLimits.check(rule, key);
    if (!state.allowed) return { kind: "rate-limited", retryAfterSeconds: state.retryAfterSeconds };
  }

  const result = await authenticate(db, input.email, input.password);
  if (!result.ok) {
    await rateLimits.consume("loginFailuresPerEmail", emailKey);
    await rateLimits.consume("loginFailuresPerAddress", input.clientAddress);
    return { kind: "invalid" };
  }
  await rateLimits.reset("loginFailuresPerEmail", emailKey);
  // Rotation: whatever session the browser carried before is ended. Spec §4: sign-in
  // succeeds only for an admin; anyone else is "signed out again and denied", so the
  // browser is left with no session at all.
  if (input.previousToken) await deleteSessionByToken(db, input.previousToken);
  if (!result.isAdmin) return { kind: "denied" };

  const { token } = await createSession(db, result.userId);
  return { kind: "signed-in", userId: result.userId, token };
}

export type SignUpOutcome =
  | { kind: "registered" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * Create Account: a regular user, nothing signed in. An e-mail that already has an account
 * gets the same answer as a new one (no account enumeration).
 */
export async function signUp(
  { db, rateLimits }: Services,
  input: { email: string; password: string; clientAddress: string },
): Promise<SignUpOutcome> {
  for (const [rule, key] of [
    ["signupPerEmail", normalizeEmail(input.email)],
    ["signupPerAddress", input.clientAddress],
  ] as const) {
    const allowed = await rateLimits.consume(rule, key);
    if (!allowed.allowed)
      return { kind: "rate-limited", retryAfterSeconds: allowed.retryAfterSeconds };
  }
  await registerUser(db, input.email, input.password);
  return { kind: "registered" };
}

/** "Too many attempts, try again in N minutes" (rounded up, at least 1). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
