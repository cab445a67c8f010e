import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUDIT_PAGE_SIZE,
  listAuditEntries,
  parseDay,
  recordAudit,
} from "#app/server/audit/audit.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/* The read-only audit log page (issue 9): search by user and by day, newest first. */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const admin = await createTestUser(services.db, { admin: true, email: "viewer@example.co.za" });
  ({ cookie } = await signedInCookie(services, admin.id));
  const at = (iso: string, actorEmail: string, action: string, details = {}) => ({
    actorEmail,
    action,
    entity: action.split(".")[0]!,
    details,
    createdAt: new Date(iso),
  });
  await services.db.insert(auditLog).values([
    // 23:30 on the 20th in UTC is already the 21st in Johannesburg (UTC+2).
    at("2026-11-20T21:30:00Z", "Nomsa@Example.co.za", "product.create", { name: "Kiaat box" }),
    at("2026-11-20T22:30:00Z", "nomsa@example.co.za", "order.status", {
      to: "shipped",
      customerNotified: true,
    }),
    at("2026-11-22T08:00:00Z", "sipho@example.co.za", "category.delete", { name: "Old" }),
  ]);
}, 120_000);
afterAll(() => handle.close());

describe("listAuditEntries", () => {
  it("lists newest first and filters by user, case-insensitively", async () => {
    const all = await listAuditEntries(services.db, {});
    expect(all.entries.map((e) => e.action)).toEqual([
      "category.delete",
      "order.status",
      "product.create",
    ]);
    const nomsa = await listAuditEntries(services.db, { actor: "NOMSA" });
    expect(nomsa.total).toBe(2);
    expect(nomsa.entries.every((e) => e.actorEmail?.toLowerCase().startsWith("nomsa"))).toBe(true);
    // "_" and "%" are literal characters, not wildcards.
    expect((await listAuditEntries(services.db, { actor: "%" })).total).toBe(0);
  });

  it("filters by calendar days in Johannesburg time, both ends included", async () => {
    const day21 = await listAuditEntries(services.db, { from: "2026-11-21", to: "2026-11-21" });
    expect(day21.entries.map((e) => e.action)).toEqual(["order.status"]);
    const upTo20 = await listAuditEntries(services.db, { to: "2026-11-20" });
    expect(upTo20.entries.map((e) => e.action)).toEqual(["product.create"]);
    const from22 = await listAuditEntries(services.db, { from: "2026-11-22" });
    expect(from22.entries.map((e) => e.action)).toEqual(["category.delete"]);
  });

  it("ignores days that do not exist instead of failing", () => {
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("2026-13-01")).toBeNull();
    expect(parseDay("yesterday")).toBeNull();
    expect(parseDay("2026-11-21")).toBe("2026-11-21");
  });

  it("pages at the page size and clamps the page number", async () => {
    const fresh = await createTestDatabase();
    try {
      for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
        await recordAudit(
          fresh.db,
          { userId: null, email: "bulk@example.co.za" },
          {
            action: "email.retry",
            entity: "email",
            entityId: String(i),
          },
        );
      }
      const last = await listAuditEntries(fresh.db, { page: 99 });
      expect(last).toMatchObject({ page: 2, pageCount: 2, total: AUDIT_PAGE_SIZE + 3 });
      expect(last.entries).toHaveLength(3);
      expect((await listAuditEntries(fresh.db, { page: -4 })).page).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe("/admin/audit", () => {
  it("renders the filtered records as text, with the filters kept in the form", async () => {
    const response = await app.request("/admin/audit?actor=sipho&from=2026-11-01&to=bogus", {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("1 record match");
    expect(html).toContain("sipho@example.co.za");
    expect(html).toContain("Category: deleted");
    expect(html).not.toContain("Kiaat box");
    expect(html).toContain('value="2026-11-01"');
  });

  it("shows an entry's details in words", async () => {
    const response = await app.request("/admin/audit?actor=nomsa&from=2026-11-21", {
      headers: { Cookie: cookie },
    });
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Order: status changed");
    expect(html).toMatch(/<dt[^>]*>Customer notified<\/dt><dd[^>]*>Yes<\/dd>/);
    // (The key itself is still in the page's hydration data, not in what is shown.)
    expect(html).not.toMatch(/<dt[^>]*>customerNotified</);
  });
});
