import type { AppServices } from "../context.server.ts";
import { authenticate, normalizeEmail, registerUser } from "./accounts.server.ts";
import { createSession, deleteSessionByToken } from "./session.server.ts";
import { hasTwoStepSignIn } from "./two-step.server.ts";
import { startPendingSignIn } from "./two-step-sign-in.server.ts";

/*
 * Sign-in and Create Account with brute-force limits (decision 006).
 *
 * Every attempt is counted before its password is checked, and the count is one atomic step
 * (an in-memory counter, or one upsert on PostgreSQL), so parallel guesses cannot all slip in
 * before the first failure is recorded. Hard limits are per client address and per e-mail
 * from that address: whoever guesses only blocks themself. Across addresses an e-mail is
 * slowed down, never blocked, so a stranger cannot keep its owner out.
 */

export type SignInOutcome =
  | { kind: "signed-in"; userId: string; token: string }
  /** The password was right; the code comes next (docs/product.md §3.15): no session yet. */
  | { kind: "two-step"; userId: string; pendingToken: string }
  | { kind: "invalid" }
  | { kind: "denied" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

type Services = Pick<AppServices, "db" | "rateLimits" | "clock">;

/** The longest an attempt waits before its password is checked (the slow-down's cap). */
export const MAX_SIGN_IN_DELAY_SECONDS = 10;

/**
 * How long the `attempt`-th sign-in for one e-mail in the window waits before its password is
 * checked: nothing for the first `freeAttempts`, then 1, 2, 4, 8 s … up to the cap.
 */
export function signInDelaySeconds(attempt: number, freeAttempts: number): number {
  if (attempt <= freeAttempts) return 0;
  return Math.min(2 ** (attempt - freeAttempts - 1), MAX_SIGN_IN_DELAY_SECONDS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signIn(
  services: Services,
  input: {
    email: string;
    password: string;
    clientAddress: string;
    previousToken?: string | null;
    /** The browser's User-Agent, kept with the session for the account page's list. */
    userAgent?: string | null;
    /** Where a two-step sign-in goes once its code is in (already checked as same-site). */
    redirectTo?: string;
  },
): Promise<SignInOutcome> {
  const { db, rateLimits } = services;
  const emailKey = normalizeEmail(input.email);
  const emailFromAddress = `${emailKey}|${input.clientAddress}`;
  // Counted first: the attempt is on the books before any password is checked.
  for (const [rule, key] of [
    ["loginFailuresPerAddress", input.clientAddress],
    ["loginFailuresPerEmailAndAddress", emailFromAddress],
  ] as const) {
    const state = await rateLimits.consume(rule, key);
    if (!state.allowed) return { kind: "rate-limited", retryAfterSeconds: state.retryAfterSeconds };
  }
  const attempt = await rateLimits.count("loginSlowdownPerEmail", emailKey);
  const delay = signInDelaySeconds(attempt, rateLimits.points("loginSlowdownPerEmail"));
  if (delay > 0) await sleep(delay * 1000);

  const result = await authenticate(db, input.email, input.password);
  if (!result.ok) return { kind: "invalid" };
  // The right password: this attempt was no failure.
  await rateLimits.reset("loginFailuresPerEmailAndAddress", emailFromAddress);
  await rateLimits.reset("loginSlowdownPerEmail", emailKey);
  await rateLimits.refund("loginFailuresPerAddress", input.clientAddress);
  // Rotation: whatever session the browser carried before is ended. docs/product.md §5.3: sign-in
  // succeeds only for an admin; anyone else is "signed out again and denied", so the
  // browser is left with no session at all.
  if (input.previousToken) await deleteSessionByToken(db, input.previousToken);
  if (!result.isAdmin) return { kind: "denied" };
  if (await hasTwoStepSignIn(db, result.userId)) {
    const pendingToken = await startPendingSignIn(services, {
      userId: result.userId,
      redirectTo: input.redirectTo ?? "/admin/dashboard",
    });
    return { kind: "two-step", userId: result.userId, pendingToken };
  }

  const { token } = await createSession(db, result.userId, new Date(), {
    userAgent: input.userAgent,
    clientAddress: input.clientAddress,
  });
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
  { db, rateLimits }: Pick<AppServices, "db" | "rateLimits">,
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
  await registerUser(db, input.email, input.password, { requestsAccessAt: new Date() });
  return { kind: "registered" };
}

/** "Too many attempts, try again in N minutes" (rounded up, at least 1). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
