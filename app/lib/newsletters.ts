import type { SubmissionResult } from "@conform-to/react";
import type { NewsletterStatus } from "#db/schema/newsletter.ts";
import { formatLongDate, formatLongDateTime } from "./dates.ts";
import type { Toast } from "./toast.ts";
import type { NewsletterIntent } from "./validation/newsletters.ts";

/*
 * Newsletters as the admin's screens show them (docs/product.md §3.18, decision 045): a row of
 * the list, the newsletter being written or sent, its preview and its progress, and the words
 * for its state. Built by the route's server code, rendered by components/admin/newsletters.
 */

export type { NewsletterStatus };

export const NEWSLETTERS_PATH = "/admin/newsletters";
export const newsletterPath = (id: string) => `${NEWSLETTERS_PATH}/${id}`;

/** What the list and the page show for a newsletter without a subject. */
export const NO_SUBJECT = "(no subject yet)";

/** A row of the list (listNewsletters). */
export interface NewsletterListRow {
  id: string;
  subject: string;
  status: NewsletterStatus;
  createdAt: Date;
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  recipients: number | null;
}

/** One newsletter as its page shows it. */
export interface AdminNewsletter extends NewsletterListRow {
  preheader: string;
  body: string;
  ratePerMinute: number | null;
  updatedAt: Date;
}

/** The e-mail as a subscriber gets it (its HTML document and plain-text part). */
export interface NewsletterPreview {
  html: string;
  text: string;
  /** When the text it shows was saved (ISO): the newest of two previews wins. */
  savedAt: string;
}

/** Where a newsletter's sending stands (newsletterProgress, from its outbox rows). */
export interface NewsletterProgressFigures {
  /** Waiting for their turn, held by a pause, or being sent right now. */
  queued: number;
  sent: number;
  failed: number;
  /** Not sent: the address unsubscribed or bounced before its turn. */
  skipped: number;
  /** Addresses it was sent to that have unsubscribed since it started. */
  unsubscribedSince: number;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-ZA")} ${n === 1 ? one : many}`;

/** "3 subscribers", "1 subscriber". */
export const subscriberCount = (n: number) => count(n, "subscriber", "subscribers");

export const NEWSLETTER_STATE_LABELS = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
} as const satisfies Record<NewsletterStatus, string>;

/** What follows the state's word: "for 1 December 2026 at 09:00", "29 November 2026 to 3 addresses". */
export function newsletterStateDetail(row: NewsletterListRow): string | null {
  if (row.status === "scheduled" && row.scheduledAt) {
    return `for ${formatLongDateTime(row.scheduledAt)}`;
  }
  if (row.status === "sent") {
    const when = row.finishedAt ?? row.startedAt;
    const to = `to ${count(row.recipients ?? 0, "address", "addresses")}`;
    return when ? `${formatLongDate(when)} ${to}` : to;
  }
  return null;
}

/** The state in words, with its time: "Scheduled for 1 December 2026 at 09:00". */
export function newsletterStateText(row: NewsletterListRow): string {
  const detail = newsletterStateDetail(row);
  return detail
    ? `${NEWSLETTER_STATE_LABELS[row.status]} ${detail}`
    : NEWSLETTER_STATE_LABELS[row.status];
}

export const NEWSLETTER_STATE_BADGE = {
  draft: "secondary",
  scheduled: "blue",
  sending: "yellow",
  paused: "yellow",
  sent: "green",
} as const satisfies Record<NewsletterStatus, "secondary" | "blue" | "yellow" | "green">;

/** The subject as a heading or a link's text. */
export const subjectOrPlaceholder = (subject: string) => subject.trim() || NO_SUBJECT;

/** The send form's choice, as the question before sending repeats it. */
export interface NewsletterSendChoice {
  when: "now" | "later";
  sendAt: string | null;
  ratePerMinute: number;
  /** How many addresses it would go to now. */
  audience: number;
}

/** What the newsletter page's action answers (every intent, with or without JavaScript). */
export interface NewsletterAnswer {
  intent: NewsletterIntent | null;
  /** The draft's and the send form's fields as sent, with their errors. */
  result?: SubmissionResult<string[]>;
  toast?: Toast;
  /** A refusal's message, shown on the page as well (without JavaScript there is no toast). */
  message?: string;
  /** A success said on the page as well ("A test is on its way to …"). */
  notice?: string;
  /** The draft was saved: when, and the e-mail as it now reads. */
  saved?: { at: string; preview: NewsletterPreview };
  /** A picture was stored: the line that puts it in the text. */
  picture?: { markdown: string; id: string };
  /** "Send" without its confirmation yet: the question to ask (the page without JavaScript). */
  confirmSend?: NewsletterSendChoice;
}
