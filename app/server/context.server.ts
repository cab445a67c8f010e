import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "./db/client.server.ts";
import type { Env } from "./env.server.ts";
import type { RateLimitRule, RateLimits } from "./http/rate-limit.server.ts";
import type { BusinessDetailsCache } from "./site/business-details.server.ts";
import type { FileStorage } from "./storage/storage.server.ts";

/**
 * What every loader and action can use, created once by server.ts and handed to React Router
 * through its context (never imported as module state, so one process can serve tests with
 * their own database).
 */
export interface AppServices {
  db: Database;
  /** Which database `db` is: the embedded PGlite or PostgreSQL (backups record it). */
  databaseKind: "pglite" | "postgres";
  env: Env;
  logger: Logger;
  /** Per-process rate limits; each feature registers its rules in RATE_LIMIT_RULES. */
  rateLimits: RateLimits<RateLimitName>;
  /** Uploaded files (product and category images): local disk under DATA_DIR/uploads. */
  storage: FileStorage;
  /**
   * The time rules about time read (a form's age, a confirm stamp's): the system clock in the
   * server, a clock the test moves in tests, so that nothing waits for real time to pass.
   */
  clock: () => Date;
  /**
   * The business details the owner edits (decision 042), as this process last read them:
   * `await services.business.get()`.
   */
  business: BusinessDetailsCache;
}

/** The system clock, for AppServices.clock. */
export const systemClock = () => new Date();

export const servicesContext = createContext<AppServices>();

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/**
 * Every rate limit of the site, in one place: generous for people, fatal for scripts.
 * Features add their rule here and consume it with `services.rateLimits.consume(name, key)`.
 */
export const RATE_LIMIT_RULES = {
  /** Any public form submission per client address. */
  publicForm: { points: 10, durationSeconds: 60 },
  /**
   * Checkout submissions per client address: a high ceiling, because many buyers share one
   * public address (a mobile carrier's NAT, an office); the per-buyer limits below are the
   * tight ones (decision 016).
   */
  checkout: { points: 30, durationSeconds: 600 },
  /** Orders per buyer e-mail address (any letter case): one order, a few retries. */
  checkoutPerBuyerEmail: { points: 5, durationSeconds: 600 },
  /** Orders per buyer phone number (its digits, international form). */
  checkoutPerBuyerPhone: { points: 5, durationSeconds: 600 },
  /**
   * Failed admin sign-ins per e-mail from one client address (decision 006: 5 per 15
   * minutes, then 429). Keyed on both, so a stranger's wrong guesses never lock the owner out.
   */
  loginFailuresPerEmailAndAddress: { points: 5, durationSeconds: 15 * 60 },
  /** Failed admin sign-ins per client address: room for an office behind one address. */
  loginFailuresPerAddress: { points: 20, durationSeconds: 15 * 60 },
  /**
   * Sign-in attempts per e-mail from any address: past `points`, each attempt waits longer
   * before its password is checked (signInDelaySeconds), but is never refused.
   */
  loginSlowdownPerEmail: { points: 5, durationSeconds: 15 * 60 },
  /** Create Account attempts per client address. */
  signupPerAddress: { points: 5, durationSeconds: 15 * 60 },
  /** Create Account attempts per e-mail address, from any address (decision 006). */
  signupPerEmail: { points: 5, durationSeconds: 15 * 60 },
  /**
   * Wrong current passwords on the account page per user (docs/product.md §3.13): a borrowed
   * session cannot be used to guess the password, as sign-in cannot.
   */
  passwordChangePerUser: { points: 5, durationSeconds: 15 * 60 },
  /** "Forgot password?" requests per e-mail (any letter case), from any address (§3.14). */
  passwordResetPerEmail: { points: 3, durationSeconds: 15 * 60 },
  /** "Forgot password?" requests per client address (§3.14). */
  passwordResetPerAddress: { points: 10, durationSeconds: 15 * 60 },
  /**
   * Wrong two-step codes per account (docs/product.md §3.15): at sign-in's second step, and
   * when turning two-step sign-in on or off on the account page. A six-digit code has a
   * million values; 5 guesses per 15 minutes keep a stolen password from reaching one.
   */
  twoStepFailuresPerUser: { points: 5, durationSeconds: 15 * 60 },
  /** Wrong codes at sign-in's second step per client address, as sign-in counts passwords. */
  twoStepFailuresPerAddress: { points: 20, durationSeconds: 15 * 60 },
  /**
   * "Use a passkey" challenges per client address (decision 036): each writes a row, so an
   * anonymous visitor cannot fill the table. Answers count as sign-ins (`loginFailuresPerAddress`).
   */
  passkeyChallengesPerAddress: { points: 30, durationSeconds: 15 * 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

/**
 * The rules with their windows multiplied by RATE_LIMIT_WINDOW_SCALE (a test-only knob that
 * production refuses below 1, decision 032); the rules as they are when it is unset.
 */
export function rateLimitRules(
  env: Pick<Env, "RATE_LIMIT_WINDOW_SCALE">,
): Record<RateLimitName, RateLimitRule> {
  const scale = env.RATE_LIMIT_WINDOW_SCALE ?? 1;
  if (scale === 1) return RATE_LIMIT_RULES;
  const scaled = Object.entries(RATE_LIMIT_RULES).map(([name, rule]) => [
    name,
    { ...rule, durationSeconds: Math.max(1, Math.round(rule.durationSeconds * scale)) },
  ]);
  return Object.fromEntries(scaled) as Record<RateLimitName, RateLimitRule>;
}
