import type { EftDetails } from "./orders.ts";
import { telHref } from "./phone.ts";

export type { EftDetails };

/*
 * The company's business details (decision 042): what the owner edits under Settings →
 * Business details and every page, e-mail and document shows. Stored as one record in the
 * database; app/content/company.ts and the environment only give a new install its first
 * values. Shared by the browser (the settings form, the footer) and the server.
 */

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, { short: string; long: string }> = {
  monday: { short: "Mon", long: "Monday" },
  tuesday: { short: "Tue", long: "Tuesday" },
  wednesday: { short: "Wed", long: "Wednesday" },
  thursday: { short: "Thu", long: "Thursday" },
  friday: { short: "Fri", long: "Friday" },
  saturday: { short: "Sat", long: "Saturday" },
  sunday: { short: "Sun", long: "Sunday" },
};

/** A day's opening hours: "HH:MM" times, 24-hour clock, South African time. */
export type DayHours = { open: true; from: string; to: string } | { open: false };

export interface BusinessDetails {
  name: string;
  legalName: string;
  address: {
    street: string;
    suburb: string;
    city: string;
    postalCode: string;
    province: string;
  };
  /** A link to the address on a map (Google Maps, OpenStreetMap); null: none shown. */
  mapUrl: string | null;
  phone: string;
  whatsApp: string;
  generalEmail: string;
  supportEmail: string;
  hours: Record<Weekday, DayHours>;
  /** Said under the hours: "Closed on public holidays." */
  hoursNote: string | null;
  /** Where staff alerts go: new orders, quote requests, contact messages. */
  alertEmail: string;
  /** The name outgoing e-mail is sent under (the address stays the server's MAIL_FROM). */
  senderName: string;
  /** Where a customer's reply to the shop's e-mails goes; null: the staff alerts' address. */
  replyTo: string | null;
  /** Null: the buyer reads that the company will send its banking details. */
  eft: EftDetails | null;
}

/** "09:00" → "9:00" (how the spec writes hours: "Mon-Fri 9:00-18:00"). */
function shortTime(time: string): string {
  return time.replace(/^0(\d)/, "$1");
}

function sameHours(a: DayHours, b: DayHours): boolean {
  if (!a.open || !b.open) return a.open === b.open;
  return a.from === b.from && a.to === b.to;
}

/**
 * The week as the contact page reads it: consecutive days with the same hours together,
 * "Mon-Fri 9:00-18:00", "Sat 10:00-14:00", "Sun closed".
 */
export function hoursSummary(hours: Record<Weekday, DayHours>): { days: string; time: string }[] {
  const groups: { first: Weekday; last: Weekday; hours: DayHours }[] = [];
  for (const day of WEEKDAYS) {
    const last = groups.at(-1);
    if (last && sameHours(last.hours, hours[day])) last.last = day;
    else groups.push({ first: day, last: day, hours: hours[day] });
  }
  return groups.map((group) => ({
    days:
      group.first === group.last
        ? WEEKDAY_LABELS[group.first].short
        : `${WEEKDAY_LABELS[group.first].short}-${WEEKDAY_LABELS[group.last].short}`,
    time: group.hours.open
      ? `${shortTime(group.hours.from)}-${shortTime(group.hours.to)}`
      : "closed",
  }));
}

/** One day's hours in words: "09:00-18:00" or "closed" (the CLI and the audit log). */
export function dayHoursText(hours: DayHours): string {
  return hours.open ? `${hours.from}-${hours.to}` : "closed";
}

/** The address on one line: "14 Old Main Road, Queensburgh, Durban, 4093". */
export function addressLine(business: Pick<BusinessDetails, "address">): string {
  const { street, suburb, city, postalCode } = business.address;
  return [street, suburb, city, postalCode].filter(Boolean).join(", ");
}

/** Where replies to the shop's e-mails go: the reply-to address, else the staff alerts'. */
export function replyAddress(business: Pick<BusinessDetails, "replyTo" | "alertEmail">): string {
  return business.replyTo ?? business.alertEmail;
}

/** The company phone's tel: link ("tel:+27314640192"). */
export function businessPhoneHref(business: Pick<BusinessDetails, "phone">): string {
  return telHref(business.phone) ?? `tel:${business.phone.replace(/[^\d+]/g, "")}`;
}

/** What the footer of every public page shows (the public layout's loader sends only this). */
export interface FooterDetails {
  name: string;
  legalName: string;
  phone: string;
  phoneHref: string;
  generalEmail: string;
}

/** What the public pages need of the details (the layout's loader sends it to the browser). */
export type PublicBusinessDetails = Pick<
  BusinessDetails,
  | "name"
  | "legalName"
  | "address"
  | "mapUrl"
  | "phone"
  | "whatsApp"
  | "generalEmail"
  | "supportEmail"
  | "hours"
  | "hoursNote"
>;

export function publicBusinessDetails(business: BusinessDetails): PublicBusinessDetails {
  const { alertEmail: _a, senderName: _s, replyTo: _r, eft: _e, ...shown } = business;
  return shown;
}
