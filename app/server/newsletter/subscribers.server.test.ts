import { describe, expect, it } from "vitest";
import { createUnsubscribeToken, readUnsubscribeToken } from "./subscribers.server.ts";

const SECRET = "k".repeat(32);

describe("unsubscribe tokens", () => {
  it("round-trip the address, in lower case", () => {
    const token = createUnsubscribeToken(SECRET, "Thandi@Example.co.za");
    expect(readUnsubscribeToken(SECRET, token)).toBe("thandi@example.co.za");
  });

  it("refuse a token signed with another secret or for another address", () => {
    const token = createUnsubscribeToken(SECRET, "a@example.co.za");
    expect(readUnsubscribeToken("x".repeat(32), token)).toBeNull();
    const [, signature] = token.split(".");
    const other = `${Buffer.from("b@example.co.za").toString("base64url")}.${signature}`;
    expect(readUnsubscribeToken(SECRET, other)).toBeNull();
    expect(readUnsubscribeToken(SECRET, "garbage")).toBeNull();
  });
});
