import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_OR_CODE_MESSAGE,
} from "#app/lib/validation/two-step.ts";
import { CLI_ACTOR } from "#app/server/audit/audit.server.ts";
import { writeBackupFile } from "#app/server/backup/write.server.ts";
import { resetLinkState } from "#app/server/users/password-reset.server.ts";
import {
  decryptTotpSecret,
  hasTwoStepSignIn,
  totpCodeAt,
} from "#app/server/users/two-step.server.ts";
import {
  auditLog,
  notifications,
  pendingSignIns,
  recoveryCodes,
  sessions,
  totpCredentials,
} from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { cookiesFrom, createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { freezeTime, moveTime, releaseTime } from "#tests/setup/clock.ts";
import { createTempDataDir, createTestServices } from "#tests/setup/services.ts";
import { type CliIo, runAdminCli } from "../../scripts/admin-cli.ts";

/*
 * Two-step sign-in (docs/product.md §3.15, decision 035): set-up confirmed by a code, the
 * second step after the password (no session before it), drift, replay, recovery codes, the
 * limits on wrong codes, the pending sign-in's 10 minutes, turning it off, the owner's policy
 * (REQUIRE_ADMIN_2FA), the CLI, and the audit records and e-mails. Time is the services'
 * clock (moved, never waited for); the rate limits' `Date` is frozen and moved.
 */

let ctx: Awaited<ReturnType<typeof createAdminApp>>;
/** The instant the tests' clock stands at: the middle of a 30-second step. */
const T0 = new Date("2026-11-28T10:00:15.000Z");
let now = T0;

beforeAll(async () => {
  ctx = await createAdminApp({ email: "owner@two-step.example" });
  ctx.services.clock = () => now;
}, 120_000);
afterAll(() => ctx.handle.close());
afterEach(() => {
  now = T0;
  releaseTime();
});

const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
const mailTo = (email: string) =>
  ctx.db.select().from(notifications).where(eq(notifications.recipient, email));
const auditsOf = (userId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));
const sessionsOf = (userId: string) =>
  ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

type Admin = Awaited<ReturnType<typeof createTestUser>> & { cookie: string };

async function freshAdmin(): Promise<Admin> {
  const user = await createTestUser(ctx.db, { admin: true, password: "two-step-password-1" });
  const { cookie } = await signedInCookie(ctx.services, user.id);
  return { ...user, cookie };
}

const post = (cookie: string, fields: Record<string, string>, clientAddress = "127.0.0.1") =>
  ctx.app.postForm("/admin/account", fields, { headers: { Cookie: cookie }, clientAddress });

/** The secret the set-up made, read as the server reads it. */
async function secretOf(userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  const secret = row ? decryptTotpSecret(ctx.services.env, row.secret) : null;
  if (!secret) throw new Error("no TOTP secret");
  return secret;
}

/** Turns two-step sign-in on through the account page; returns the secret and the codes. */
async function turnOn(admin: Admin) {
  expect((await post(admin.cookie, { intent: "totp-start" })).status).toBe(200);
  const secret = await secretOf(admin.id);
  const response = await post(admin.cookie, {
    intent: "totp-confirm",
    code: totpCodeAt(secret, now),
  });
  expect(response.status).toBe(200);
  const page = await response.text();
  const codes = [...page.matchAll(/\b[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}\b/g)].map(
    (m) => m[0],
  );
  return { secret, codes: [...new Set(codes)] };
}

/** The password step: the answer and the pending sign-in's cookie. */
async function signInWithPassword(admin: Admin, clientAddress = "127.0.0.1", redirectTo?: string) {
  const response = await ctx.app.postForm(
    "/admin/login",
    {
      intent: "login",
      email: admin.email,
      password: admin.password,
      ...(redirectTo ? { redirectTo } : {}),
    },
    { clientAddress },
  );
  return { response, cookie: cookiesFrom(response) };
}

const sendCode = (cookie: string, code: string, clientAddress = "127.0.0.1") =>
  ctx.app.postForm(
    "/admin/login/two-step",
    { code },
    { headers: { Cookie: cookie }, clientAddress },
  );

