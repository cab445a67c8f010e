/*
 * Dates in the South African locale and time zone on server and browser alike, so the
 * server-rendered text equals the hydrated text (spec §9: short in lists, long with time
 * in details).
 */
const TIME_ZONE = "Africa/Johannesburg";

const shortDate = new Intl.DateTimeFormat("en-ZA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const longDateTime = new Intl.DateTimeFormat("en-ZA", {
  timeZone: TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});

const longDate = new Intl.DateTimeFormat("en-ZA", { timeZone: TIME_ZONE, dateStyle: "long" });

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** e.g. "2026/11/22" */
export function formatShortDate(value: Date | string): string {
  return shortDate.format(toDate(value));
}

/** e.g. "22 November 2026 at 14:05" */
export function formatLongDateTime(value: Date | string): string {
  return longDateTime.format(toDate(value));
}

/** e.g. "22 November 2026" */
export function formatLongDate(value: Date | string): string {
  return longDate.format(toDate(value));
}
