import { describe, expect, it } from "vitest";
import { johannesburgDate, johannesburgWeekStart, startOfJohannesburgDay } from "./dates.ts";
import {
  formatSeason,
  isInSeason,
  isMonthDay,
  monthDay,
  nextSeasonChange,
  seasonReturnsOn,
} from "./seasons.ts";

/*
 * Seasonal categories (decision 014): a yearly window of days, both ends included, in
 * Johannesburg (UTC+2 all year). Every function takes the clock as an argument.
 */

const at = (iso: string) => new Date(iso);
const MOTHERS_DAY = { start: "04-01", end: "05-11" };
const SUMMER = { start: "12-01", end: "01-15" };

describe("days of the year", () => {
  it("accepts real days only, 29 February included", () => {
    expect(monthDay(4, 1)).toBe("04-01");
    expect(monthDay("2", "29")).toBe("02-29");
    expect(monthDay(4, 31)).toBeNull();
    expect(monthDay(13, 1)).toBeNull();
    expect(monthDay(0, 1)).toBeNull();
    expect(isMonthDay("02-30")).toBe(false);
    expect(isMonthDay("4-1")).toBe(false);
    expect(isMonthDay("12-31")).toBe(true);
    expect(formatSeason(MOTHERS_DAY)).toBe("1 April – 11 May");
  });
});

describe("Johannesburg days", () => {
  it("turns at 22:00 UTC", () => {
    expect(johannesburgDate(at("2027-03-31T21:59:59.999Z"))).toBe("2027-03-31");
    expect(johannesburgDate(at("2027-03-31T22:00:00Z"))).toBe("2027-04-01");
    expect(startOfJohannesburgDay("2027-04-01").toISOString()).toBe("2027-03-31T22:00:00.000Z");
  });

  it("starts weeks on Monday", () => {
    // Sunday 23:30 in Johannesburg is still last week; Monday 00:00 starts this one.
    expect(johannesburgWeekStart(at("2026-11-22T21:30:00Z"))).toBe("2026-11-16");
    expect(johannesburgWeekStart(at("2026-11-22T22:00:00Z"))).toBe("2026-11-23");
  });
});

describe("isInSeason", () => {
  it("opens at 00:00 on the first day and closes after the last day, Johannesburg time", () => {
    expect(isInSeason(MOTHERS_DAY, at("2027-03-31T21:59:59Z"))).toBe(false);
    expect(isInSeason(MOTHERS_DAY, at("2027-03-31T22:00:00Z"))).toBe(true);
    expect(isInSeason(MOTHERS_DAY, at("2027-05-11T21:59:59Z"))).toBe(true);
    expect(isInSeason(MOTHERS_DAY, at("2027-05-11T22:00:00Z"))).toBe(false);
  });

  it("runs over the new year when the start comes after the end", () => {
    expect(isInSeason(SUMMER, at("2026-11-30T21:59:59Z"))).toBe(false);
    expect(isInSeason(SUMMER, at("2026-12-25T10:00:00Z"))).toBe(true);
    expect(isInSeason(SUMMER, at("2027-01-15T21:59:59Z"))).toBe(true);
    expect(isInSeason(SUMMER, at("2027-01-15T22:00:00Z"))).toBe(false);
  });

  it("is always true without a season", () => {
    expect(isInSeason(null, at("2027-07-01T00:00:00Z"))).toBe(true);
  });
});

describe("seasonReturnsOn", () => {
  it("names the next first day: this year before the season, next year after it", () => {
    expect(seasonReturnsOn(MOTHERS_DAY, at("2027-02-10T10:00:00Z"))).toBe("2027-04-01");
    expect(seasonReturnsOn(MOTHERS_DAY, at("2027-05-11T22:00:00Z"))).toBe("2028-04-01");
    expect(seasonReturnsOn(MOTHERS_DAY, at("2027-04-20T10:00:00Z"))).toBeNull();
    expect(seasonReturnsOn(SUMMER, at("2027-06-01T10:00:00Z"))).toBe("2027-12-01");
  });

  it("brings a 29 February season back on 1 March in a common year", () => {
    const leap = { start: "02-29", end: "03-10" };
    expect(seasonReturnsOn(leap, at("2027-01-10T10:00:00Z"))).toBe("2027-03-01");
    expect(seasonReturnsOn(leap, at("2027-12-10T10:00:00Z"))).toBe("2028-02-29");
    expect(isInSeason(leap, at("2027-02-28T12:00:00Z"))).toBe(false);
    expect(isInSeason(leap, at("2027-03-01T12:00:00Z"))).toBe(true);
  });
});

describe("nextSeasonChange", () => {
  it("is the nearest start or end of any season after now", () => {
    const now = at("2027-03-20T08:00:00Z");
    expect(nextSeasonChange([MOTHERS_DAY, SUMMER], now)?.toISOString()).toBe(
      "2027-03-31T22:00:00.000Z",
    );
    expect(nextSeasonChange([MOTHERS_DAY], at("2027-04-20T08:00:00Z"))?.toISOString()).toBe(
      "2027-05-11T22:00:00.000Z",
    );
    // Exactly at an edge, the next one.
    expect(nextSeasonChange([MOTHERS_DAY], at("2027-03-31T22:00:00Z"))?.toISOString()).toBe(
      "2027-05-11T22:00:00.000Z",
    );
    expect(nextSeasonChange([SUMMER], at("2026-12-31T23:00:00Z"))?.toISOString()).toBe(
      "2027-01-15T22:00:00.000Z",
    );
    expect(nextSeasonChange([], now)).toBeNull();
  });
});