describe("turning it on", () => {
  it("needs a correct code from the app before it is on; the secret is stored encrypted", async () => {
    const admin = await freshAdmin();
    const started = await post(admin.cookie, { intent: "totp-start" });
    expect(started.status).toBe(200);
    const page = await (
      await ctx.app.request("/admin/account", { headers: { Cookie: admin.cookie } })
    ).text();
    const secret = await secretOf(admin.id);
    // The page shows the QR code (inline SVG) and the key to type in.
    expect(page).toContain('aria-label="QR code to scan with your authenticator app"');
    expect(page.replaceAll(" ", "")).toContain(secret);
    const [row] = await ctx.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, admin.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.confirmedAt).toBeNull();
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);

    const wrong = await post(admin.cookie, {
      intent: "totp-confirm",
      code: totpCodeAt(secret, at(-5 * 60_000)),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_CODE_MESSAGE);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);
    expect(await auditsOf(admin.id, "user.two-step-on")).toEqual([]);

    const right = await post(admin.cookie, {
      intent: "totp-confirm",
      code: totpCodeAt(secret, now),
    });
    expect(right.status).toBe(200);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(true);
    const codes = [
      ...new Set(
        [...(await right.text()).matchAll(/\b[a-z2-7]{4}(?:-[a-z2-7]{4}){3}\b/g)].map((m) => m[0]),
      ),
    ];
    expect(codes).toHaveLength(10);
    const stored = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    // Only hashes: no stored value is a code, with or without its dashes.
    for (const row of stored) {
      for (const code of codes) {
        expect(row.codeHash).not.toContain(code.replaceAll("-", ""));
      }
    }
    expect(await auditsOf(admin.id, "user.two-step-on")).toHaveLength(1);
    expect((await mailTo(admin.email)).map((m) => m.kind)).toEqual(["account.two_step_on"]);
    // Shown once: the page afterwards holds no code.
    const later = await (
      await ctx.app.request("/admin/account", { headers: { Cookie: admin.cookie } })
    ).text();
    for (const code of codes) expect(later).not.toContain(code);
    expect(later.replaceAll("<!-- -->", "")).toContain("10 of 10 recovery codes left");
  });

  it("Cancel drops an unconfirmed key, never a confirmed one", async () => {
    const admin = await freshAdmin();
    await post(admin.cookie, { intent: "totp-start" });
    expect((await post(admin.cookie, { intent: "totp-cancel" })).status).toBe(200);
    expect(
      await ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, admin.id)),
    ).toEqual([]);
    await turnOn(admin);
    expect((await post(admin.cookie, { intent: "totp-cancel" })).status).toBe(200);
    expect((await post(admin.cookie, { intent: "totp-start" })).status).toBe(409);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(true);
  });

  it("a non-admin's posts change nothing", async () => {
    const regular = await createTestUser(ctx.db, { password: "regular-password-1" });
    const { cookie } = await signedInCookie(ctx.services, regular.id);
    for (const fields of <Record<string, string>[]>[
      { intent: "totp-start" },
      { intent: "totp-confirm", code: "123456" },
      { intent: "two-step-off", passwordOrCode: regular.password },
    ]) {
      const response = await post(cookie, fields);
      expect(response.status).toBe(302);
      // Signed out by the first, anonymous for the others: the login page either way.
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login(\?|$)/);
    }
    expect(
      await ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, regular.id)),
    ).toEqual([]);
  });
});

