import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "#app/lib/passkeys.ts";
import { TRANSIENT_TABLES } from "#app/server/backup/format.server.ts";
import { listTables } from "#app/server/backup/tables.server.ts";
import { systemClock } from "#app/server/context.server.ts";
import { PASSKEY_CHALLENGE_MS } from "#app/server/users/passkeys.server.ts";
import { hashSessionToken } from "#app/server/users/session.server.ts";
import {
  adminUsers,
  auditLog,
  notifications,
  passkeyChallenges,
  passkeys,
  sessions,
} from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { cookiesFrom, createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { SoftwarePasskey } from "#tests/setup/webauthn.ts";

/*
 * Passkeys (docs/product.md §3.13, §3.1; decision 036), through the app's real route handler
 * with real WebAuthn responses from a software authenticator (tests/setup/webauthn.ts):
 * registration needs a signed-in admin and the current password; challenges are single use
 * and expire (time moved with services.clock, decision 032); a wrong origin or RP ID, an
 * unknown credential, a counter that went back and a non-admin are refused; sign-in makes a
 * session as the password does; adding and removing are audited and e-mailed.
 */

let ctx: Awaited<ReturnType<typeof createAdminApp>>;

beforeAll(async () => {
  ctx = await createAdminApp({ email: "keys@passkeys.example" });
}, 120_000);
afterAll(() => ctx.handle.close());

const ORIGIN = "http://localhost:3000";
const RP_ID = "localhost";
const PASSWORD = "correct-horse-1";

/** A fresh admin with a signed-in session (this test's "device"). */
async function freshAdmin() {
  const user = await createTestUser(ctx.db, { admin: true, password: PASSWORD });
  const { cookie, token } = await signedInCookie(ctx.services, user.id);
  return { ...user, cookie, sessionId: hashSessionToken(token) };
}

type Admin = Awaited<ReturnType<typeof freshAdmin>>;

const registrationChallenge = async (sessionId: string) => {
  const rows = await ctx.db
    .select({ challenge: passkeyChallenges.challenge })
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.sessionId, sessionId));
  return rows[0]?.challenge;
};

/** "Add a passkey" step one: the name and current password (the page's script posts it). */
function askToAdd(admin: Pick<Admin, "cookie">, password = PASSWORD, name = "Laptop") {
  return ctx.app.postForm(
    "/admin/account.data",
    { intent: "add-passkey", name, currentPassword: password },
    { headers: { Cookie: admin.cookie } },
  );
}

/** Step two: the authenticator's answer to the session's challenge. */
function sendRegistration(admin: Pick<Admin, "cookie">, response: unknown, name = "Laptop") {
  return ctx.app.postForm(
    "/admin/account",
    { intent: "register-passkey", name, response: JSON.stringify(response) },
    { headers: { Cookie: admin.cookie } },
  );
}

/** A passkey registered for `admin` through both steps. */
async function addPasskey(admin: Admin, name = "Laptop") {
  const key = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
  expect((await askToAdd(admin, PASSWORD, name)).status).toBe(200);
  const challenge = await registrationChallenge(admin.sessionId);
  const answer = await sendRegistration(admin, key.register(challenge!), name);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain("Passkey added");
  return key;
}

/** The token in the `en_passkey` cookie (signed by react-router's createCookie). */
function challengeTokenOf(cookie: string): string {
  const raw = decodeURIComponent(/en_passkey=([^;]*)/.exec(cookie)![1]!);
  const payload = raw.slice(0, raw.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(payload)))) as string;
}

/** "Use a passkey" step one: a challenge and its cookie, as the login page's script gets them. */
async function signInChallenge(clientAddress = "203.0.113.7") {
  const response = await ctx.app.postForm(
    "/admin/login.data",
    { intent: "passkey-options" },
    { clientAddress },
  );
  expect(response.status).toBe(200);
  const cookie = cookiesFrom(response);
  const tokenHash = crypto.createHash("sha256").update(challengeTokenOf(cookie)).digest("hex");
  const [row] = await ctx.db
    .select({ challenge: passkeyChallenges.challenge })
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.tokenHash, tokenHash));
  return { cookie, challenge: row!.challenge };
}

function sendSignIn(
  cookie: string,
  response: unknown,
  options: { clientAddress?: string; sessionCookie?: string } = {},
) {
  return ctx.app.postForm(
    "/admin/login",
    { intent: "passkey", redirectTo: "/admin/orders", response: JSON.stringify(response) },
    {
      headers: {
        Cookie: [cookie, options.sessionCookie].filter(Boolean).join("; "),
        "User-Agent": "Passkey Browser/1.0",
      },
      clientAddress: options.clientAddress ?? "203.0.113.7",
    },
  );
}

