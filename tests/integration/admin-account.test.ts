import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  NEW_PASSWORD_LENGTH_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "#app/lib/validation/account.ts";
import { RATE_LIMIT_RULES } from "#app/server/context.server.ts";
import { authenticate } from "#app/server/users/accounts.server.ts";
import {
  createSession,
  getSessionUser,
  hashSessionToken,
} from "#app/server/users/session.server.ts";
import { auditLog, notifications, sessions } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";

/*
 * The account page (docs/product.md §3.13): change password (current one required, 12
 * characters, not a common one; other sessions end, this one stays; audited and e-mailed),
 * and "Where you are signed in" with Sign out per session and everywhere else.
 */

let ctx: Awaited<ReturnType<typeof createAdminApp>>;

beforeAll(async () => {
  ctx = await createAdminApp({ email: "owner@account.example" });
}, 120_000);
afterAll(() => ctx.handle.close());

const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A fresh admin with a known password and a signed-in session (the "this device"). */
async function freshAdmin(password = "old-password-for-tests") {
  const user = await createTestUser(ctx.db, { admin: true, password });
  const { cookie, token } = await signedInCookie(ctx.services, user.id);
  return { ...user, cookie, sessionId: hashSessionToken(token) };
}

function changePassword(
  cookie: string,
  fields: { currentPassword: string; newPassword: string; confirmPassword?: string },
  clientAddress = "127.0.0.1",
) {
  return ctx.app.postForm(
    "/admin/account",
    {
      intent: "change-password",
      confirmPassword: fields.newPassword,
      ...fields,
    },
    { headers: { Cookie: cookie }, clientAddress },
  );
}

const sessionsOf = (userId: string) =>
  ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
const mailTo = (email: string) =>
  ctx.db.select().from(notifications).where(eq(notifications.recipient, email));
