import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AppServices, RATE_LIMIT_RULES } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import { findUserByEmail, isAdmin } from "#app/server/users/accounts.server.ts";
import {
  getSessionUser,
  hashSessionToken,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
} from "#app/server/users/session.server.ts";
import { sessions } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { cookiesFrom, createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof createTestUser>>;
let regular: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  admin = await createTestUser(services.db, {
    email: "owner@example.co.za",
    password: "owner-password",
    admin: true,
  });
  regular = await createTestUser(services.db, {
    email: "staff@example.co.za",
    password: "staff-password",
  });
}, 120_000);
afterAll(() => handle.close());

beforeEach(() => {
  // Fresh counters per test; a test that needs other limits swaps its own in.
  services.rateLimits = new RateLimits(RATE_LIMIT_RULES);
});

const login = (
  fields: Record<string, string>,
  init: { cookie?: string; clientAddress?: string } = {},
) =>
  app.postForm(
    "/admin/login",
    { intent: "login", ...fields },
    {
      clientAddress: init.clientAddress,
      headers: init.cookie ? { Cookie: init.cookie } : undefined,
    },
  );

const signup = (fields: Record<string, string>, clientAddress?: string) =>
  app.postForm("/admin/login", { intent: "signup", ...fields }, { clientAddress });

