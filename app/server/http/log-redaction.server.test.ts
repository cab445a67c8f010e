import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { redactLogLine, redactUrl, serializeLoggedError } from "./log-redaction.server.ts";

const TOKEN = "dGhhbmRpQGV4YW1wbGUuY28uemE.k2Jd8s0-Qx1Zr4yTfA9wQkqU1c7e0Jm3bHhX5nLpVtE";
const ORDER_TOKEN = "q7lq9Yb4y3oV2V0d2a8Gq0e3nB5C0xS1b2c3d4e5f6g";

describe("redactUrl", () => {
  it.each([
    [`/newsletter/unsubscribe/${TOKEN}`, "/newsletter/unsubscribe/[redacted]"],
    [`/newsletter/unsubscribe/${TOKEN}.data`, "/newsletter/unsubscribe/[redacted].data"],
    [`/newsletter/unsubscribe/${TOKEN}?x=1`, "/newsletter/unsubscribe/[redacted]?x=1"],
    [`/newsletter/unsubscribe/${TOKEN}/more`, "/newsletter/unsubscribe/[redacted]/more"],
    [`/Newsletter/Unsubscribe/${TOKEN}`, "/Newsletter/Unsubscribe/[redacted]"],
    [
      `/admin/login?redirectTo=/newsletter/unsubscribe/${TOKEN}&a=b`,
      "/admin/login?redirectTo=/newsletter/unsubscribe/[redacted]&a=b",
    ],
    // The buyer's order page (decision 014).
    [`/orders/${ORDER_TOKEN}`, "/orders/[redacted]"],
    [`/orders/${ORDER_TOKEN}.data?_routes=x`, "/orders/[redacted].data?_routes=x"],
    // The order's invoice (docs/product.md §3.9 "Invoice") hangs off the same token.
    [`/orders/${ORDER_TOKEN}/invoice`, "/orders/[redacted]/invoice"],
    // A password reset link (decision 034).
    [`/admin/reset-password/${ORDER_TOKEN}`, "/admin/reset-password/[redacted]"],
    [`/admin/reset-password/${ORDER_TOKEN}.data`, "/admin/reset-password/[redacted].data"],
  ])("keeps the shape of %s without its token", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain("dGhhbmRp");
    expect(redactUrl(url)).not.toContain(ORDER_TOKEN);
  });

  /* The router decodes what a plain match would miss. */
  it.each([
    [`/%6Frders/${ORDER_TOKEN}`, "/orders/[redacted]"],
    [`/%6frders/${ORDER_TOKEN}.data`, "/orders/[redacted].data"],
    [`/orders%2F${ORDER_TOKEN}`, "/orders/[redacted]"],
    [`/%256Frders/${ORDER_TOKEN}`, "/orders/[redacted]"],
    [`/__manifest?paths=%2Forders%2F${ORDER_TOKEN}`, "/__manifest?paths=/orders/[redacted]"],
    [
      `/__manifest?paths=%2Fcrafts%2C%2Forders%2F${ORDER_TOKEN}%2C%2Fcart&version=1`,
      "/__manifest?paths=/crafts,/orders/[redacted],/cart&version=1",
    ],
    [`/newsletter/%75nsubscribe/${TOKEN}`, "/newsletter/unsubscribe/[redacted]"],
    [`/newsletter%2Funsubscribe%2F${TOKEN}`, "/newsletter/unsubscribe/[redacted]"],
    [`/admin/reset%2Dpassword/${ORDER_TOKEN}`, "/admin/reset-password/[redacted]"],
  ])("decodes %s before it redacts", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it("keeps an encoded address that names no secret exactly as it came", () => {
    for (const url of [
      "/admin/orders?q=caf%C3%A9",
      "/crafts?category=Mother%27s%20Day",
      "/%E0%A4%A",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("leaves every other address as it is", () => {
    for (const url of [
      "/",
      "/products/abc?x=1",
      "/newsletter",
      "/newsletter/unsubscribe/",
      // An admin's order id is no secret: the log keeps it.
      "/admin/orders/3f1e2d3c-1234-4abc-8def-0123456789ab",
      "/admin/orders/export.csv?payment=paid",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe("serializeLoggedError", () => {
  it("keeps a failed query and its cause but not the values it carried", () => {
    const cause = new Error('relation "contact_requests" does not exist');
    const error = new DrizzleQueryError(
      'insert into "contact_requests" ("name", "email") values ($1, $2)',
      ["Thandi Nkosi", "thandi@example.co.za"],
      cause,
    );
    const logged = serializeLoggedError(error);
    const text = JSON.stringify(logged);
    expect(logged.type).toBe("DrizzleQueryError");
    expect(logged.message).toContain('insert into "contact_requests"');
    expect(logged.message).toContain('relation "contact_requests" does not exist');
    expect(logged.message).toContain("params: [2 left out]");
    expect(logged.stack).toContain("log-redaction.server.test.ts");
    for (const value of ["Thandi", "thandi@example.co.za"]) expect(text).not.toContain(value);
  });

  it("logs any other error as pino would", () => {
    const error = new TypeError("x is not a function");
    expect(serializeLoggedError(error)).toMatchObject({
      type: "TypeError",
      message: "x is not a function",
      stack: error.stack,
    });
  });
});

describe("redactLogLine", () => {
  it("redacts every field of a JSON log line, nested ones and error stacks included", () => {
    const line = `${JSON.stringify({
      level: 30,
      req: { method: "GET", url: `/%6Frders/${ORDER_TOKEN}` },
      path: `/orders%2F${ORDER_TOKEN}`,
      err: {
        message: `No route matches URL "/orders/${ORDER_TOKEN}/x"`,
        stack: `at /orders/${ORDER_TOKEN}`,
      },
      msg: "request completed",
    })}\n`;
    const safe = redactLogLine(line);
    expect(safe).not.toContain(ORDER_TOKEN);
    expect(safe.endsWith("\n")).toBe(true);
    expect(JSON.parse(safe)).toMatchObject({
      level: 30,
      req: { method: "GET", url: "/orders/[redacted]" },
      path: "/orders/[redacted]",
      msg: "request completed",
    });
  });

  it("passes lines that cannot name a secret untouched", () => {
    const line = `${JSON.stringify({ level: 30, req: { url: "/crafts" }, msg: "request completed" })}\n`;
    expect(redactLogLine(line)).toBe(line);
  });
});