const auditsOf = (userId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

describe("change password", () => {
  it("refuses a wrong current password, and changes nothing", async () => {
    const user = await freshAdmin();
    const other = await createSession(ctx.db, user.id);
    const response = await changePassword(user.cookie, {
      currentPassword: "not-the-password",
      newPassword: "a-brand-new-passphrase",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(WRONG_CURRENT_PASSWORD_MESSAGE);
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect(await mailTo(user.email)).toEqual([]);
    expect(other.token).toBeTruthy();
  });

  it("refuses a new password under 12 characters or on the common list, with the message", async () => {
    const user = await freshAdmin();
    const short = await changePassword(user.cookie, {
      currentPassword: user.password,
      newPassword: "elevenchars",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(NEW_PASSWORD_LENGTH_MESSAGE);
    for (const common of ["qwerty123456", "Password12345!"]) {
      const refused = await changePassword(user.cookie, {
        currentPassword: user.password,
        newPassword: common,
      });
      expect(refused.status, common).toBe(400);
      expect(await refused.text(), common).toContain(COMMON_PASSWORD_MESSAGE);
      expect((await authenticate(ctx.db, user.email, common)).ok, common).toBe(false);
    }
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(true);
    expect(await auditsOf(user.id, "user.password-change")).toEqual([]);
  });

  it("ends every other session, keeps this one, audits and e-mails the owner", async () => {
    const user = await freshAdmin();
    await createSession(ctx.db, user.id);
    await createSession(ctx.db, user.id);
    const newPassword = "lathe and bench vice at noon";
    const response = await changePassword(
      user.cookie,
      { currentPassword: user.password, newPassword },
      "203.0.113.9",
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your password was changed");

    expect((await sessionsOf(user.id)).map((s) => s.id)).toEqual([user.sessionId]);
    const page = await ctx.app.request("/admin/account", { headers: { Cookie: user.cookie } });
    expect(page.status).toBe(200);
    expect((await authenticate(ctx.db, user.email, newPassword)).ok).toBe(true);
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(false);

    const [entry] = await auditsOf(user.id, "user.password-change");
    expect(entry?.actorEmail).toBe(user.email);
    expect(JSON.stringify(entry?.details)).not.toContain(newPassword);
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.kind)).toEqual(["account.password_changed"]);
    expect(mail[0]!.textBody).toContain("203.0.113.9");
    expect(mail[0]!.textBody).toContain("South African time");
    expect(mail[0]!.textBody).not.toContain(newPassword);
    expect(mail[0]!.htmlBody).toContain("Your password was changed");
  });

  it("limits wrong current passwords per user, like sign-in", async () => {
    const user = await freshAdmin();
    const points = RATE_LIMIT_RULES.passwordChangePerUser.points;
    for (let i = 0; i < points; i++) {
      const wrong = await changePassword(user.cookie, {
        currentPassword: `wrong-${i}`,
        newPassword: "a-brand-new-passphrase",
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await changePassword(user.cookie, {
      currentPassword: user.password,
      newPassword: "a-brand-new-passphrase",
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(true);
  });
});

describe("where you are signed in", () => {
  it("lists the sessions with browser, system and address, this one marked", async () => {
    const user = await freshAdmin();
    await createSession(ctx.db, user.id, new Date(), {
      userAgent: FIREFOX_WINDOWS,
      clientAddress: "198.51.100.7",
    });
    await createSession(ctx.db, user.id, new Date(), {
      userAgent: SAFARI_IPHONE,
      clientAddress: "2001:db8:1:2::/64",
    });
    const html = await (
      await ctx.app.request("/admin/account", { headers: { Cookie: user.cookie } })
    ).text();
    expect(html).toContain("Where you are signed in");
    expect(html).toContain("This device");
    expect(html.match(/This device/g)).toHaveLength(1);
    expect(html).toContain("Firefox 133 on Windows 10");
    expect(html).toContain("198.51.100.7");
    expect(html).toContain("Safari 17 on iOS");
    expect(html).toContain("2001:db8:1:2::/64");
    expect(html).toContain("Sign out everywhere else");
  });

  it("signs out one other session, audited; never another user's or this one", async () => {
    const user = await freshAdmin();
    const laptop = await createSession(ctx.db, user.id);
    const stranger = await createTestUser(ctx.db, { admin: true });
    const theirs = await createSession(ctx.db, stranger.id);
    const endSession = (sessionId: string) =>
      ctx.app.postForm(
        "/admin/account",
        { intent: "end-session", sessionId },
        { headers: { Cookie: user.cookie } },
      );

    expect((await endSession(hashSessionToken(theirs.token))).status).toBe(404);
    expect(await sessionsOf(stranger.id)).toHaveLength(1);
    expect((await endSession(user.sessionId)).status).toBe(404);

    const ended = await endSession(hashSessionToken(laptop.token));
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("That session was signed out.");
    expect((await sessionsOf(user.id)).map((s) => s.id)).toEqual([user.sessionId]);
    const [entry] = await auditsOf(user.id, "user.session-end");
    expect(entry?.details).toEqual({ sessions: 1 });
    expect(await auditsOf(stranger.id, "user.session-end")).toEqual([]);
    // The owner hears of it; the refused attempts sent nothing.
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.kind)).toEqual(["account.sessions_ended"]);
    expect(mail[0]!.textBody).toContain("One session of your admin account");
    expect(await mailTo(stranger.email)).toEqual([]);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const user = await freshAdmin();
    await createSession(ctx.db, user.id);
    await createSession(ctx.db, user.id);
    const stranger = await createTestUser(ctx.db, { admin: true });
    await createSession(ctx.db, stranger.id);
    const response = await ctx.app.postForm(
      "/admin/account",
      { intent: "end-other-sessions" },
      { headers: { Cookie: user.cookie } },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Signed out of 2 other sessions.");
    expect((await sessionsOf(user.id)).map((s) => s.id)).toEqual([user.sessionId]);
    expect(await sessionsOf(stranger.id)).toHaveLength(1);
    const [entry] = await auditsOf(user.id, "user.session-end");
    expect(entry?.details).toEqual({ sessions: 2 });
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.kind)).toEqual(["account.sessions_ended"]);
    expect(mail[0]!.textBody).toContain("2 sessions of your admin account");
  });

  it("moves a session's last seen at most once a minute, not on every request", async () => {
    const user = await freshAdmin();
    const { token } = await createSession(ctx.db, user.id);
    const lastSeen = async () =>
      (
        await ctx.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.id, hashSessionToken(token)))
      )[0]!.at.getTime();
    const start = await lastSeen();
    await getSessionUser(ctx.db, token, new Date(start + 59_000));
    expect(await lastSeen()).toBe(start);
    await getSessionUser(ctx.db, token, new Date(start + 61_000));
    expect(await lastSeen()).toBe(start + 61_000);
  });

  it("is linked from the sidebar's Signed in as", async () => {
    const html = await (
      await ctx.app.request("/admin/dashboard", { headers: { Cookie: ctx.cookie } })
    ).text();
    expect(html).toMatch(/<a[^>]*href="\/admin\/account"[^>]*>Signed in as/);
  });
});