describe("signing in with two-step sign-in on", () => {
  it("asks for the code after the password, with no session until it is in", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    const before = (await sessionsOf(admin.id)).length;
    const { response, cookie } = await signInWithPassword(admin, "127.0.0.1", "/admin/orders");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login/two-step");
    expect(cookie).toMatch(/^en_two_step=/);
    expect(cookie).not.toContain("en_session=");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("en_two_step="))).toMatch(
      /HttpOnly/,
    );
    expect(await sessionsOf(admin.id)).toHaveLength(before);
    // The pending sign-in opens no admin page.
    const dashboard = await ctx.app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toMatch(/^\/admin\/login\?/);
    const page = await ctx.app.request("/admin/login/two-step", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Authentication code");

    const wrong = await sendCode(cookie, totpCodeAt(secret, at(-10 * 60_000)));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(WRONG_CODE_MESSAGE);
    expect(await sessionsOf(admin.id)).toHaveLength(before);

    now = at(31_000); // the next step: the set-up used this one
    const right = await sendCode(cookie, totpCodeAt(secret, now));
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/orders");
    expect(cookiesFrom(right)).toMatch(/en_session=/);
    expect(await sessionsOf(admin.id)).toHaveLength(before + 1);
    expect(
      await ctx.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, admin.id)),
    ).toEqual([]);
    const signedIn = cookiesFrom(right)
      .split("; ")
      .filter((c) => c.startsWith("en_session="))
      .join("; ");
    expect(
      (await ctx.app.request("/admin/dashboard", { headers: { Cookie: signedIn } })).status,
    ).toBe(200);

    // The pending sign-in was used up: its cookie sent again makes no second session.
    const again = await sendCode(cookie, totpCodeAt(secret, at(61_000)));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/admin/login");
    expect(await sessionsOf(admin.id)).toHaveLength(before + 1);
  });

  it("refuses a code used before (replay), and an earlier one after a later was used", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    now = at(30_000);
    const code = totpCodeAt(secret, now);
    const first = await signInWithPassword(admin);
    expect((await sendCode(first.cookie, code)).status).toBe(302);
    const second = await signInWithPassword(admin);
    const replayed = await sendCode(second.cookie, code);
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain(WRONG_CODE_MESSAGE);
    // The previous step's code is within the drift window, but older than the one used.
    expect((await sendCode(second.cookie, totpCodeAt(secret, at(0)))).status).toBe(401);
  });

  it("accepts ±1 step of clock drift and refuses ±2", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin); // uses the step of T0
    now = at(90_000); // three steps on
    const { cookie } = await signInWithPassword(admin);
    // Two steps off either way: refused (and nothing is used up).
    expect((await sendCode(cookie, totpCodeAt(secret, at(90_000 - 60_000)))).status).toBe(401);
    expect((await sendCode(cookie, totpCodeAt(secret, at(90_000 + 60_000)))).status).toBe(401);
    // One step behind the server's clock: accepted.
    expect((await sendCode(cookie, totpCodeAt(secret, at(90_000 - 30_000)))).status).toBe(302);
    // One step ahead: accepted.
    const next = await signInWithPassword(admin);
    expect((await sendCode(next.cookie, totpCodeAt(secret, at(90_000 + 30_000)))).status).toBe(302);
  });

  it("takes a recovery code instead, once; audited and e-mailed", async () => {
    const admin = await freshAdmin();
    const { codes } = await turnOn(admin);
    expect(codes).toHaveLength(10);
    const first = await signInWithPassword(admin);
    // Typed in capitals and without the dashes, it is the same code.
    const used = await sendCode(first.cookie, codes[3]!.toUpperCase().replaceAll("-", " "));
    expect(used.status).toBe(302);
    expect(cookiesFrom(used)).toMatch(/en_session=/);
    const audits = await auditsOf(admin.id, "user.recovery-code-use");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await mailTo(admin.email)).map((m) => m.kind)).toContain("account.recovery_code_used");
    const second = await signInWithPassword(admin);
    const again = await sendCode(second.cookie, codes[3]!);
    expect(again.status).toBe(401);
    expect(await auditsOf(admin.id, "user.recovery-code-use")).toHaveLength(1);
    // Another code still works.
    expect((await sendCode(second.cookie, codes[4]!)).status).toBe(302);
  });

  it("the pending sign-in lasts 10 minutes", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    const { cookie } = await signInWithPassword(admin);
    now = at(10 * 60_000 + 1000);
    const late = await sendCode(cookie, totpCodeAt(secret, now));
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/admin/login");
    expect(cookiesFrom(late)).not.toMatch(/en_session=/);
    const page = await ctx.app.request("/admin/login/two-step", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("No sign-in is waiting for a code");

    now = T0;
    const fresh = await signInWithPassword(admin);
    now = at(10 * 60_000 - 5000);
    expect((await sendCode(fresh.cookie, totpCodeAt(secret, now))).status).toBe(302);
  });

  it("limits wrong codes per account (5 per 15 minutes), from any address, and recovers", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    freezeTime();
    const { cookie } = await signInWithPassword(admin, "192.0.2.31");
    const wrong = totpCodeAt(secret, at(-60 * 60_000));
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(cookie, wrong, `192.0.2.${40 + i}`)).status).toBe(401);
    }
    now = at(30_000);
    const refused = await sendCode(cookie, totpCodeAt(secret, now), "192.0.2.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many attempts, try again in");
    expect(cookiesFrom(refused)).not.toMatch(/en_session=/);

    moveTime(15 * 60_000 + 1000);
    const fresh = await signInWithPassword(admin, "192.0.2.31");
    now = at(60_000);
    expect((await sendCode(fresh.cookie, totpCodeAt(secret, now), "192.0.2.50")).status).toBe(302);
  });

  it("limits wrong codes per address (20 per 15 minutes) across accounts", async () => {
    freezeTime();
    const address = "198.51.100.77";
    const admins = [];
    for (let i = 0; i < 5; i++) {
      const admin = await freshAdmin();
      admins.push({ admin, ...(await turnOn(admin)) });
    }
    let wrongSoFar = 0;
    for (const { admin } of admins.slice(0, 5)) {
      const { cookie } = await signInWithPassword(admin, address);
      for (let i = 0; i < 4 && wrongSoFar < 20; i++, wrongSoFar++) {
        expect((await sendCode(cookie, "000000", address)).status).toBe(401);
      }
    }
    expect(wrongSoFar).toBe(20);
    const last = admins[4]!;
    now = at(30_000);
    const { cookie } = await signInWithPassword(last.admin, address);
    expect((await sendCode(cookie, totpCodeAt(last.secret, now), address)).status).toBe(429);
    // Another address is not held back by this one.
    expect((await sendCode(cookie, totpCodeAt(last.secret, now), "198.51.100.78")).status).toBe(
      302,
    );
  });

  it("a password reset link gives no session past the second step", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    const out: string[] = [];
    const io: CliIo = { readPassword: async () => "", out: (l) => out.push(l), err: () => {} };
    expect(
      await runAdminCli(ctx.db, ["reset-password", admin.email], io, {
        env: ctx.services.env,
        clock: () => now,
      }),
    ).toBe(0);
    const link = out.find((line) => line.startsWith("http"))!;
    const path = new URL(link).pathname;
    const reset = await ctx.app.postForm(path, {
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/admin/login/two-step");
    expect(cookiesFrom(reset)).not.toMatch(/en_session=/);
    now = at(30_000);
    expect((await sendCode(cookiesFrom(reset), totpCodeAt(secret, now))).status).toBe(302);
  });
});

