/*
 * Dates in the South African locale and time zone on server and browser alike, so the
 * server-rendered text equals the hydrated text (docs/product.md §9: short in lists, long with time
 * in details).
 */
import { onFirstUse } from "./on-first-use.ts";

const TIME_ZONE = "Africa/Johannesburg";

/** A formatter for Johannesburg's time zone, made on first use (decision 046). */
const inJohannesburg = (locale: string, options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options }));

const shortDate = inJohannesburg("en-ZA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const longDateTime = inJohannesburg("en-ZA", {
  dateStyle: "long",
  timeStyle: "short",
});

const longDate = inJohannesburg("en-ZA", { dateStyle: "long" });

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** e.g. "2026/11/22" */
export function formatShortDate(value: Date | string): string {
  return shortDate().format(toDate(value));
}

/** e.g. "22 November 2026 at 14:05" */
export function formatLongDateTime(value: Date | string): string {
  return longDateTime().format(toDate(value));
}

/** e.g. "22 November 2026" */
export function formatLongDate(value: Date | string): string {
  return longDate().format(toDate(value));
}

const calendarDay = inJohannesburg("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** A calendar day ("YYYY-MM-DD", e.g. a payment's date) as "3 May 2027". */
export function formatCalendarDay(day: string): string {
  // Noon UTC is the same day in Johannesburg, whatever the formatter's zone.
  return calendarDay().format(new Date(`${day}T12:00:00Z`));
}

const dateParts = inJohannesburg("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const dateTimeParts = inJohannesburg("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const partsOf = (format: Intl.DateTimeFormat, at: Date) =>
  Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));

/** The calendar day in Johannesburg at `at`, "YYYY-MM-DD". */
export function johannesburgDate(at: Date): string {
  const p = partsOf(dateParts(), at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "YYYY-MM-DD" plus `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant a Johannesburg calendar day ("YYYY-MM-DD") begins. */
export function startOfJohannesburgDay(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment (Johannesburg has kept +02:00 since 1944, but the rule
  // costs nothing to get right).
  const p = partsOf(dateTimeParts(), guess);
  const local = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}Z`);
  return new Date(guess.getTime() - (local - guess.getTime()));
}

/** The Monday that starts the Johannesburg week of `at`, "YYYY-MM-DD". */
export function johannesburgWeekStart(at: Date): string {
  const day = johannesburgDate(at);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

const timeOfDay = inJohannesburg("en-ZA", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The time of day in Johannesburg, e.g. "14:05" (the editor's "Saved at 14:05"). */
export function formatTimeOfDay(value: Date | string): string {
  return timeOfDay().format(toDate(value));
}

/** `at` as a datetime-local field's value in Johannesburg, "YYYY-MM-DDTHH:mm". */
export function johannesburgDateTimeValue(at: Date): string {
  const p = partsOf(dateTimeParts(), at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}
