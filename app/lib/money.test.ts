import { describe, expect, it } from "vitest";
import { formatZar } from "./admin-money.ts";
import { centsToDecimal, formatRand, toCents } from "./money.ts";

describe("money", () => {
  it("parses database and form amounts into integer cents", () => {
    expect(toCents("12.50")).toBe(1250);
    expect(toCents("12.5")).toBe(1250);
    expect(toCents("12")).toBe(1200);
    expect(toCents("0.07")).toBe(7);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents("-3.10")).toBe(-310);
  });

  it("rejects what is not an amount", () => {
    for (const bad of ["", "abc", "1.234", "1,50", "1e3", " . "]) {
      expect(() => toCents(bad)).toThrow(RangeError);
    }
  });

  it("sums without floating-point drift", () => {
    const total = [0.1, 0.2, 0.7].map(toCents).reduce((a, b) => a + b, 0);
    expect(centsToDecimal(total)).toBe("1.00");
  });

  it("formats public prices with R and two decimals", () => {
    expect(formatRand(45000)).toBe("R450.00");
    expect(formatRand(5)).toBe("R0.05");
  });

  it("formats admin money in the en-ZA locale", () => {
    expect(formatZar(123456)).toMatch(/^R\s?1\s?234,56$/);
  });
});
