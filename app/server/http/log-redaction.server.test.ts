import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.server.ts";

const TOKEN = "dGhhbmRpQGV4YW1wbGUuY28uemE.k2Jd8s0-Qx1Zr4yTfA9wQkqU1c7e0Jm3bHhX5nLpVtE";

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
  ])("keeps the shape of %s without its token", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain("dGhhbmRp");
  });

  it("leaves every other address as it is", () => {
    for (const url of ["/", "/products/abc?x=1", "/newsletter", "/newsletter/unsubscribe/"]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
