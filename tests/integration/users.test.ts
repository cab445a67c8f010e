import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { isAdmin } from "#app/server/users/accounts.server.ts";
import { listUsers, revokeAdmin, USER_LIST_LIMIT } from "#app/server/users/admin-access.server.ts";
import { getSessionUser } from "#app/server/users/session.server.ts";
import { adminUsers, auditLog, users } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());

async function toggle(cookie: string, intent: string, userId: string) {
  const response = await app.postForm(
    "/admin/users.data",
    { intent, userId },
    { headers: { Cookie: cookie } },
  );
  return { response, body: await response.text() };
}

describe("/admin/users", () => {
  it("lists users with their role and searches e-mails case-insensitively", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "owner@shop.example", admin: true });
    await createTestUser(db, { email: "Zoe_Staff@shop.example" });
    await createTestUser(db, { email: "zoexstaff@shop.example" });
    const all = await listUsers(db);
    expect(all.truncated).toBe(false);
    expect(all.users.map((u) => u.email)).toEqual([
      "owner@shop.example",
      "zoe_staff@shop.example",
      "zoexstaff@shop.example",
    ]);
    expect(all.users.find((u) => u.id === owner.id)?.isAdmin).toBe(true);
    // "_" is a literal, not a LIKE wildcard.
    const zoe = await listUsers(db, { search: "ZOE_" });
    expect(zoe.users.map((u) => u.email)).toEqual(["zoe_staff@shop.example"]);
    expect(await listUsers(db, { search: "nobody" })).toEqual({ users: [], truncated: false });

    const { cookie } = await signedInCookie(services, owner.id);
    const page = await app.request("/admin/users?q=nobody", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Manage Admin Users");
    expect(html).toContain("No users found.");
    // docs/product.md §3.12: the empty text is for an empty result only.
    const found = await app.request("/admin/users?q=zoe", { headers: { Cookie: cookie } });
    const foundHtml = await found.text();
    expect(foundHtml).toContain("zoexstaff@shop.example");
    expect(foundHtml).not.toContain("No users found.");
  });

  it("says when the list is cut at 500 users, and a search finds the others", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "aaa-owner@bulk.example", admin: true });
    const { cookie } = await signedInCookie(services, owner.id);
    const note = "users; search by e-mail to find others.";
    const count = async (path: string) => {
      const html = (
        await (await app.request(path, { headers: { Cookie: cookie } })).text()
      ).replaceAll("<!-- -->", "");
      return { html, rows: html.match(/<tr[ >]/g)!.length - 1 };
    };
    const existing = (await listUsers(db, { limit: null })).users.length;

    // Exactly the limit: everything is shown and nothing is said.
    const bulk = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({
        email: `bulk-${String(from + i).padStart(4, "0")}@bulk.example`,
        passwordHash: "not-a-real-hash",
      }));
    await db.insert(users).values(bulk(0, USER_LIST_LIMIT - existing));
    let page = await count("/admin/users");
    expect(page.rows).toBe(USER_LIST_LIMIT);
    expect(page.html).not.toContain(note);
    expect((await listUsers(db)).truncated).toBe(false);

    // One more: the first 500 by e-mail are shown, with the note.
    await db.insert(users).values({ email: "zzz-last@bulk.example", passwordHash: "x" });
    const list = await listUsers(db);
    expect(list).toMatchObject({ truncated: true });
    expect(list.users).toHaveLength(USER_LIST_LIMIT);
    page = await count("/admin/users");
    expect(page.rows).toBe(USER_LIST_LIMIT);
    expect(page.html).toContain(`Showing the first ${USER_LIST_LIMIT} ${note}`);
    expect(page.html).not.toContain("zzz-last@bulk.example");

    // A search finds the one left out, and the note goes.
    page = await count("/admin/users?q=zzz-last");
    expect(page.rows).toBe(1);
    expect(page.html).toContain("zzz-last@bulk.example");
    expect(page.html).not.toContain(note);

    // A search that still matches more than 500 says so in its own words.
    await db.insert(users).values(bulk(5000, 5000 + existing + 5));
    page = await count("/admin/users?q=bulk");
    expect(page.rows).toBe(USER_LIST_LIMIT);
    expect(page.html).toContain(
      `Showing the first ${USER_LIST_LIMIT} users that match; type more of the e-mail to find others.`,
    );
    // The CLI lists everyone.
    expect((await listUsers(db, { limit: null })).users.length).toBe(
      USER_LIST_LIMIT + 1 + existing + 5,
    );
    await db.delete(users).where(like(users.email, "%@bulk.example"));
  });

  it("grants and revokes, confirming each by re-reading", async () => {
    const { db } = services;
    const admin = await createTestUser(db, { admin: true });
    const staff = await createTestUser(db);
    const { cookie } = await signedInCookie(services, admin.id);

    const granted = await toggle(cookie, "grant", staff.id);
    expect(granted.response.status).toBe(200);
    expect(granted.body).toContain("Admin access granted.");
    expect(await isAdmin(db, staff.id)).toBe(true);

    // Granting twice is harmless.
    expect((await toggle(cookie, "grant", staff.id)).response.status).toBe(200);

    const revoked = await toggle(cookie, "revoke", staff.id);
    expect(revoked.body).toContain("Admin access revoked.");
    expect(await isAdmin(db, staff.id)).toBe(false);

    // Each change is in the audit log with who made it (decision 010).
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, staff.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit.map((row) => row.action)).toEqual([
      "user.grant-admin",
      "user.grant-admin",
      "user.revoke-admin",
    ]);
    for (const row of audit) {
      expect(row).toMatchObject({
        actorUserId: admin.id,
        actorEmail: admin.email,
        entity: "user",
        details: { email: staff.email },
      });
    }
  });

  it("answers unknown users with 404 and bad input with 400, changing nothing", async () => {
    const admin = await createTestUser(services.db, { admin: true });
    const { cookie } = await signedInCookie(services, admin.id);
    const unknown = await toggle(cookie, "grant", "00000000-0000-4000-8000-000000000000");
    expect(unknown.response.status).toBe(404);
    expect(unknown.body).toContain("Failed to update admin status.");
    expect((await toggle(cookie, "grant", "not-a-uuid")).response.status).toBe(400);
    expect((await toggle(cookie, "promote", admin.id)).response.status).toBe(400);
  });

  it("never revokes the last admin", async () => {
    const fresh = await createTestDatabase();
    try {
      const only = await createTestUser(fresh.db, { admin: true });
      const other = await createTestUser(fresh.db);
      expect(await revokeAdmin(fresh.db, only.id)).toEqual({ ok: false, reason: "last-admin" });
      expect(await isAdmin(fresh.db, only.id)).toBe(true);
      // A regular user can be "revoked" (nothing to do) even when one admin remains.
      expect(await revokeAdmin(fresh.db, other.id)).toEqual({ ok: true });
      // Two admins revoking each other at the same moment: one of them stays.
      await fresh.db.insert(adminUsers).values({ id: other.id });
      const results = await Promise.all([
        revokeAdmin(fresh.db, only.id),
        revokeAdmin(fresh.db, other.id),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const remaining = await fresh.db.select().from(adminUsers);
      expect(remaining).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("refuses the last admin over HTTP with a clear message (409)", async () => {
    const fresh = await createTestDatabase();
    const freshServices = createTestServices(fresh);
    const freshApp = await createTestApp(freshServices);
    try {
      const only = await createTestUser(fresh.db, { admin: true });
      const { cookie } = await signedInCookie(freshServices, only.id);
      const response = await freshApp.postForm(
        "/admin/users.data",
        { intent: "revoke", userId: only.id },
        { headers: { Cookie: cookie } },
      );
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("You cannot revoke the last admin.");
      expect(await isAdmin(fresh.db, only.id)).toBe(true);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it("signs out an admin who revokes themself", async () => {
    const { db } = services;
    const me = await createTestUser(db, { admin: true });
    await createTestUser(db, { admin: true });
    const { cookie, token } = await signedInCookie(services, me.id);
    const response = await app.postForm(
      "/admin/users",
      { intent: "revoke", userId: me.id },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(await isAdmin(db, me.id)).toBe(false);
    expect(await getSessionUser(db, token)).toBeNull();
    const after = await app.request("/admin/users", { headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
  });

  it("a revoked admin's other sessions lose access at their next request", async () => {
    const { db } = services;
    const boss = await createTestUser(db, { admin: true });
    const former = await createTestUser(db, { admin: true });
    const bossCookie = (await signedInCookie(services, boss.id)).cookie;
    const formerCookie = (await signedInCookie(services, former.id)).cookie;
    await toggle(bossCookie, "revoke", former.id);
    const response = await app.request("/admin/dashboard", { headers: { Cookie: formerCookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
  });
});

/* Accounts made on the public Create Account tab ask for access until an admin decides. */
describe("accounts awaiting approval", () => {
  async function signUpOnThePublicTab(email: string) {
    const response = await app.postForm("/admin/login", {
      intent: "signup",
      email,
      password: "asking-password-1",
      confirmPassword: "asking-password-1",
    });
    expect(response.status).toBeLessThan(400);
    const [row] = await services.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  it("marks a Create Account sign-up as awaiting approval, with the day it asked, listed first", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "approver@await.example", admin: true });
    const asker = await signUpOnThePublicTab("asker@await.example");
    expect(asker.accessRequestedAt).toBeInstanceOf(Date);
    // One an operator made is not asking.
    const staff = await createTestUser(db, { email: "aaa-staff@await.example" });
    const list = await listUsers(db, { search: "@await.example" });
    expect(list.users.map((u) => [u.email, Boolean(u.awaitingApprovalSince)])).toEqual([
      ["asker@await.example", true],
      ["aaa-staff@await.example", false],
      ["approver@await.example", false],
    ]);
    expect(
      (await listUsers(db, { awaitingOnly: true, search: "@await.example" })).users,
    ).toHaveLength(1);
    expect(staff.id).toBeTruthy();

    const { cookie } = await signedInCookie(services, owner.id);
    const html = (
      await (await app.request("/admin/users?awaiting=1", { headers: { Cookie: cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Showing the accounts awaiting approval.");
    expect(html).toContain("asker@await.example");
    expect(html).toMatch(/Awaiting approval · asked \d{4}\/\d{2}\/\d{2}/);
    expect(html).not.toContain("aaa-staff@await.example");
  });

  it("granting access answers the request; the account is an admin and no longer awaiting", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "granter@await.example", admin: true });
    const asker = await signUpOnThePublicTab("granted@await.example");
    const { cookie } = await signedInCookie(services, owner.id);
    const { response } = await toggle(cookie, "grant", asker.id);
    expect(response.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, asker.id));
    expect(row!.accessRequestedAt).toBeNull();
    expect(await isAdmin(db, asker.id)).toBe(true);
    // Revoked later, it is a regular user, not a request again.
    await revokeAdmin(db, asker.id);
    const listed = (await listUsers(db, { search: "granted@await.example" })).users[0]!;
    expect(listed.awaitingApprovalSince).toBeNull();
  });

  it("dismissing a request deletes the account and its sessions, in the audit log", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "dismisser@await.example", admin: true });
    const asker = await signUpOnThePublicTab("dismissed@await.example");
    const { cookie } = await signedInCookie(services, owner.id);
    const { response, body } = await toggle(cookie, "dismiss", asker.id);
    expect(response.status).toBe(200);
    expect(body).toContain("Request dismissed: the account was deleted.");
    expect(await db.select().from(users).where(eq(users.id, asker.id))).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.dismiss-request"));
    expect(entry).toMatchObject({
      actorEmail: "dismisser@await.example",
      entityId: asker.id,
      details: { email: "dismissed@await.example" },
    });
  });

  it("refuses to dismiss an admin or an account that asked for nothing, changing nothing", async () => {
    const { db } = services;
    const owner = await createTestUser(db, { email: "guard@await.example", admin: true });
    const other = await createTestUser(db, { email: "other-admin@await.example", admin: true });
    const staff = await createTestUser(db, { email: "plain@await.example" });
    const { cookie } = await signedInCookie(services, owner.id);
    for (const target of [other, staff]) {
      const { response, body } = await toggle(cookie, "dismiss", target.id);
      expect(response.status).toBe(409);
      expect(body).toContain("Only a request for access can be dismissed");
      expect(await db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
    }
  });
});
