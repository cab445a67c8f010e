import { describe, expect, it } from "vitest";
import { judgeHeaders } from "./header-verdicts.ts";

const GOOD = {
  "content-security-policy":
    "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), geolocation=(), microphone=()",
};

const verdictOf = (headers: Record<string, string>, header: string, https = false) =>
  judgeHeaders(new Headers(headers), { https }).find((v) => v.header === header)!;

describe("judgeHeaders", () => {
  it("passes the server's own headers over http", () => {
    expect(judgeHeaders(new Headers(GOOD), { https: false }).every((v) => v.pass)).toBe(true);
  });

  it.each([
    ["script-src 'self' 'unsafe-inline' 'nonce-a'; object-src 'none'; frame-ancestors 'none'"],
    ["script-src 'self'; object-src 'none'; frame-ancestors 'none'"],
    ["script-src 'self' 'nonce-a' https://cdn.example; object-src 'none'; frame-ancestors 'none'"],
    ["script-src 'self' 'nonce-a'; object-src 'none'"],
    ["script-src 'self' 'nonce-a'; frame-ancestors 'none'"],
  ])("fails a weak policy: %s", (policy) => {
    expect(
      verdictOf({ ...GOOD, "content-security-policy": policy }, "content-security-policy").pass,
    ).toBe(false);
  });

  it("wants HSTS over https only, and advertises nothing", () => {
    expect(verdictOf(GOOD, "strict-transport-security", true).pass).toBe(false);
    expect(
      verdictOf(
        { ...GOOD, "strict-transport-security": "max-age=31536000" },
        "strict-transport-security",
        true,
      ).pass,
    ).toBe(true);
    expect(
      verdictOf(
        { ...GOOD, "strict-transport-security": "max-age=31536000" },
        "strict-transport-security",
      ).pass,
    ).toBe(false);
    expect(verdictOf({ ...GOOD, "x-powered-by": "Express" }, "x-powered-by").pass).toBe(false);
    expect(verdictOf({ ...GOOD, "x-frame-options": "SAMEORIGIN" }, "x-frame-options").pass).toBe(
      false,
    );
  });
});