async function sessionRows(userId: string) {
  return services.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("sign-in", () => {
  it("signs an admin in: session cookie, 'Login Successful', dashboard, history replaced", async () => {
    const response = await login({ email: "OWNER@example.co.za", password: "owner-password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(response.headers.get("X-Remix-Replace")).toBe("true");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("en_session="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = cookiesFrom(response);
    const page = await app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Login Successful");
    expect(html).toContain("been successfully logged in as an admin.");
  });

  it("stores only the token's hash", async () => {
    const response = await login({ email: admin.email, password: admin.password });
    const token = decodeURIComponent(cookiesFrom(response).match(/en_session=([^;]+)/)![1]!);
    const rows = await sessionRows(admin.id);
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("goes back to the remembered page", async () => {
    const response = await login({
      email: admin.email,
      password: admin.password,
      redirectTo: "/admin/orders?status=pending",
    });
    expect(response.headers.get("Location")).toBe("/admin/orders?status=pending");
  });

  it.each(["https://evil.example", "//evil.example/admin", "/\\evil.example"])(
    "refuses the open redirect %s and goes to the dashboard",
    async (redirectTo) => {
      const response = await login({ email: admin.email, password: admin.password, redirectTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
    },
  );

  it("remembers the page in the login form from the guard's redirect", async () => {
    const guard = await app.request("/admin/subscribers?q=x");
    const loginUrl = guard.headers.get("Location")!;
    expect(loginUrl).toBe("/admin/login?redirectTo=%2Fadmin%2Fsubscribers%3Fq%3Dx");
    const html = await (await app.request(loginUrl)).text();
    expect(html).toContain('name="redirectTo" value="/admin/subscribers?q=x"');
    const evil = await (await app.request("/admin/login?redirectTo=https://evil.example")).text();
    expect(evil).not.toContain('name="redirectTo"');
  });

  it("rotates the session: the cookie carried before sign-in stops working", async () => {
    const before = await signedInCookie(services, admin.id);
    const response = await login(
      { email: admin.email, password: admin.password },
      { cookie: before.cookie },
    );
    expect(response.status).toBe(302);
    expect(await getSessionUser(services.db, before.token)).toBeNull();
    expect(cookiesFrom(response)).not.toContain(before.cookie);
  });

  it("sends a signed-in admin from the login page to the dashboard", async () => {
    const { cookie } = await signedInCookie(services, admin.id);
    const response = await app.request("/admin/login", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("denies a non-admin with the right password and signs nothing in", async () => {
    const response = await login({ email: regular.email, password: regular.password });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join()).not.toContain("en_session=");
    const html = await response.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain(
      "You are not an admin user. Please request access from an admin of the system.",
    );
    expect(await sessionRows(regular.id)).toEqual([]);
  });

  it("signs out whoever the browser was before when a non-admin signs in (denied)", async () => {
    const { cookie } = await signedInCookie(services, admin.id);
    const before = (await sessionRows(admin.id)).length;
    const response = await login({ email: regular.email, password: regular.password }, { cookie });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Access Denied");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("en_session="));
    expect(cleared).toContain("Max-Age=0");
    expect(await sessionRows(admin.id)).toHaveLength(before - 1);
    expect(await sessionRows(regular.id)).toEqual([]);
    const dashboard = await app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });

  it("signs a non-admin out with 'Access Denied' when they open the login page", async () => {
    const { cookie } = await signedInCookie(services, regular.id);
    const response = await app.request("/admin/login", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(await sessionRows(regular.id)).toEqual([]);
    const toastCookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("en_toast="));
    const page = await app.request("/admin/login", { headers: { Cookie: toastCookie! } });
    const html = await page.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain(
      "You are not an admin user. Please request access from an admin of the system.",
    );
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const wrong = await login({ email: admin.email, password: "not-the-password" });
    const unknown = await login({ email: "nobody@example.co.za", password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    for (const html of [await wrong.text(), await unknown.text()]) {
      expect(html).toContain("Login Failed");
      expect(html).toContain("Invalid email or password");
      expect(html).not.toMatch(/not found|no account|does not exist|unknown/i);
    }
    expect(await sessionRows(admin.id)).not.toHaveLength(0); // earlier tests' sessions only
  });

  it("validates with the product's messages (400) and checks nothing", async () => {
    const response = await login({ email: "not-an-email", password: "12345" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Password must be at least 6 characters");
  });
});

describe("brute-force limits", () => {
  it("uses 5 failures per 15 minutes per e-mail from one address", () => {
    expect(RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress).toEqual({
      points: 5,
      durationSeconds: 900,
    });
  });

  it("answers 429 after 5 failures for one e-mail from one address, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await login({ email: admin.email, password: `wrong-${i}-password` });
      expect(response.status).toBe(401);
    }
    const blocked = await login({ email: admin.email, password: admin.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    const html = await blocked.text();
    expect(html).toContain("Too many attempts, try again in 15 minutes");
    expect(blocked.headers.getSetCookie().join()).not.toContain("en_session=");
    // Another account is not blocked by this one's failures.
    const other = await login({ email: "someone-else@example.co.za", password: "whatever-1" });
    expect(other.status).toBe(401);
  });

  it("limits failures per client address across e-mails", async () => {
    const limit = RATE_LIMIT_RULES.loginFailuresPerAddress.points;
    for (let i = 0; i < limit; i++) {
      const response = await login(
        { email: `guess-${i}@example.co.za`, password: "guess-password" },
        { clientAddress: "203.0.113.9" },
      );
      expect(response.status).toBe(401);
    }
    const blocked = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "203.0.113.9" },
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "198.51.100.7" },
    );
    expect(elsewhere.status).toBe(302);
  });

  it("recovers when the window has passed", async () => {
    services.rateLimits = new RateLimits({
      ...RATE_LIMIT_RULES,
      loginFailuresPerEmailAndAddress: { points: 2, durationSeconds: 1 },
    });
    await login({ email: admin.email, password: "wrong-password-1" });
    await login({ email: admin.email, password: "wrong-password-2" });
    expect((await login({ email: admin.email, password: admin.password })).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await login({ email: admin.email, password: admin.password })).status).toBe(302);
  });

  it("counts parallel guesses before checking them: of 8 at once, only 5 passwords are checked", async () => {
    // The counters production uses on this database (in the table on PostgreSQL).
    services.rateLimits = new RateLimits(RATE_LIMIT_RULES, {
      db: TEST_DB_KIND === "postgres" ? handle.db : undefined,
    });
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login(
          { email: admin.email, password: `parallel-guess-${i}` },
          { clientAddress: "203.0.113.80" },
        ),
      ),
    );
    const statuses = guesses.map((response) => response.status).sort();
    // 401: the password was checked and wrong; 429: refused before any check.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const blocked = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "203.0.113.80" },
    );
    expect(blocked.status).toBe(429);
  });

  it("never locks the owner out: a stranger's 5 failures block only the stranger's address", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await login(
        { email: admin.email, password: `stranger-${i}-password` },
        { clientAddress: "198.51.100.66" },
      );
      expect(response.status).toBe(401);
    }
    const stranger = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "198.51.100.66" },
    );
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Too many attempts, try again in 15 minutes");
    // The owner, elsewhere, is slowed down (the 6th attempt for the e-mail waits 1 s) but
    // signs in.
    const owner = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "192.0.2.200" },
    );
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/admin/dashboard");
    expect(cookiesFrom(owner)).toContain("en_session=");
  });

  it("keeps the stranger's address blocked when the owner signs in elsewhere", async () => {
    services.rateLimits = new RateLimits({
      ...RATE_LIMIT_RULES,
      // About the hard limit only: no slow-down.
      loginSlowdownPerEmail: { points: 100, durationSeconds: 900 },
    });
    for (let i = 0; i < 5; i++) {
      await login(
        { email: admin.email, password: `stranger-${i}-password` },
        { clientAddress: "198.51.100.67" },
      );
    }
    expect((await login({ email: admin.email, password: admin.password })).status).toBe(302);
    const stranger = await login(
      { email: admin.email, password: admin.password },
      { clientAddress: "198.51.100.67" },
    );
    expect(stranger.status).toBe(429);
  });

  it("limits Create Account per client address too", async () => {
    const limit = RATE_LIMIT_RULES.signupPerAddress.points;
    for (let i = 0; i < limit; i++) {
      const response = await signup(
        {
          email: `bulk-${i}@example.co.za`,
          password: "bulk-password",
          confirmPassword: "bulk-password",
        },
        "192.0.2.44",
      );
      expect(response.status).toBe(200);
    }
    const blocked = await signup(
      {
        email: "bulk-x@example.co.za",
        password: "bulk-password",
        confirmPassword: "bulk-password",
      },
      "192.0.2.44",
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts, try again in");
    expect(await findUserByEmail(services.db, "bulk-x@example.co.za")).toBeUndefined();
  });

  it("limits Create Account per e-mail too, whatever the address", async () => {
    const limit = RATE_LIMIT_RULES.signupPerEmail.points;
    const fields = {
      email: "Same-Person@example.co.za",
      password: "same-password",
      confirmPassword: "same-password",
    };
    for (let i = 0; i < limit; i++) {
      const response = await signup(
        { ...fields, email: i % 2 ? fields.email.toLowerCase() : fields.email },
        `192.0.2.${100 + i}`,
      );
      expect(response.status).toBe(200);
    }
    const blocked = await signup(fields, "192.0.2.120");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts, try again in");
    // Another e-mail from that same address is still welcome.
    const other = await signup({ ...fields, email: "someone-else@example.co.za" }, "192.0.2.120");
    expect(other.status).toBe(200);
  });
});

describe("over https", () => {
  it("names the session cookie __Host-en_session, Secure, and reads it back; the toast is Secure too", async () => {
    const secure = createTestServices(handle, { PUBLIC_URL: "https://shop.example" });
    const secureApp = await createTestApp(secure);
    const response = await secureApp.postForm("/admin/login", {
      intent: "login",
      email: admin.email,
      password: admin.password,
    });
    expect(response.status).toBe(302);
    const setCookies = response.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith("__Host-en_session="));
    expect(session).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(session).not.toMatch(/Domain=/i);
    expect(setCookies.find((c) => c.startsWith("en_toast="))).toMatch(/; Secure/);
    const cookie = cookiesFrom(response);
    const page = await secureApp.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    // An unknown session cookie is dropped under its own name.
    const stale = await secureApp.request("/admin/dashboard", {
      headers: { Cookie: "__Host-en_session=forged" },
    });
    expect(stale.status).toBe(302);
    expect(stale.headers.getSetCookie().join("\n")).toMatch(/^__Host-en_session=;.*Max-Age=0/);
  });
});

