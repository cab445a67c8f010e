/*
 * Words for the "Held as possible spam" view (decision 016), shared by the page and its tests.
 */

export const HELD_TITLE = "Held as possible spam";

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
