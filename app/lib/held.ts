/*
 * Words for the "Held as possible spam" view (decision 016), shared by the page and its tests.
 */

export const HELD_TITLE = "Held as possible spam";

/** The public forms whose suspicious submissions are held for an admin. */
export type HoldableForm = "quote" | "contact" | "newsletter";

/** Why a submission was held: its form stamp's verdict, or "reused" for a nonce seen before. */
export type HoldReason = "bad-stamp" | "too-fast" | "expired" | "reused";

/** A held submission as the admin's page shows it. */
export interface HeldSubmission {
  id: string;
  form: HoldableForm;
  reason: HoldReason;
  name: string | null;
  email: string;
  /** The quote's service, the contact message's subject, or the sign-up's form. */
  topic: string;
  /** The message (quote and contact), empty for a sign-up. */
  message: string;
  phone: string | null;
  createdAt: Date;
}

/** How many submissions of a form got a verdict, over the days the page shows. */
export interface VerdictCount {
  form: string;
  verdict: string;
  count: number;
}

/** Why a submission was held, as the admin reads it. */
export const HOLD_REASON_LABELS: Record<string, string> = {
  // The stamp is issued when the form is served: with the page, and again after each send.
  "too-fast": "Sent within 2 seconds of the form being shown",
  expired: "Sent from a page open for over 12 hours",
  reused: "The same form was sent before",
  "bad-stamp": "Sent without a valid form stamp",
};

export const HELD_FORM_LABELS: Record<string, string> = {
  quote: "Quote request",
  contact: "Contact message",
  newsletter: "Newsletter sign-up",
  checkout: "Checkout",
};

/** The columns of the verdict counters, in order. */
export const VERDICT_COLUMNS = [
  { verdict: "ok", label: "Accepted" },
  { verdict: "too-fast", label: "Too fast" },
  { verdict: "expired", label: "Page too old" },
  { verdict: "reused", label: "Sent twice" },
  { verdict: "bad-stamp", label: "No valid stamp" },
  { verdict: "honeypot", label: "Honeypot (dropped)" },
  { verdict: "confirm", label: "Asked to confirm" },
  { verdict: "limited", label: "Rate-limited" },
] as const;
