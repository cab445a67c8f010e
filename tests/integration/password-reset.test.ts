import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_MESSAGES, RESET_REQUESTED_MESSAGE } from "#app/lib/account.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  NEW_PASSWORD_LENGTH_MESSAGE,
} from "#app/lib/validation/account.ts";
import { RATE_LIMIT_RULES, systemClock } from "#app/server/context.server.ts";
import { authenticate } from "#app/server/users/accounts.server.ts";
import { PASSWORD_RESET_MS, RESET_ANSWER_MS } from "#app/server/users/password-reset.server.ts";
import { createSession } from "#app/server/users/session.server.ts";
import { auditLog, notifications, passwordResets, sessions } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { cookiesFrom, createTestUser, signedInCookie } from "#tests/setup/auth.ts";

/*
 * "Forgot password?" (docs/product.md §3.14): the same answer for every address, a link
 * e-mailed to an account's owner (only its token's hash stored), single use, 30 minutes,
 * rate-limited per e-mail and per address; using it sets the password, ends every session and
 * signs the admin in. Time is moved with services.clock (decision 032), never waited for.
 */

let ctx: Awaited<ReturnType<typeof createAdminApp>>;
let addressCounter = 0;
/** A client address of its own per request, so the per-address limit stays out of the way. */
const nextAddress = () => `192.0.2.${++addressCounter}`;

beforeAll(async () => {
  ctx = await createAdminApp();
}, 120_000);
afterAll(() => ctx.handle.close());

function askForReset(email: string, clientAddress = nextAddress()) {
  return ctx.app.postForm("/admin/forgot-password", { email }, { clientAddress });
}

// Oldest first: without an order PostgreSQL may return a newer row first (a freed slot).
const mailTo = (email: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, email))
    .orderBy(asc(notifications.createdAt));