const passkeysOf = (userId: string) =>
  ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const sessionsOf = (userId: string) =>
  ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

describe("adding a passkey", () => {
  it("stores the credential, audits it and e-mails the owner, in one go", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin, "Work laptop");
    const [stored] = await passkeysOf(admin.id);
    expect(stored).toMatchObject({
      credentialId: key.id,
      counter: 0,
      transports: ["internal"],
      name: "Work laptop",
      lastUsedAt: null,
    });
    expect(stored!.publicKey.length).toBeGreaterThan(40);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, "user.passkey-add")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ passkey: "Work laptop" });
    const mail = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, admin.email));
    expect(mail.map((m) => m.kind)).toEqual(["account.passkey_changed"]);
    expect(mail[0]!.subject).toContain("A passkey was added");
    expect(mail[0]!.textBody).toContain('"Work laptop"');
    // The challenge was spent.
    expect(await registrationChallenge(admin.sessionId)).toBeUndefined();
    // The account page lists it.
    const page = await ctx.app.request("/admin/account", { headers: { Cookie: admin.cookie } });
    const html = await page.text();
    expect(html).toContain("Work laptop");
    expect(html).toContain("never used");
  });

  it("needs a signed-in admin: anonymous and non-admin requests store no challenge", async () => {
    const before = await ctx.db.select().from(passkeyChallenges);
    const anonymous = await askToAdd({ cookie: "" });
    expect(anonymous.status).toBe(202);
    expect(await anonymous.text()).toContain("/admin/login");
    const user = await createTestUser(ctx.db, { password: PASSWORD });
    const { cookie } = await signedInCookie(ctx.services, user.id);
    const nonAdmin = await askToAdd({ cookie });
    expect(await nonAdmin.text()).toContain("/admin/login");
    const key = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
    const register = await sendRegistration({ cookie }, key.register("made-up"));
    expect(register.status).toBe(302);
    expect(await ctx.db.select().from(passkeyChallenges)).toEqual(before);
    expect(await passkeysOf(user.id)).toEqual([]);
  });

  it("needs the current password", async () => {
    const admin = await freshAdmin();
    const wrong = await askToAdd(admin, "not-my-password");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(PASSKEY_MESSAGES.wrongPassword);
    expect(await registrationChallenge(admin.sessionId)).toBeUndefined();
  });

  it("refuses an answer from another origin or for another RP ID, and spends the challenge", async () => {
    const admin = await freshAdmin();
    for (const ceremony of [{ origin: "https://evil.example" }, { rpId: "evil.example" }]) {
      const key = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
      await askToAdd(admin);
      const challenge = await registrationChallenge(admin.sessionId);
      const refused = await sendRegistration(admin, key.register(challenge!, ceremony));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(PASSKEY_MESSAGES.invalid);
      // Spent: the right answer to the same challenge is refused now too.
      const again = await sendRegistration(admin, key.register(challenge!));
      expect(await again.text()).toContain(PASSKEY_MESSAGES.expired);
    }
    expect(await passkeysOf(admin.id)).toEqual([]);
  });

  it("refuses a challenge bound to another session, and one past its time", async () => {
    const admin = await freshAdmin();
    const key = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
    await askToAdd(admin);
    const challenge = await registrationChallenge(admin.sessionId);
    const other = await signedInCookie(ctx.services, admin.id);
    const elsewhere = await sendRegistration({ cookie: other.cookie }, key.register(challenge!));
    expect(await elsewhere.text()).toContain(PASSKEY_MESSAGES.expired);

    await askToAdd(admin);
    const late = await registrationChallenge(admin.sessionId);
    ctx.services.clock = () => new Date(Date.now() + PASSKEY_CHALLENGE_MS + 1000);
    try {
      const refused = await sendRegistration(admin, key.register(late!));
      expect(await refused.text()).toContain(PASSKEY_MESSAGES.expired);
    } finally {
      ctx.services.clock = systemClock;
    }
    expect(await passkeysOf(admin.id)).toEqual([]);
  });
});

