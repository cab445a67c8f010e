import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { redactUrl, serializeLoggedError } from "./log-redaction.server.ts";

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
    // The buyer's order page (issue 19).
    [`/orders/${ORDER_TOKEN}`, "/orders/[redacted]"],
    [`/orders/${ORDER_TOKEN}.data?_routes=x`, "/orders/[redacted].data?_routes=x"],
  ])("keeps the shape of %s without its token", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain("dGhhbmRp");
    expect(redactUrl(url)).not.toContain(ORDER_TOKEN);
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