/** The reset link of the newest reset e-mail to `email`. */
async function resetLinkFor(email: string): Promise<string> {
  const mails = (await mailTo(email)).filter((m) => m.kind === "account.password_reset");
  const text = mails.at(-1)?.textBody ?? "";
  const link = /http:\/\/localhost:3000\/admin\/reset-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link e-mailed to ${email}`);
  return link;
}

const pathOf = (link: string) => new URL(link).pathname;
const tokenOf = (link: string) => pathOf(link).split("/").at(-1)!;

function setPassword(link: string, newPassword: string, init: { cookie?: string } = {}) {
  return ctx.app.postForm(
    pathOf(link),
    { newPassword, confirmPassword: newPassword },
    {
      clientAddress: "198.51.100.20",
      headers: {
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      },
    },
  );
}

/** Runs `send` with the services' clock `ms` ahead, then the system's again. */
async function later<T>(ms: number, send: () => Promise<T>): Promise<T> {
  ctx.services.clock = () => new Date(Date.now() + ms);
  try {
    return await send();
  } finally {
    ctx.services.clock = systemClock;
  }
}

describe("asking for a reset", () => {
  it("answers an unknown address exactly as one with an account, and e-mails only the account", async () => {
    const user = await createTestUser(ctx.db, { admin: true, email: "known@reset.example" });
    const known = await askForReset(user.email);
    const unknown = await askForReset("nobody@reset.example");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownHtml = await known.text();
    expect(knownHtml).toContain(RESET_REQUESTED_MESSAGE);
    expect(await unknown.text()).toBe(knownHtml);

    expect(await mailTo("nobody@reset.example")).toEqual([]);
    const link = await resetLinkFor(user.email);
    // Built from PUBLIC_URL, like every e-mail's links.
    expect(link.startsWith(`${ctx.services.env.PUBLIC_URL}/admin/reset-password/`)).toBe(true);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, user.id), eq(auditLog.action, "user.password-reset-request")),
      );
    expect(entry?.details).toMatchObject({ from: expect.any(String) });
  });

  it("takes the same time for an account and an unknown address: at least the floor", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    for (const email of [user.email, "nobody-timed@reset.example"]) {
      const started = performance.now();
      const response = await askForReset(email);
      await response.text();
      // Timers may fire a millisecond early; the floor is what hides the difference.
      expect(performance.now() - started, email).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    }
  });

  it("stores only the SHA-256 of the link's token", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    await askForReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const rows = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("limits requests per e-mail (any address) and per client address", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    const perEmail = RATE_LIMIT_RULES.passwordResetPerEmail.points;
    for (let i = 0; i < perEmail; i++) expect((await askForReset(user.email)).status).toBe(200);
    const blocked = await askForReset(user.email.toUpperCase());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
    expect(
      (await mailTo(user.email)).filter((m) => m.kind === "account.password_reset"),
    ).toHaveLength(perEmail);

    const address = "203.0.113.50";
    const perAddress = RATE_LIMIT_RULES.passwordResetPerAddress.points;
    for (let i = 0; i < perAddress; i++) {
      expect((await askForReset(`someone-${i}@limit.example`, address)).status).toBe(200);
    }
    expect((await askForReset("one-more@limit.example", address)).status).toBe(429);
  });
});

describe("using the link", () => {
  it("sets the password, ends every session, signs in, audits and e-mails", async () => {
    const user = await createTestUser(ctx.db, { admin: true, password: "forgotten-password-1" });
    const { cookie: oldCookie } = await signedInCookie(ctx.services, user.id);
    await createSession(ctx.db, user.id);
    await askForReset(user.email);
    const link = await resetLinkFor(user.email);

    const page = await ctx.app.request(pathOf(link));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Set a new password");
    expect(html).toContain('content="same-origin"');

    const short = await setPassword(link, "short-one");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(NEW_PASSWORD_LENGTH_MESSAGE);
    const common = await setPassword(link, "qwerty123456");
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(COMMON_PASSWORD_MESSAGE);

    const newPassword = "the kettle by the workshop door";
    const done = await setPassword(link, newPassword);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/dashboard");
    expect((await authenticate(ctx.db, user.email, newPassword)).ok).toBe(true);
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(false);

    // Every earlier session ended; the browser that reset is signed in.
    const old = await ctx.app.request("/admin/dashboard", { headers: { Cookie: oldCookie } });
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toContain("/admin/login");
    const signedIn = await ctx.app.request("/admin/account", {
      headers: { Cookie: cookiesFrom(done) },
    });
    expect(signedIn.status).toBe(200);
    const remaining = await ctx.db
      .select({ userAgent: sessions.userAgent, address: sessions.clientAddress })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(remaining).toEqual([
      { userAgent: expect.stringContaining("Firefox"), address: "198.51.100.20" },
    ]);

    const audits = await ctx.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "user.password-reset")));
    expect(audits).toEqual([{ action: "user.password-reset", actor: user.email }]);
    const changed = (await mailTo(user.email)).filter((m) => m.kind === "account.password_changed");
    expect(changed).toHaveLength(1);
    expect(changed[0]!.textBody).toContain("198.51.100.20");
  });

  it("works once: a second use is refused with a way to ask again", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    await askForReset(user.email);
    const link = await resetLinkFor(user.email);
    expect((await setPassword(link, "first new passphrase here")).status).toBe(302);

    const again = await setPassword(link, "second new passphrase here");
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(RESET_LINK_MESSAGES.used);
    expect((await authenticate(ctx.db, user.email, "first new passphrase here")).ok).toBe(true);
    const page = await (await ctx.app.request(pathOf(link))).text();
    expect(page).toContain(RESET_LINK_MESSAGES.used);
    expect(page).toContain('href="/admin/forgot-password"');
  });

  it("expires after 30 minutes", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    await askForReset(user.email);
    const link = await resetLinkFor(user.email);

    const justBefore = await later(PASSWORD_RESET_MS - 5_000, () => ctx.app.request(pathOf(link)));
    expect(await justBefore.text()).toContain("Set a new password");

    const after = await later(PASSWORD_RESET_MS + 1_000, () => ctx.app.request(pathOf(link)));
    expect(await after.text()).toContain(RESET_LINK_MESSAGES.expired);
    const refused = await later(PASSWORD_RESET_MS + 1_000, () =>
      setPassword(link, "too late a passphrase"),
    );
    expect(refused.status).toBe(410);
    expect((await authenticate(ctx.db, user.email, user.password)).ok).toBe(true);
  });

  it("is replaced by a newer link, and a made-up one is not valid", async () => {
    const user = await createTestUser(ctx.db, { admin: true });
    await askForReset(user.email);
    const first = await resetLinkFor(user.email);
    await askForReset(user.email);
    const second = await resetLinkFor(user.email);
    expect(second).not.toBe(first);
    expect(await (await ctx.app.request(pathOf(first))).text()).toContain(
      RESET_LINK_MESSAGES.unknown,
    );
    expect((await setPassword(first, "replaced link passphrase")).status).toBe(410);
    const madeUp = `/admin/reset-password/${"A".repeat(43)}`;
    expect(await (await ctx.app.request(madeUp)).text()).toContain(RESET_LINK_MESSAGES.unknown);
    expect((await setPassword(second, "the newer link passphrase")).status).toBe(302);
  });
});
