import crypto from "node:crypto";
import { ANTI_SPAM_FIELDS, FORM_STAMP_FIELD, HONEYPOT_FIELD } from "../../lib/anti-spam.ts";

/*
 * Spam resistance for the public forms that costs people nothing (decision 004, decision 016):
 * - a honeypot field, hidden from people and assistive technology, that bots fill in;
 * - a signed stamp "form served at <time>, nonce <random>": a submission sooner than
 *   the minimum fill time after the page was served, later than the maximum form age (both
 *   FormTimings: MIN_FILL_MS and MAX_FORM_AGE_MS unless configured, decision 032), with a stamp already
 *   used for that form, or with a missing or forged stamp is suspect.
 * This module reads a submission's stamp; what happens to a suspect one (held for an admin,
 * or the buyer asked to confirm) is decided in app/server/spam (decision 015).
 */

// The field names live in app/lib/anti-spam.ts, shared with the form components.
export { ANTI_SPAM_FIELDS, FORM_STAMP_FIELD, HONEYPOT_FIELD };
/** People need more than two seconds to fill any of our forms (production's minimum). */
export const MIN_FILL_MS = 2000;
/**
 * A stamp older than this is not accepted as is: a page left open overnight still gets its
 * message through, but held for an admin to look at (or, at checkout, confirmed once more).
 */
export const MAX_FORM_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The ages a stamp is judged by: production's constants, or FORM_MIN_FILL_MS and
 * FORM_MAX_AGE_MS from the configuration (test servers only: production refuses weaker
 * values at start, decision 032).
 */
export interface FormTimings {
  minFillMs: number;
  maxAgeMs: number;
}

export const DEFAULT_FORM_TIMINGS: FormTimings = {
  minFillMs: MIN_FILL_MS,
  maxAgeMs: MAX_FORM_AGE_MS,
};

/** The configured timings (env.server.ts `loadEnv`), the defaults where unset. */
export function formTimings(env: {
  FORM_MIN_FILL_MS?: number | undefined;
  FORM_MAX_AGE_MS?: number | undefined;
}): FormTimings {
  return {
    minFillMs: env.FORM_MIN_FILL_MS ?? MIN_FILL_MS,
    maxAgeMs: env.FORM_MAX_AGE_MS ?? MAX_FORM_AGE_MS,
  };
}

function sign(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(`form-stamp:${value}`).digest("base64url");
}

/** A confirm stamp's signature covers the checkout it was given for (its idempotency key). */
function signConfirm(secret: string, value: string, boundTo: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`confirm-stamp:${value}:${boundTo.toLowerCase()}`)
    .digest("base64url");
}

const CONFIRM_PREFIX = "c";

/** The value of the hidden stamp field for a form served at `now`: `<ms>.<nonce>.<hmac>`. */
export function createFormStamp(secret: string, now = Date.now()): string {
  const signed = `${now}.${crypto.randomBytes(16).toString("base64url")}`;
  return `${signed}.${sign(secret, signed)}`;
}

/** A genuine stamp: when its form was served, and its nonce (usable once per form kind). */
export interface FormStamp {
  issuedAt: number;
  nonce: string;
}

export type StampVerdict = "ok" | "honeypot" | "bad-stamp" | "too-fast" | "expired";

/**
 * The stamp of the checkout's "please confirm" answer (`c.<ms>.<nonce>.<hmac>`): made when the
 * notice is sent, so it ages like a page's stamp (a person reads the notice, then presses
 * Confirm Order), usable once like any stamp, and valid only with the checkout it was given
 * for (`boundTo`, its idempotency key): a script cannot turn it round at once, nor reuse it
 * for another order.
 */
export function createConfirmStamp(secret: string, boundTo: string, now = Date.now()): string {
  const signed = `${now}.${crypto.randomBytes(16).toString("base64url")}`;
  return `${CONFIRM_PREFIX}.${signed}.${signConfirm(secret, signed, boundTo)}`;
}

const sameSignature = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};

/**
 * Reads a stamp field's value: the stamp when it is one we signed, else null. A confirm stamp
 * counts only where the form names the checkout it is bound to (`boundTo`).
 */
export function readFormStamp(secret: string, value: unknown, boundTo?: string): FormStamp | null {
  if (typeof value !== "string" || value.length > 200) return null;
  const parts = value.split(".");
  const confirm = parts.length === 4 && parts[0] === CONFIRM_PREFIX;
  if (confirm) parts.shift();
  else if (parts.length !== 3) return null;
  const [issued, nonce, signature] = parts as [string, string, string];
  if (!/^\d{1,15}$/.test(issued) || !/^[\w-]{16,64}$/.test(nonce)) return null;
  const signed = `${issued}.${nonce}`;
  if (confirm) {
    if (!boundTo || !sameSignature(signConfirm(secret, signed, boundTo), signature)) return null;
  } else if (!sameSignature(sign(secret, signed), signature)) {
    return null;
  }
  return { issuedAt: Number(issued), nonce };
}

/** What a public form's action needs to judge its submission: the secret, timings, clock. */
export interface SubmissionJudge {
  env: {
    SESSION_SECRET: string;
    FORM_MIN_FILL_MS?: number | undefined;
    FORM_MAX_AGE_MS?: number | undefined;
  };
  clock: () => Date;
}

/**
 * inspectSubmission as the public forms' actions call it: now from the services' clock, the
 * configured timings (decision 032). Returns that `now` too, so the action records the same
 * instant it judged.
 */
export function inspectPublicSubmission(
  services: SubmissionJudge,
  formData: FormData,
  /** The checkout's idempotency key, which a confirm stamp must have been given for. */
  boundTo?: string,
) {
  const now = services.clock();
  const { env } = services;
  const judged = inspectSubmission(
    formData,
    env.SESSION_SECRET,
    now.getTime(),
    boundTo,
    formTimings(env),
  );
  return { ...judged, now };
}

/**
 * What the honeypot and the stamp say about a submission, before the database is asked
 * whether the stamp was used already. `stamp` is set whenever the stamp is genuine.
 */
export function inspectSubmission(
  formData: FormData,
  secret: string,
  now = Date.now(),
  /** The checkout's idempotency key, which a confirm stamp must have been given for. */
  boundTo?: string,
  timings: FormTimings = DEFAULT_FORM_TIMINGS,
): { verdict: StampVerdict; stamp: FormStamp | null } {
  const stamp = readFormStamp(secret, formData.get(FORM_STAMP_FIELD), boundTo);
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return { verdict: "honeypot", stamp };
  if (!stamp) return { verdict: "bad-stamp", stamp };
  const age = now - stamp.issuedAt;
  if (age < timings.minFillMs) return { verdict: "too-fast", stamp };
  if (age > timings.maxAgeMs) return { verdict: "expired", stamp };
  return { verdict: "ok", stamp };
}
