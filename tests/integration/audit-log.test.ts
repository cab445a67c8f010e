import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#app/lib/csv.ts";
import {
  AUDIT_EXPORT_HEADER,
  AUDIT_PAGE_SIZE,
  auditExportBatches,
  listAuditEntries,
  parseDay,
  recordAudit,
} from "#app/server/audit/audit.server.ts";
import { deleteCategory, saveCategory } from "#app/server/catalog/categories.server.ts";
import { saveProduct } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { auditLog } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The read-only audit log page: search by user and by day, newest first; details in words on
 * the page, as recorded in its CSV export.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, cookie } = await createAdminApp({ email: "viewer@example.co.za" }));
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

/** The page's HTML with React's text separators taken out, as a reader sees the text. */
async function auditPage(query: string) {
  const response = await app.request(`/admin/audit?${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The details list of the page's rows, as "Label: value" lines per row, newest first. */
function detailLines(html: string): string[][] {
  return [...html.matchAll(/<dl[^>]*>(.*?)<\/dl>/g)].map(([, list]) =>
    [...list!.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
      ([, label, value]) => `${label}: ${value!.replaceAll(/<[^>]+>/g, "")}`,
    ),
  );
}

async function download(query: string) {
  const response = await app.request(`/admin/audit/export.csv?${query}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
  const [header, ...rows] = parseCsv(await response.text());
  expect(header).toEqual([...AUDIT_EXPORT_HEADER]);
  return rows.map(([when, who, action, entity, entityId, details]) => ({
    when,
    who,
    action,
    entity,
    entityId,
    details: JSON.parse(details!) as Record<string, unknown>,
  }));
}

describe("an owner's changes: words on the page, raw values in the export", () => {
  const owner = { userId: null, email: "thandi@example.co.za" };
  const ids = { festive: "", kitchen: "", doomed: "", product: "" };

  beforeAll(async () => {
    const { db, storage } = services;
    const save = async (id: string | null, changes: Parameters<typeof saveCategory>[4]) => {
      const saved = await saveCategory(db, storage, owner, id, changes);
      if (!saved.ok) throw new Error(saved.message);
      return saved.id;
    };
    ids.festive = await save(null, { name: "Festive", isSpecial: true });
    // The category form's season, 1 November to 26 December.
    await save(ids.festive, {
      name: "Festive",
      isSpecial: true,
      season: { start: "11-01", end: "12-26" },
    });
    ids.kitchen = await save(null, { name: "Kitchen", isSpecial: false });
    ids.doomed = await save(null, { name: "Doomed", isSpecial: false });
    const created = await saveProduct(db, storage, owner, null, {
      name: "Braai tongs",
      description: null,
      priceCents: 123_400,
      categoryIds: [ids.kitchen, ids.doomed],
    });
    if (!created.ok) throw new Error(created.message);
    ids.product = created.id;
    const moved = await saveProduct(db, storage, owner, ids.product, {
      name: "Braai tongs",
      description: null,
      priceCents: 123_400,
      categoryIds: [ids.festive, ids.kitchen],
    });
    if (!moved.ok) throw new Error(moved.message);
    // Named by what they are called today: one deleted, one renamed since.
    expect((await deleteCategory(db, storage, owner, ids.doomed)).ok).toBe(true);
    await save(ids.kitchen, { name: "Braai Tools", isSpecial: false });
  });

  it("shows the season as days, categories by today's names and the price in rand", async () => {
    const html = await auditPage("actor=thandi");
    // In the order a reader takes them in, whatever order the database keeps them in.
    const [renamed, deleted, moved, created, ...categoriesMade] = detailLines(html);
    expect(renamed).toEqual(["Name: Braai Tools", "Special: No", "Image: None"]);
    expect(deleted).toEqual(["Name: Doomed", "Image: None"]);
    expect(moved).toEqual([
      "Name: Braai tongs",
      "Price: R\u00a01\u00a0234,00",
      "Categories: Festive, Braai Tools",
      "Image: None",
    ]);
    expect(created).toEqual([
      "Name: Braai tongs",
      "Price: R\u00a01\u00a0234,00",
      "Categories: Braai Tools, a deleted category",
      "Image: None",
    ]);
    expect(categoriesMade.at(-2)).toEqual([
      "Name: Festive",
      "Special: Yes",
      "Season: 1 Nov – 26 Dec",
      "Image: None",
    ]);
    // None of the raw values reaches the page, not even its hydration data.
    expect(html).not.toContain("11-01");
    expect(html).not.toContain("12-26");
    expect(html).not.toContain(ids.doomed);
    expect(html).not.toContain("categoryIds");
    expect(html).not.toContain("priceCents");
    // The export link carries the page's filters.
    expect(html).toContain('href="/admin/audit/export.csv?actor=thandi"');
  });

  it("exports the filtered entries as recorded: actions, ids, cents and the season's days", async () => {
    const rows = await download("actor=thandi");
    expect(rows.map((row) => row.action)).toEqual([
      "category.update",
      "category.delete",
      "product.update",
      "product.create",
      "category.create",
      "category.create",
      "category.update",
      "category.create",
    ]);
    expect(new Set(rows.map((row) => row.who))).toEqual(new Set(["thandi@example.co.za"]));
    const season = rows.find((row) => row.action === "category.update" && row.details.season);
    expect(season).toMatchObject({
      entity: "category",
      entityId: ids.festive,
      details: { name: "Festive", isSpecial: true, season: { start: "11-01", end: "12-26" } },
    });
    const created = rows.find((row) => row.action === "product.create")!;
    expect(created.entityId).toBe(ids.product);
    expect(created.details).toMatchObject({ priceCents: 123_400 });
    // The deleted category's id stays, as recorded.
    expect([...(created.details.categoryIds as string[])].sort()).toEqual(
      [ids.kitchen, ids.doomed].sort(),
    );
  });

  it("exports by the page's day filter, with the time in Johannesburg", async () => {
    const rows = await download("from=2026-11-21&to=2026-11-21");
    expect(rows).toEqual([
      {
        when: "2026-11-21 00:30:00",
        who: "nomsa@example.co.za",
        action: "order.status",
        entity: "order",
        entityId: "",
        details: { to: "shipped", customerNotified: true },
      },
    ]);
  });

  it("exports every entry once, batch after batch", async () => {
    const seen: string[] = [];
    for await (const batch of auditExportBatches(services.db, {}, 3)) {
      expect(batch.length).toBeLessThanOrEqual(3);
      seen.push(...batch.map((row) => JSON.stringify(row)));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(await services.db.$count(auditLog));
  });
});
