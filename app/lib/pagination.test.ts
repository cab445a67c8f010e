import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, parsePage } from "./pagination.ts";

describe("pageWindow", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("adds the last page, with an ellipsis only when pages are left out", () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 20]);
  });

  it("centres the window on the current page with ellipses on both sides", () => {
    expect(pageWindow(4, 20)).toEqual(["ellipsis-start", 2, 3, 4, 5, 6, "ellipsis-end", 20]);
    expect(pageWindow(10, 20)).toEqual(["ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end", 20]);
    expect(pageWindow(5001, 10000)).toEqual([
      "ellipsis-start",
      4999,
      5000,
      5001,
      5002,
      5003,
      "ellipsis-end",
      10000,
    ]);
  });

  it("keeps five numbers near the end and never repeats the last page", () => {
    expect(pageWindow(17, 20)).toEqual(["ellipsis-start", 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual(["ellipsis-start", 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual(["ellipsis-start", 16, 17, 18, 19, 20]);
  });

  it("clamps a page outside the range", () => {
    expect(pageWindow(0, 20)).toEqual(pageWindow(1, 20));
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20));
    expect(pageWindow(Number.NaN, 3)).toEqual([1, 2, 3]);
  });

  it("never shows more than five numbers besides the last page", () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = pageWindow(current, pages);
        const numbers = items.filter((i): i is number => typeof i === "number");
        expect(numbers).toContain(current);
        expect(numbers.at(-1)).toBe(pages);
        expect(numbers.filter((n) => n !== pages).length).toBeLessThanOrEqual(5);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });
});

describe("pageCount and parsePage", () => {
  it("counts pages of 10", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 10)).toBe(11);
  });

  it("reads ?page= leniently", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("")).toBe(1);
    expect(parsePage("3")).toBe(3);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("99999999999999")).toBe(1);
  });
});
