import { describe, expect, it } from "vitest";
import { requestedPath, safeRedirectPath } from "./redirect.server.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/admin/orders", "/admin/orders"],
    ["/admin/orders?status=pending&page=2", "/admin/orders?status=pending&page=2"],
    ["/admin/users#top", "/admin/users#top"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "http://evil.example/admin",
    "//evil.example",
    "//evil.example/admin/dashboard",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "admin/dashboard",
    "/admin\t/x",
    "/\n/evil.example",
    "/admin/login",
    "/admin/logout",
    "/admin/login?redirectTo=/admin",
    // Checked as sent, after normalisation, not as received.
    "/.//attacker.example/phish",
    "/..//attacker.example",
    "/%2e//attacker.example",
    "/%2E%2E//attacker.example",
    "/./\\attacker.example",
    "/a/../..//attacker.example",
    "",
    null,
    undefined,
  ])("refuses %j and falls back to the dashboard", (input) => {
    expect(safeRedirectPath(input)).toBe("/admin/dashboard");
  });
});

describe("requestedPath", () => {
  it("maps a data request to its page and drops _routes", () => {
    const request = new Request("http://x.test/admin/orders.data?status=pending&_routes=a,b");
    expect(requestedPath(request)).toBe("/admin/orders?status=pending");
  });

  it("maps a trailing-slash data request to its page", () => {
    expect(requestedPath(new Request("http://x.test/admin/users/_.data"))).toBe("/admin/users/");
  });

  it("keeps a page request as it is", () => {
    expect(requestedPath(new Request("http://x.test/admin/products/new?x=1"))).toBe(
      "/admin/products/new?x=1",
    );
  });
});
