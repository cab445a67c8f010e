import { describe, expect, it } from "vitest";
import { safeSitePath } from "./site-path.server.ts";

describe("safeSitePath", () => {
  it.each([
    ["/", "/"],
    ["/crafts?category=Gifts", "/crafts?category=Gifts"],
    ["/products/abc#reviews", "/products/abc#reviews"],
    // Normalised, and still on this site.
    ["/a/./b/../c", "/a/c"],
    ["/%5Cevil.example", "/%5Cevil.example"],
  ])("keeps %j as %j", (input, expected) => {
    expect(safeSitePath(input, "/fallback")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "evil.example",
    "/.//evil.example/phish",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/x/..//evil.example",
    "/\t/evil.example",
    "/\r\n/evil.example",
    "",
    "x".repeat(3000),
    null,
    42,
  ])("refuses %j", (input) => {
    expect(safeSitePath(input, "/fallback")).toBe("/fallback");
  });

  it("never returns a path a browser would follow to another host", () => {
    const prefixes = ["/", "/.", "/..", "/%2e", "/%2E", "/a/..", "/./.", "/%2e%2e"];
    const middles = ["/", "//", "\\", "/\\", "%2f", "%5c", "/%2f"];
    for (const prefix of prefixes) {
      for (const middle of middles) {
        const result = safeSitePath(`${prefix}${middle}evil.example/x`, "/fallback");
        expect(result.startsWith("//") || result.startsWith("/\\"), result).toBe(false);
        expect(new URL(result, "https://shop.example").host).toBe("shop.example");
      }
    }
  });
});
