/*
 * The newsletter forms' texts and sources, without zod (the footer form is on every page;
 * its schema loads only when it is used).
 */

export const INVALID_EMAIL = {
  title: "Invalid email",
  description: "Please enter a valid email address.",
} as const;

export const NEWSLETTER_SOURCES = ["footer", "popup"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * POPIA: the wording shown next to every newsletter field. It is stored with the subscriber
 * as the consent record, so change it here only (old rows keep what they saw).
 */
export const NEWSLETTER_CONSENT_TEXT =
  "By subscribing you agree that we may e-mail you our newsletter. Unsubscribe at any time with the link in every e-mail. See our Privacy Policy.";