describe("turning it off", () => {
  it("needs the password or a current code; audited and e-mailed", async () => {
    const admin = await freshAdmin();
    const { secret } = await turnOn(admin);
    const wrong = await post(admin.cookie, {
      intent: "two-step-off",
      passwordOrCode: "not-the-password",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_PASSWORD_OR_CODE_MESSAGE);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(true);
    // The code the set-up used is used up.
    const replay = await post(admin.cookie, {
      intent: "two-step-off",
      passwordOrCode: totpCodeAt(secret, now),
    });
    expect(replay.status).toBe(400);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(true);

    now = at(30_000);
    const off = await post(admin.cookie, {
      intent: "two-step-off",
      passwordOrCode: totpCodeAt(secret, now),
    });
    expect(off.status).toBe(200);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);
    expect(
      await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id)),
    ).toEqual([]);
    expect(await auditsOf(admin.id, "user.two-step-off")).toHaveLength(1);
    expect((await mailTo(admin.email)).map((m) => m.kind)).toContain("account.two_step_off");
    // Signing in needs the password only again.
    const { response } = await signInWithPassword(admin);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("with the password", async () => {
    const admin = await freshAdmin();
    await turnOn(admin);
    const off = await post(admin.cookie, {
      intent: "two-step-off",
      passwordOrCode: admin.password,
    });
    expect(off.status).toBe(200);
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);
  });
});

