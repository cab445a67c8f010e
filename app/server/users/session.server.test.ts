import { describe, expect, it } from "vitest";
import { clearSessionCookie, commitSessionCookie, hashSessionToken } from "./session.server.ts";

const secret = "unit-secret-unit-secret-unit-secret-0000";

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and Secure when the site is served over https", async () => {
    const cookie = await commitSessionCookie(
      { SESSION_SECRET: secret, PUBLIC_URL: "https://shop.example" },
      "token",
    );
    expect(cookie).toMatch(/^en_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).not.toContain("=token;");
  });

  it("is not Secure on plain http (local use), and clearing expires it", async () => {
    const env = { SESSION_SECRET: secret, PUBLIC_URL: "http://localhost:3000" };
    expect(await commitSessionCookie(env, "token")).not.toMatch(/Secure/);
    expect(await clearSessionCookie(env)).toMatch(/Max-Age=0/);
  });

  it("stores a SHA-256 hex digest, never the token", () => {
    expect(hashSessionToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
