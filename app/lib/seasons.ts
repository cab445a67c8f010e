import { addDays, johannesburgDate, startOfJohannesburgDay } from "./dates.ts";

/*
 * Seasonal categories (decision 014): a special category may have a season, a start and an end
 * day that come back every year ("04-01" to "05-11" for Mother's Day), both days included,
 * in Johannesburg time. A start after the end runs over the new year ("12-01" to "01-15").
 * Outside its season a category is left out of the shop. Everything here takes `now`, so a
 * test moves the clock instead of waiting for it.
 */

/** A day of the year, "MM-DD". */
export type MonthDay = string;

export interface SeasonWindow {
  start: MonthDay;
  end: MonthDay;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const MONTH_OPTIONS = MONTH_NAMES.map((name, index) => ({
  value: String(index + 1).padStart(2, "0"),
  label: name,
}));

/** "MM-DD" from a month and a day (numbers or strings); null when no such day exists. */
export function monthDay(month: number | string, day: number | string): MonthDay | null {
  const m = Number(month);
  const d = Number(day);
  if (!Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return null;
  if (d > DAYS_IN_MONTH[m - 1]!) return null;
  return `${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function isMonthDay(value: unknown): value is MonthDay {
  if (typeof value !== "string" || !/^\d{2}-\d{2}$/.test(value)) return false;
  const [m, d] = value.split("-");
  return monthDay(m!, d!) === value;
}

/** "04-01" → "1 April". */
export function formatMonthDay(value: MonthDay): string {
  const [m, d] = value.split("-").map(Number);
  return `${d} ${MONTH_NAMES[m! - 1]}`;
}

/** "1 April – 11 May". */
export function formatSeason(window: SeasonWindow): string {
  return `${formatMonthDay(window.start)} – ${formatMonthDay(window.end)}`;
}

/** Whether a day ("MM-DD") lies in the season, both ends included. */
export function isDayInSeason(window: SeasonWindow, day: MonthDay): boolean {
  return window.start <= window.end
    ? day >= window.start && day <= window.end
    : day >= window.start || day <= window.end;
}

/** In season at `now` (no season: always). */
export function isInSeason(window: SeasonWindow | null, now: Date): boolean {
  return window === null || isDayInSeason(window, johannesburgDate(now).slice(5));
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The first real day of `year` that is on or after "MM-DD" (29 February in a common year is
 * 1 March: the comparison of "MM-DD" strings makes the season start then), "YYYY-MM-DD".
 */
function firstDayFrom(year: number, day: MonthDay): string {
  if (day === "02-29" && !isLeapYear(year)) return `${year}-03-01`;
  return `${year}-${day}`;
}

/** The first day after the season's end in `year` (in the season's sense of "after"). */
function dayAfterEnd(year: number, end: MonthDay): string {
  if (end === "02-29" && !isLeapYear(year)) return `${year}-03-01`;
  return addDays(`${year}-${end}`, 1);
}

/** The instants the season begins and ends around `now` (last year, this year, next year). */
function edges(window: SeasonWindow, now: Date): { starts: Date[]; ends: Date[] } {
  const year = Number(johannesburgDate(now).slice(0, 4));
  const years = [year - 1, year, year + 1];
  return {
    starts: years.map((y) => startOfJohannesburgDay(firstDayFrom(y, window.start))),
    ends: years.map((y) => startOfJohannesburgDay(dayAfterEnd(y, window.end))),
  };
}

/** The day an out-of-season category comes back ("YYYY-MM-DD"); null while in season. */
export function seasonReturnsOn(window: SeasonWindow | null, now: Date): string | null {
  if (window === null || isInSeason(window, now)) return null;
  const next = edges(window, now).starts.find((start) => start > now);
  return next ? johannesburgDate(next) : null;
}

/**
 * The next instant after `now` at which any of the seasons begins or ends: until then, what
 * the shop shows stays the same (the public page cache keeps pages no longer, decision 014).
 */
export function nextSeasonChange(windows: readonly SeasonWindow[], now: Date): Date | null {
  let next: Date | null = null;
  for (const window of windows) {
    const { starts, ends } = edges(window, now);
    for (const edge of [...starts, ...ends]) {
      if (edge > now && (next === null || edge < next)) next = edge;
    }
  }
  return next;
}

/** The season of a row's two columns, or null when it has none. */
export function seasonOf(row: {
  seasonStart: string | null;
  seasonEnd: string | null;
}): SeasonWindow | null {
  return row.seasonStart && row.seasonEnd ? { start: row.seasonStart, end: row.seasonEnd } : null;
}

/** A category row's season and what it means at `now`: shown or not, and when it returns. */
export function seasonStateOf(
  row: { seasonStart: string | null; seasonEnd: string | null },
  now: Date,
): { season: SeasonWindow | null; inSeason: boolean; returnsOn: string | null } {
  const season = seasonOf(row);
  return { season, inSeason: isInSeason(season, now), returnsOn: seasonReturnsOn(season, now) };
}