describe("User Access", () => {
  it("shows which admins have two-step sign-in on", async () => {
    const admin = await freshAdmin();
    await turnOn(admin);
    const page = await (
      await ctx.app.request(`/admin/users?q=${encodeURIComponent(admin.email)}`, {
        headers: { Cookie: ctx.cookie },
      })
    ).text();
    expect(page).toContain("Two-step sign-in on");
    const other = await (
      await ctx.app.request(`/admin/users?q=${encodeURIComponent(ctx.admin.email)}`, {
        headers: { Cookie: ctx.cookie },
      })
    ).text();
    expect(other).toContain("Two-step sign-in off");
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  it("sends an admin without it to the account page before any other admin page", async () => {
    const services = createTestServices(ctx.handle, { REQUIRE_ADMIN_2FA: "true" });
    services.clock = () => now;
    const app = await createTestApp(services);
    const admin = await freshAdmin();
    const regular = await createTestUser(ctx.db);
    const cookie = { headers: { Cookie: admin.cookie } };
    for (const path of ["/admin/dashboard", "/admin/users", "/admin/orders/export.csv"]) {
      const response = await app.request(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/admin/account#two-step");
    }
    // A data request gets the redirect encoded, and no data.
    const data = await app.request("/admin/dashboard.data", cookie);
    const body = await data.text();
    expect(body).toContain('"redirect","/admin/account#two-step"');
    expect(body).not.toContain('"stats"');
    // An action elsewhere changes nothing.
    const grant = await app.postForm(
      "/admin/users",
      { intent: "grant", userId: regular.id },
      cookie,
    );
    expect(grant.headers.get("Location")).toBe("/admin/account#two-step");
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);
    const [stillRegular] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, regular.id), eq(auditLog.action, "user.grant-admin")));
    expect(stillRegular).toBeUndefined();
    const page = await app.request("/admin/account", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Two-step sign-in is required");
    expect((await app.request("/admin/account.data", cookie)).status).toBe(200);

    // Turned on, every page opens.
    expect((await app.postForm("/admin/account", { intent: "totp-start" }, cookie)).status).toBe(
      200,
    );
    const secret = await secretOf(admin.id);
    const on = await app.postForm(
      "/admin/account",
      { intent: "totp-confirm", code: totpCodeAt(secret, now) },
      cookie,
    );
    expect(on.status).toBe(200);
    expect((await app.request("/admin/dashboard", cookie)).status).toBe(200);
    // Sign Out stays open throughout (it is not guarded).
    expect((await app.postForm("/admin/logout", {}, cookie)).headers.get("Location")).toBe(
      "/admin/login",
    );
  });

  it("is off by default", async () => {
    const admin = await freshAdmin();
    const response = await ctx.app.request("/admin/dashboard", {
      headers: { Cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
  });
});

describe("backups (decision 019)", () => {
  it("carry the TOTP secrets (still encrypted) and the recovery codes' hashes, not pending sign-ins", async () => {
    const admin = await freshAdmin();
    await turnOn(admin);
    await signInWithPassword(admin);
    expect(
      await ctx.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, admin.id)),
    ).toHaveLength(1);
    const file = path.join(createTempDataDir(), "shop.backup");
    const summary = await writeBackupFile(ctx.db, ctx.services.storage, ctx.handle.kind, file);
    const tables = summary.header.tables.map((t) => t.name);
    expect(tables).toContain("totp_credentials");
    expect(tables).toContain("recovery_codes");
    expect(tables).not.toContain("pending_sign_ins");
    expect(summary.header.tables.find((t) => t.name === "recovery_codes")!.rows).toBeGreaterThan(0);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe("the admin CLI", () => {
  const cli = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      readPassword: async () => "",
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    };
    const code = await runAdminCli(ctx.db, argv, io, { env: ctx.services.env, clock: () => now });
    return { code, out, err };
  };

  it("reset-password prints a one-time link from PUBLIC_URL, audited as the CLI", async () => {
    const admin = await freshAdmin();
    const result = await cli(["reset-password", admin.email.toUpperCase()]);
    expect(result.code).toBe(0);
    const link = result.out.find((line) =>
      line.startsWith("http://localhost:3000/admin/reset-password/"),
    );
    expect(link).toBeDefined();
    const token = link!.split("/").pop()!;
    expect(await resetLinkState(ctx.services, token)).toBe("valid");
    const audits = await auditsOf(admin.id, "user.password-reset-request");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorEmail).toBe(CLI_ACTOR.email);
    expect(audits[0]!.actorUserId).toBeNull();
    expect((await cli(["reset-password", "nobody@two-step.example"])).code).toBe(1);
  });

  it("disable-2fa turns it off, audited as the CLI and e-mailed", async () => {
    const admin = await freshAdmin();
    await turnOn(admin);
    const result = await cli(["disable-2fa", admin.email]);
    expect(result).toMatchObject({ code: 0 });
    expect(await hasTwoStepSignIn(ctx.db, admin.id)).toBe(false);
    const audits = await auditsOf(admin.id, "user.two-step-off");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorEmail).toBe(CLI_ACTOR.email);
    expect((await mailTo(admin.email)).map((m) => m.kind)).toContain("account.two_step_off");
    expect((await cli(["disable-2fa", admin.email])).code).toBe(1);
  });
});