describe("sessions", () => {
  it("expire after inactivity: the row is deleted and the guard asks to sign in", async () => {
    const { cookie, token } = await signedInCookie(services, admin.id);
    await services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashSessionToken(token)));
    const response = await app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
    const [row] = await services.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken(token)));
    expect(row).toBeUndefined();
  });

  it("are renewed while in use, never beyond the absolute maximum", async () => {
    const { token } = await signedInCookie(services, admin.id);
    const id = hashSessionToken(token);
    const start = Date.now();
    const later = new Date(start + SESSION_IDLE_MS - 60_000);
    expect(await getSessionUser(services.db, token, later)).not.toBeNull();
    const [renewed] = await services.db.select().from(sessions).where(eq(sessions.id, id));
    expect(renewed!.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_MS);
    // However active, a session ends SESSION_MAX_AGE_MS after sign-in.
    const now = Date.now();
    const createdAt = new Date(now - SESSION_MAX_AGE_MS + 60 * 60 * 1000);
    await services.db
      .update(sessions)
      .set({ createdAt, lastSeenAt: createdAt, expiresAt: new Date(now + 1000) })
      .where(eq(sessions.id, id));
    expect(await getSessionUser(services.db, token, new Date(now))).not.toBeNull();
    const [capped] = await services.db.select().from(sessions).where(eq(sessions.id, id));
    expect(capped!.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);
    expect(await getSessionUser(services.db, token, new Date(now + 2 * 60 * 60 * 1000))).toBeNull();
  });

  it("sign-out deletes the session: the old cookie no longer works", async () => {
    const { cookie, token } = await signedInCookie(services, admin.id);
    const response = await app.request("/admin/logout", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/en_session=;.*Max-Age=0/);
    expect(await getSessionUser(services.db, token)).toBeNull();
    const again = await app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const loginPage = await app.request("/admin/login", {
      headers: { Cookie: cookiesFrom(response) },
    });
    const html = await loginPage.text();
    expect(html).toContain("Logged Out");
    expect(html).toContain("been successfully logged out.");
  });

  it("a GET of /admin/logout signs nobody out", async () => {
    const { cookie, token } = await signedInCookie(services, admin.id);
    const response = await app.request("/admin/logout", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(await getSessionUser(services.db, token)).not.toBeNull();
  });
});

