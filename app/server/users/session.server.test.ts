import { describe, expect, it } from "vitest";
import {
  clearSessionCookie,
  commitSessionCookie,
  hashSessionToken,
  readSessionToken,
  sessionCookieName,
} from "./session.server.ts";

const secret = "unit-secret-unit-secret-unit-secret-0000";

describe("session cookie", () => {
  it("is __Host-en_session, HttpOnly, SameSite=Lax, Secure, Path=/ and no Domain over https", async () => {
    const env = { SESSION_SECRET: secret, PUBLIC_URL: "https://shop.example" };
    expect(sessionCookieName(env)).toBe("__Host-en_session");
    const cookie = await commitSessionCookie(env, "token");
    expect(cookie).toMatch(/^__Host-en_session=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toContain("=token;");
    expect(await clearSessionCookie(env)).toMatch(/^__Host-en_session=;.*Max-Age=0/);
    // The cookie it set is the one it reads back.
    const request = new Request("https://shop.example/admin", {
      headers: { Cookie: cookie.split(";")[0]! },
    });
    expect(await readSessionToken(request, env)).toBe("token");
  });

  it("is en_session and not Secure on plain http (local use), and clearing expires it", async () => {
    const env = { SESSION_SECRET: secret, PUBLIC_URL: "http://localhost:3000" };
    expect(sessionCookieName(env)).toBe("en_session");
    const cookie = await commitSessionCookie(env, "token");
    expect(cookie).toMatch(/^en_session=/);
    expect(cookie).not.toMatch(/Secure/);
    expect(await clearSessionCookie(env)).toMatch(/^en_session=;.*Max-Age=0/);
  });

  it("stores a SHA-256 hex digest, never the token", () => {
    expect(hashSessionToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
