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
    // Spec §2: the empty text is for an empty result only.
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

    // Each change is in the audit log with who made it (issue 9).
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
