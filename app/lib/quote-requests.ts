import type { FooterDetails } from "#app/lib/business.ts";
import { formatLongDate } from "#app/lib/dates.ts";
import type { Toast } from "#app/lib/toast.ts";
import { SERVICE_OPTIONS } from "#app/lib/validation/inquiries.ts";

/*
 * Quote requests and contact messages in the admin (docs/product.md §3.11 /admin/quote-requests). Both live
 * in contact_requests: a quote's `service` holds the option's label ("Web Development"; older
 * rows may hold its value, "web-development"), a contact message's holds its subject.
 */

/** The label (docs/product.md §4) for a stored service value, else the stored text as it is. */
export function serviceDisplayLabel(stored: string): string {
  return SERVICE_OPTIONS.find((option) => option.value === stored)?.label ?? stored;
}

/** Whether the row is a quote request (one of the nine services) rather than a message. */
export function isQuoteService(stored: string): boolean {
  return SERVICE_OPTIONS.some((option) => option.value === stored || option.label === stored);
}

/** docs/product.md §9 "Quote message preview: 100 characters". */
export const MESSAGE_PREVIEW_LENGTH = 100;

export function messagePreview(message: string, length = MESSAGE_PREVIEW_LENGTH): string {
  const chars = Array.from(message);
  return chars.length > length ? `${chars.slice(0, length).join("")}...` : message;
}

/**
 * The reply dialog's starting text (docs/product.md §3.11): a complete, polite reply that can be sent as it
 * stands (docs/product.md §6.2: the reply has no rule). It greets the requester by name, thanks them for
 * the request about its service, says the team will follow up with a detailed quote, tells
 * them how to reach the company meanwhile and ends with the team's sign-off. The admin may
 * add the answer itself, or send it as it is and answer later.
 */
export function quoteReplyPrefill(
  request: { name: string; service: string },
  shop: Pick<FooterDetails, "name" | "phone" | "generalEmail">,
): string {
  const label = serviceDisplayLabel(request.service);
  const thanks = !isQuoteService(request.service)
    ? `Thank you for your message about "${label}". Our team will follow up with a detailed answer shortly.`
    : label === "Other"
      ? "Thank you for your quote request. Our team will follow up with a detailed quote shortly."
      : `Thank you for your quote request about ${label}. Our team will follow up with a detailed quote shortly.`;
  return [
    `Dear ${request.name.trim()},`,
    thanks,
    `In the meantime, you can reach us on ${shop.phone} or at ${shop.generalEmail}.`,
    `Kind regards,\nThe ${shop.name} team`,
  ].join("\n\n");
}

/**
 * The prefilled WhatsApp message (decision 004: the same quick actions as on orders): it greets
 * the requester by first name and names the request, by its service (or the message's
 * subject) and the day it was sent, so they know at once what it is about.
 */
export function quoteRequestWhatsAppMessage(
  request: { name: string; service: string; createdAt: Date | string },
  shop: Pick<FooterDetails, "name">,
): string {
  const firstName = request.name.trim().split(/\s+/)[0] || request.name.trim();
  const label = serviceDisplayLabel(request.service);
  const what = isQuoteService(request.service)
    ? `your quote request for ${label}`
    : `your message "${label}"`;
  return `Hi ${firstName}, this is ${shop.name} about ${what} of ${formatLongDate(request.createdAt)}.`;
}

/** What the quote requests page's action answers (its fetchers read it). */
export interface QuoteRequestActionData {
  ok: boolean;
  intent: "resolve" | "reopen" | "reply" | "erase" | null;
  toast: Toast;
  /** The reply's message next to its field. */
  fieldError?: string;
}

/* The shapes the admin's quote-request pages render (built by app/server/inquiries). */

export interface QuoteRequestSummary {
  id: string;
  name: string;
  email: string;
  /** Optional: given on the form so the company can call or WhatsApp back. */
  phone: string | null;
  /** As stored: an option's label (or value, in older rows) or a contact message's subject. */
  service: string;
  /** The message cut at 100 characters (docs/product.md §9). */
  preview: string;
  isResolved: boolean;
  replied: boolean;
  createdAt: Date;
}

export interface QuoteRequestListPage {
  requests: QuoteRequestSummary[];
  total: number;
  /** Open requests, whatever the search (for the page's heading). */
  openTotal: number;
  /** Every request and message, resolved or not. */
  allTotal: number;
  /**
   * Resolved requests that match the search but are hidden because 'Show resolved requests'
   * is off (0 when they are shown): the empty list says so instead of "none".
   */
  hiddenResolved: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export interface QuoteRequestDetail {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string;
  isResolved: boolean;
  createdAt: Date;
  replyText: string | null;
  repliedAt: Date | null;
  /** Who sent the reply (null when that account was deleted). */
  repliedByEmail: string | null;
}