describe("signing in with a passkey", () => {
  it("signs an admin in like the password: rotated session, browser and address kept", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const { cookie, challenge } = await signInChallenge();
    const response = await sendSignIn(cookie, key.signIn(challenge, { counter: 0 }), {
      sessionCookie: admin.cookie,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/orders");
    const set = cookiesFrom(response);
    expect(set).toMatch(/en_session=[^;]+/);
    // The session the browser carried was ended (rotation); the new one is kept with its origin.
    const rows = await sessionsOf(admin.id);
    expect(rows.map((s) => s.id)).not.toContain(admin.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userAgent: "Passkey Browser/1.0",
      clientAddress: "203.0.113.7",
    });
    const sessionCookie = set.split("; ").find((c) => c.startsWith("en_session="))!;
    const page = await ctx.app.request("/admin/dashboard", { headers: { Cookie: sessionCookie } });
    expect(page.status).toBe(200);
    const [stored] = await passkeysOf(admin.id);
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("uses a challenge once", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const { cookie, challenge } = await signInChallenge();
    const answer = key.signIn(challenge);
    expect((await sendSignIn(cookie, answer)).status).toBe(302);
    const replay = await sendSignIn(cookie, answer);
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain(PASSKEY_MESSAGES.expired);
  });

  it("refuses a challenge past its time, accepts one just inside it", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const start = Date.now();
    ctx.services.clock = () => new Date(start);
    try {
      const late = await signInChallenge();
      ctx.services.clock = () => new Date(start + PASSKEY_CHALLENGE_MS + 1000);
      const refused = await sendSignIn(late.cookie, key.signIn(late.challenge));
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain(PASSKEY_MESSAGES.expired);

      ctx.services.clock = () => new Date(start);
      const inTime = await signInChallenge();
      ctx.services.clock = () => new Date(start + PASSKEY_CHALLENGE_MS - 5000);
      expect((await sendSignIn(inTime.cookie, key.signIn(inTime.challenge))).status).toBe(302);
    } finally {
      ctx.services.clock = systemClock;
    }
  });

  it("refuses an answer without the challenge's cookie", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const { challenge } = await signInChallenge();
    const refused = await sendSignIn("", key.signIn(challenge));
    expect(refused.status).toBe(401);
    expect(await sessionsOf(admin.id)).toHaveLength(1);
  });

  it("refuses another origin, another RP ID, an unverified user and an unknown passkey", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const stranger = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
    const cases: [SoftwarePasskey, Parameters<SoftwarePasskey["signIn"]>[1]][] = [
      [key, { origin: "https://evil.example" }],
      [key, { origin: "http://localhost:3001" }],
      [key, { rpId: "evil.example" }],
      [key, { unverified: true }],
      [stranger, {}],
    ];
    for (const [passkey, ceremony] of cases) {
      const { cookie, challenge } = await signInChallenge();
      const refused = await sendSignIn(cookie, passkey.signIn(challenge, ceremony));
      expect(refused.status, JSON.stringify(ceremony)).toBe(401);
      expect(await refused.text()).toContain(PASSKEY_MESSAGES.signInFailed);
      expect(cookiesFrom(refused)).not.toMatch(/en_session=[^;]+/);
    }
    expect(await sessionsOf(admin.id)).toHaveLength(1);
    const [stored] = await passkeysOf(admin.id);
    expect(stored!.lastUsedAt).toBeNull();
  });

  it("refuses a counter that went back (a cloned authenticator)", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const first = await signInChallenge();
    expect(
      (await sendSignIn(first.cookie, key.signIn(first.challenge, { counter: 5 }))).status,
    ).toBe(302);
    for (const counter of [5, 3, 0]) {
      const { cookie, challenge } = await signInChallenge();
      const refused = await sendSignIn(cookie, key.signIn(challenge, { counter }));
      expect(refused.status, `counter ${counter}`).toBe(401);
    }
    expect((await passkeysOf(admin.id))[0]!.counter).toBe(5);
    const next = await signInChallenge();
    expect((await sendSignIn(next.cookie, key.signIn(next.challenge, { counter: 6 }))).status).toBe(
      302,
    );
  });

  it("denies an account that is not (or no longer) an admin, and leaves it signed out", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    await ctx.db.delete(adminUsers).where(eq(adminUsers.id, admin.id));
    const { cookie, challenge } = await signInChallenge();
    const denied = await sendSignIn(cookie, key.signIn(challenge), {
      sessionCookie: admin.cookie,
    });
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("You are not an admin user");
    expect(await sessionsOf(admin.id)).toEqual([]);
  });

  it("limits challenges per address, storing none past the limit", async () => {
    const address = "198.51.100.99";
    const limit = ctx.services.rateLimits.points("passkeyChallengesPerAddress");
    for (let i = 0; i < limit; i++) await signInChallenge(address);
    const before = await ctx.db.select().from(passkeyChallenges);
    const refused = await ctx.app.postForm(
      "/admin/login.data",
      { intent: "passkey-options" },
      { clientAddress: address },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await ctx.db.select().from(passkeyChallenges)).toEqual(before);
  });

  it("counts answers against the address's sign-in limit", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin);
    const stranger = new SoftwarePasskey({ origin: ORIGIN, rpId: RP_ID });
    const address = "198.51.100.44";
    const limit = ctx.services.rateLimits.points("loginFailuresPerAddress");
    for (let i = 0; i < limit; i++) {
      const { cookie, challenge } = await signInChallenge(address);
      expect(
        (await sendSignIn(cookie, stranger.signIn(challenge), { clientAddress: address })).status,
      ).toBe(401);
    }
    const { cookie, challenge } = await signInChallenge(address);
    const blocked = await sendSignIn(cookie, key.signIn(challenge), { clientAddress: address });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("removing a passkey", () => {
  it("needs the current password; then it is gone, audited and e-mailed", async () => {
    const admin = await freshAdmin();
    const key = await addPasskey(admin, "Old phone");
    const [stored] = await passkeysOf(admin.id);
    const remove = (currentPassword: string) =>
      ctx.app.postForm(
        "/admin/account",
        { intent: "remove-passkey", passkeyId: stored!.id, currentPassword },
        { headers: { Cookie: admin.cookie } },
      );
    const wrong = await remove("not-my-password");
    expect(wrong.status).toBe(400);
    expect(await passkeysOf(admin.id)).toHaveLength(1);

    const removed = await remove(PASSWORD);
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Passkey removed");
    expect(await passkeysOf(admin.id)).toEqual([]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, "user.passkey-remove")));
    expect(audit.map((a) => a.details)).toEqual([{ passkey: "Old phone" }]);
    const mail = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, admin.email));
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringContaining("was added"),
      expect.stringContaining("was removed"),
    ]);
    // A removed passkey signs nobody in.
    const { cookie, challenge } = await signInChallenge();
    expect((await sendSignIn(cookie, key.signIn(challenge))).status).toBe(401);
  });

  it("renames the account's own passkey, audited; never another account's", async () => {
    const owner = await freshAdmin();
    await addPasskey(owner, "Phone");
    const [stored] = await passkeysOf(owner.id);
    const rename = (cookie: string, name: string) =>
      ctx.app.postForm(
        "/admin/account",
        { intent: "rename-passkey", passkeyId: stored!.id, name },
        { headers: { Cookie: cookie } },
      );
    const other = await freshAdmin();
    expect((await rename(other.cookie, "Mine now")).status).toBe(404);
    const refused = await rename(owner.cookie, "See https://evil.example");
    expect(refused.status).toBe(400);
    expect((await passkeysOf(owner.id))[0]!.name).toBe("Phone");
    const renamed = await rename(owner.cookie, "  Work phone ");
    expect(renamed.status).toBe(200);
    expect((await passkeysOf(owner.id))[0]!.name).toBe("Work phone");
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, owner.id), eq(auditLog.action, "user.passkey-rename")));
    expect(audit.map((a) => a.details)).toEqual([{ passkey: "Work phone" }]);
  });

  it("never removes another account's passkey", async () => {
    const owner = await freshAdmin();
    await addPasskey(owner);
    const [stored] = await passkeysOf(owner.id);
    const other = await freshAdmin();
    const refused = await ctx.app.postForm(
      "/admin/account",
      { intent: "remove-passkey", passkeyId: stored!.id, currentPassword: PASSWORD },
      { headers: { Cookie: other.cookie } },
    );
    expect(refused.status).toBe(404);
    expect(await passkeysOf(owner.id)).toHaveLength(1);
  });
});

it("a backup carries the passkeys (durable data, decision 019)", async () => {
  const tables = (await listTables(ctx.db)).map((table) => table.name);
  expect(tables).toContain("passkeys");
  // A passkey row belongs after its account, so a restore can load it.
  expect(tables.indexOf("passkeys")).toBeGreaterThan(tables.indexOf("users"));
  // Challenges live 5 minutes: a backup leaves them out and a restore leaves none.
  expect(TRANSIENT_TABLES.has("passkey_challenges")).toBe(true);
  expect(TRANSIENT_TABLES.has("passkeys")).toBe(false);
});