describe("Create Account", () => {
  it("creates a regular user, signs nothing in, and shows the approval text", async () => {
    const response = await signup({
      email: "New.Person@example.co.za",
      password: "new-person-1",
      confirmPassword: "new-person-1",
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).not.toContain("en_session=");
    const html = await response.text();
    expect(html).toContain("Registration Successful");
    expect(html).toContain(
      "Your account has been created. Please request admin access from an existing administrator.",
    );
    const user = await findUserByEmail(services.db, "new.person@example.co.za");
    expect(user?.email).toBe("new.person@example.co.za");
    expect(await isAdmin(services.db, user!.id)).toBe(false);
    expect(await sessionRows(user!.id)).toEqual([]);
    // And the new account cannot sign in to the portal.
    const denied = await login({ email: "new.person@example.co.za", password: "new-person-1" });
    expect(denied.status).toBe(403);
  });

  it("answers an existing e-mail exactly like a new one and changes nothing", async () => {
    const before = await findUserByEmail(services.db, admin.email);
    const response = await signup({
      email: admin.email.toUpperCase(),
      password: "hijack-attempt",
      confirmPassword: "hijack-attempt",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Registration Successful");
    const after = await findUserByEmail(services.db, admin.email);
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it("validates with the product's messages", async () => {
    const mismatch = await signup({
      email: "x@example.co.za",
      password: "abcdef",
      confirmPassword: "abcdeg",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await signup({ email: "bad", password: "abc", confirmPassword: "abc" });
    const html = await short.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Password must be at least 6 characters");
    expect(await findUserByEmail(services.db, "x@example.co.za")).toBeUndefined();
  });
});
