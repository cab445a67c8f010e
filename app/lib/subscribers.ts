import type { SubscriberStatus } from "#db/schema/newsletter.ts";

/*
 * Newsletter subscribers as the admin shows them (docs/product.md §3.10): a row, a page, and an
 * address's state ("States"). The database schema owns the states; the Record types make the
 * compiler refuse one not described here.
 */

export type { SubscriberStatus };

export const SUBSCRIBER_STATUS_LABELS = {
  pending: "Awaiting confirmation",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
} as const satisfies Record<SubscriberStatus, string>;

export const SUBSCRIBER_STATUS_VALUES = Object.keys(SUBSCRIBER_STATUS_LABELS) as SubscriberStatus[];

export const SUBSCRIBER_STATUS_BADGE = {
  pending: "yellow",
  subscribed: "green",
  unsubscribed: "secondary",
  bounced: "red",
} as const satisfies Record<SubscriberStatus, "yellow" | "green" | "secondary" | "red">;

export function isSubscriberStatus(value: string | null): value is SubscriberStatus {
  return value !== null && Object.hasOwn(SUBSCRIBER_STATUS_LABELS, value);
}

export interface SubscriberRow {
  id: string;
  email: string;
  createdAt: Date;
  status: SubscriberStatus;
  statusChangedAt: Date;
  confirmedAt: Date | null;
  /** The consent record (POPIA): which form, and the wording shown then. */
  consentSource: string;
  consentText: string;
}

export interface SubscriberListPage {
  subscribers: SubscriberRow[];
  /** Every subscriber (docs/product.md §3.10 'Total Subscribers: n'), whatever the search. */
  allTotal: number;
  /** Subscribers matching the search and state, on all pages. */
  total: number;
  /** Addresses matching the search in each state. */
  stateCounts: Record<SubscriberStatus, number>;
  page: number;
  pageCount: number;
  pageSize: number;
}
