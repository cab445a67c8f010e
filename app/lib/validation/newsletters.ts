import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { ImageFileSchema } from "./catalog.ts";
import { plainString, singleLineString } from "./text.ts";

/*
 * Admin → Newsletters (docs/product.md §3.10 "Newsletters"): the draft's form (saved as the
 * owner types), the send form, and the page's buttons. Conform runs the schemas in the
 * browser, the actions again on the server.
 */

export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_PREHEADER_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;
export const NEWSLETTER_RATE_DEFAULT = 60;
export const NEWSLETTER_RATE_MAX = 6000;
export const NEWSLETTER_ALT_MAX = 150;

export const NEWSLETTER_MESSAGES = {
  subjectTooLong: `Please keep the subject to ${NEWSLETTER_SUBJECT_MAX} characters.`,
  preheaderTooLong: `Please keep the preview line to ${NEWSLETTER_PREHEADER_MAX} characters.`,
  bodyTooLong: `Please keep the newsletter to ${NEWSLETTER_BODY_MAX.toLocaleString("en-ZA")} characters.`,
  subject: "Please write a subject before sending.",
  body: "Please write the newsletter before sending.",
  rate: `Please enter how many e-mails to send a minute, from 1 to ${NEWSLETTER_RATE_MAX}.`,
  sendAt: "Please enter the date and time to send it, in the future.",
  notDraft: "This newsletter is no longer a draft: it can't be changed.",
  notFound: "Newsletter not found.",
  noSubscribers: "There is no confirmed subscriber to send it to yet.",
  altTooLong: `Please keep the picture's description to ${NEWSLETTER_ALT_MAX} characters.`,
  image: "Please choose a picture to insert.",
} as const;

/** The draft: every field may be empty while it is being written. */
export const NewsletterDraftSchema = z.object({
  subject: singleLineString()
    .trim()
    .max(NEWSLETTER_SUBJECT_MAX, NEWSLETTER_MESSAGES.subjectTooLong)
    .default(""),
  preheader: singleLineString()
    .trim()
    .max(NEWSLETTER_PREHEADER_MAX, NEWSLETTER_MESSAGES.preheaderTooLong)
    .default(""),
  body: plainString()
    .max(NEWSLETTER_BODY_MAX, NEWSLETTER_MESSAGES.bodyTooLong)
    // Stored with one kind of line break, whichever way it came (a browser's form sends CR LF).
    .transform((text) => text.replaceAll("\r\n", "\n"))
    .default(""),
});
export type NewsletterDraft = z.infer<typeof NewsletterDraftSchema>;

/** Sending: now, or at a time in Johannesburg ("2026-12-01T09:00"), at a pace. */
export const NewsletterSendSchema = z
  .object({
    when: z.enum(["now", "later"]).default("now"),
    sendAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, NEWSLETTER_MESSAGES.sendAt)
      .optional(),
    ratePerMinute: z.coerce
      .number({ error: NEWSLETTER_MESSAGES.rate })
      .int(NEWSLETTER_MESSAGES.rate)
      .min(1, NEWSLETTER_MESSAGES.rate)
      .max(NEWSLETTER_RATE_MAX, NEWSLETTER_MESSAGES.rate)
      .default(NEWSLETTER_RATE_DEFAULT),
  })
  .refine((value) => value.when === "now" || value.sendAt !== undefined, {
    error: NEWSLETTER_MESSAGES.sendAt,
    path: ["sendAt"],
  });

/** A time typed in Johannesburg (UTC+2 all year: South Africa has no daylight saving). */
export function johannesburgDateTime(value: string): Date {
  return new Date(`${value}:00+02:00`);
}

export const NEWSLETTER_INTENTS = [
  "save",
  "test",
  "send",
  "pause",
  "resume",
  "unschedule",
  "delete",
  "image",
] as const;
export type NewsletterIntent = (typeof NEWSLETTER_INTENTS)[number];

/**
 * A picture for the body: stored like a product photo, its Markdown put in the text with the
 * owner's description of it (the alt text mail clients show or read out).
 */
export const NewsletterImageSchema = z.object({
  image: ImageFileSchema,
  alt: singleLineString()
    .trim()
    .max(NEWSLETTER_ALT_MAX, NEWSLETTER_MESSAGES.altTooLong)
    .default(""),
});
