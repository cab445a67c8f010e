import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, johannesburgDate } from "#app/lib/dates.ts";
import {
  getProduct,
  listCategories,
  listProducts,
  nextCatalogSeasonChange,
  relatedProducts,
} from "#app/server/catalog/catalog.server.ts";
import { listAdminCategories, saveCategory } from "#app/server/catalog/categories.server.ts";
import { listCategoriesForSitemap } from "#app/server/catalog/sitemap.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { auditLog, categories, productCategories, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 014: a seasonal category appears and disappears at its window's edges, in
 * Johannesburg time (00:00 SAST is 22:00 UTC the day before). The domain reads take the
 * clock; the pages are checked against today's real date with a window built around it.
 */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

// Mother's Day: 1 April to 11 May, every year.
const BEFORE_OPEN = new Date("2027-03-31T21:59:59.999Z"); // 31 March, 23:59:59.999 SAST
const OPEN = new Date("2027-03-31T22:00:00Z"); // 1 April, 00:00 SAST
const LAST_MOMENT = new Date("2027-05-11T21:59:59.999Z"); // 11 May, 23:59:59.999 SAST
const CLOSED = new Date("2027-05-11T22:00:00Z"); // 12 May, 00:00 SAST

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const { db } = handle;
  const rows = await db
    .insert(categories)
    .values([
      { name: "Custom Gifts" },
      { name: "Mother's Day Gifts", isSpecial: true, seasonStart: "04-01", seasonEnd: "05-11" },
    ])
    .returning();
  for (const row of rows) ids[row.name] = row.id;
  const made = await db
    .insert(products)
    .values([
      { name: "Engraved Locket", price: "350.00" },
      { name: "Photo Frame", price: "280.00" },
    ])
    .returning();
  for (const row of made) ids[row.name] = row.id;
  // The locket is in both categories (Mother's Day linked first); the frame in Mother's Day only.
  await db.insert(productCategories).values([
    {
      productId: ids["Engraved Locket"]!,
      categoryId: ids["Mother's Day Gifts"]!,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
    {
      productId: ids["Engraved Locket"]!,
      categoryId: ids["Custom Gifts"]!,
      createdAt: new Date("2026-01-02T00:00:00Z"),
    },
    { productId: ids["Photo Frame"]!, categoryId: ids["Mother's Day Gifts"]! },
  ]);
}, 120_000);
afterAll(() => handle.close());

const names = (list: { name: string }[]) => list.map((item) => item.name);
const shown = async (now: Date) =>
  names((await listCategories(handle.db, now)).filter((c) => c.inSeason));

describe("a seasonal category at its window's edges (Johannesburg time)", () => {
  it("is out of the category grid until 00:00 on its first day, and after its last", async () => {
    expect(await shown(BEFORE_OPEN)).toEqual(["Custom Gifts"]);
    expect(await shown(OPEN)).toEqual(["Custom Gifts", "Mother's Day Gifts"]);
    expect(await shown(LAST_MOMENT)).toEqual(["Custom Gifts", "Mother's Day Gifts"]);
    expect(await shown(CLOSED)).toEqual(["Custom Gifts"]);
  });

  it("says when it returns while it is out", async () => {
    const mothersDay = async (now: Date) =>
      (await listCategories(handle.db, now)).find((c) => c.name === "Mother's Day Gifts")!;
    expect(await mothersDay(BEFORE_OPEN)).toMatchObject({
      inSeason: false,
      returnsOn: "2027-04-01",
      season: { start: "04-01", end: "05-11" },
    });
    expect(await mothersDay(OPEN)).toMatchObject({ inSeason: true, returnsOn: null });
    expect(await mothersDay(CLOSED)).toMatchObject({ inSeason: false, returnsOn: "2028-04-01" });
  });

  it("finds nothing through the category filter out of season", async () => {
    const filtered = async (now: Date) =>
      names(await listProducts(handle.db, { category: "mother's day gifts" }, now));
    expect(await filtered(BEFORE_OPEN)).toEqual([]);
    expect(await filtered(OPEN)).toEqual(["Engraved Locket", "Photo Frame"]);
    expect(await filtered(LAST_MOMENT)).toEqual(["Engraved Locket", "Photo Frame"]);
    expect(await filtered(CLOSED)).toEqual([]);
  });

  it("keeps its products listed, labelled by their other categories", async () => {
    const all = await listProducts(handle.db, {}, CLOSED);
    expect(all.map((p) => [p.name, p.categories.map((c) => c.name)])).toEqual([
      ["Engraved Locket", ["Custom Gifts"]],
      ["Photo Frame", []],
    ]);
    const inSeason = await listProducts(handle.db, {}, OPEN);
    expect(inSeason[0]!.categories.map((c) => c.name)).toEqual([
      "Mother's Day Gifts",
      "Custom Gifts",
    ]);
    const locket = await getProduct(handle.db, ids["Engraved Locket"]!, CLOSED);
    expect(names(locket!.categories)).toEqual(["Custom Gifts"]);
    // Related products go through categories in season only.
    expect(await relatedProducts(handle.db, locket!, undefined, CLOSED)).toEqual([]);
    const open = await getProduct(handle.db, ids["Engraved Locket"]!, OPEN);
    expect(names(await relatedProducts(handle.db, open!, undefined, OPEN))).toEqual([
      "Photo Frame",
    ]);
  });

  it("leaves the sitemap out of season", async () => {
    expect((await listCategoriesForSitemap(handle.db, BEFORE_OPEN)).names).toEqual([
      "Custom Gifts",
    ]);
    expect((await listCategoriesForSitemap(handle.db, OPEN)).names).toEqual([
      "Custom Gifts",
      "Mother's Day Gifts",
    ]);
    expect((await listCategoriesForSitemap(handle.db, CLOSED)).names).toEqual(["Custom Gifts"]);
  });

  it("tells the page cache when the shop next changes", async () => {
    expect((await nextCatalogSeasonChange(handle.db, BEFORE_OPEN))?.toISOString()).toBe(
      OPEN.toISOString(),
    );
    expect((await nextCatalogSeasonChange(handle.db, OPEN))?.toISOString()).toBe(
      CLOSED.toISOString(),
    );
  });

  it("shows the admin every category, marking it out of season", async () => {
    const list = await listAdminCategories(handle.db, CLOSED);
    expect(list.map((c) => [c.name, c.inSeason, c.returnsOn, c.productCount])).toEqual([
      ["Custom Gifts", true, null, 1],
      ["Mother's Day Gifts", false, "2028-04-01", 2],
    ]);
  });

  it("runs over the new year when its start comes after its end", async () => {
    const [summer] = await handle.db
      .insert(categories)
      .values({
        name: "Summer Holidays",
        isSpecial: true,
        seasonStart: "12-01",
        seasonEnd: "01-15",
      })
      .returning();
    const summerShown = async (iso: string) =>
      (await shown(new Date(iso))).includes("Summer Holidays");
    expect(await summerShown("2026-11-30T21:59:59Z")).toBe(false);
    expect(await summerShown("2026-11-30T22:00:00Z")).toBe(true);
    expect(await summerShown("2027-01-15T21:59:59Z")).toBe(true);
    expect(await summerShown("2027-01-15T22:00:00Z")).toBe(false);
    await handle.db.delete(categories).where(eq(categories.id, summer!.id));
  });
});

describe("the shop's pages, out of season and in", () => {
  // A window around the real date: one that has not begun, one that is on.
  const today = johannesburgDate(new Date());
  const monthDay = (day: string) => day.slice(5);
  const upcoming = { start: monthDay(addDays(today, 10)), end: monthDay(addDays(today, 20)) };
  const current = { start: monthDay(addDays(today, -3)), end: monthDay(addDays(today, 3)) };

  beforeAll(async () => {
    await handle.db
      .update(categories)
      .set({ seasonStart: upcoming.start, seasonEnd: upcoming.end })
      .where(eq(categories.id, ids["Mother's Day Gifts"]!));
  });

  it("leaves the category out of /crafts and says on its tile and filter when it returns", async () => {
    const response = await app.request("/crafts");
    expect(response.status).toBe(200);
    // Cached no longer than the season's start.
    expect(Date.parse(response.headers.get("Expires")!)).toBe(
      new Date(`${addDays(today, 10)}T00:00:00+02:00`).getTime(),
    );
    const html = await response.text();
    const grid = html.slice(html.indexOf('id="categories-heading"'), html.indexOf('id="products"'));
    expect(grid).toContain("Custom Gifts");
    expect(grid).not.toContain("Mother&#x27;s Day Gifts");
    // The hero keeps its three tiles; this one says when it comes back.
    const hero = html.slice(0, html.indexOf('id="categories-heading"'));
    expect(hero).toContain("Mother&#x27;s Day Gifts");
    expect(hero).toMatch(/Back on \d{1,2} [A-Z][a-z]+ \d{4}/);

    const filtered = await (
      await app.request(`/crafts?category=${encodeURIComponent("Mother's Day Gifts")}`)
    ).text();
    expect(filtered).toContain("Mother&#x27;s Day Gifts is out of season");
    expect(filtered).toMatch(/It returns on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(filtered).not.toContain("No products available in the");
    expect(filtered).not.toContain("Photo Frame");
  });

  it("leaves it out of /sitemap.xml and product tags, then shows it once in season", async () => {
    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain("/crafts?category=Custom+Gifts");
    expect(sitemap).not.toContain("Mother");
    const product = await (await app.request(`/products/${ids["Photo Frame"]}`)).text();
    expect(product).not.toContain('aria-label="Categories"');

    await handle.db
      .update(categories)
      .set({ seasonStart: current.start, seasonEnd: current.end })
      .where(eq(categories.id, ids["Mother's Day Gifts"]!));
    const crafts = await (await app.request("/crafts")).text();
    const grid = crafts.slice(
      crafts.indexOf('id="categories-heading"'),
      crafts.indexOf('id="products"'),
    );
    expect(grid).toContain("Mother&#x27;s Day Gifts");
    expect(await (await app.request("/sitemap.xml")).text()).toContain(
      "/crafts?category=Mother%27s+Day+Gifts",
    );
    const inSeason = await (await app.request(`/products/${ids["Photo Frame"]}`)).text();
    expect(inSeason).toContain('aria-label="Categories"');
    expect(inSeason).toContain("Mother&#x27;s Day Gifts</a>");
  });

  it("is set from the category form, audited, and refused on a regular category", async () => {
    const admin = await createTestUser(handle.db, { admin: true, email: "seasons@example.com" });
    const { cookie } = await signedInCookie(services, admin.id);
    const post = (fields: Record<string, string>, id = ids["Mother's Day Gifts"]!) =>
      app.postForm(`/admin/categories/${id}`, fields, { headers: { Cookie: cookie } });
    const saved = await post({
      name: "Mother's Day Gifts",
      isSpecial: "on",
      seasonStartDay: "1",
      seasonStartMonth: "04",
      seasonEndDay: "11",
      seasonEndMonth: "05",
    });
    expect(saved.status).toBe(302);
    const [row] = await handle.db
      .select()
      .from(categories)
      .where(eq(categories.id, ids["Mother's Day Gifts"]!));
    expect([row!.seasonStart, row!.seasonEnd]).toEqual(["04-01", "05-11"]);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ids["Mother's Day Gifts"]!));
    expect(audit!.details).toMatchObject({ season: { start: "04-01", end: "05-11" } });

    const regular = await post(
      {
        name: "Custom Gifts",
        seasonStartDay: "1",
        seasonStartMonth: "04",
        seasonEndDay: "11",
        seasonEndMonth: "05",
      },
      ids["Custom Gifts"]!,
    );
    expect(regular.status).toBe(400);
    expect(await regular.text()).toContain("Only a special category can have a season");
    const half = await post({ name: "Mother's Day Gifts", isSpecial: "on", seasonStartDay: "1" });
    expect(half.status).toBe(400);

    // Cleared: the season is gone, the category always shown.
    const cleared = await post({ name: "Mother's Day Gifts", isSpecial: "on" });
    expect(cleared.status).toBe(302);
    const [after] = await handle.db
      .select()
      .from(categories)
      .where(eq(categories.id, ids["Mother's Day Gifts"]!));
    expect([after!.seasonStart, after!.seasonEnd]).toEqual([null, null]);

    // The manager's form keeps the season it does not show.
    await saveCategory(
      handle.db,
      services.storage,
      { userId: admin.id, email: admin.email },
      ids["Mother's Day Gifts"]!,
      {
        name: "Mother's Day Gifts",
        isSpecial: true,
        season: { start: "04-01", end: "05-11" },
      },
    );
    await saveCategory(
      handle.db,
      services.storage,
      { userId: admin.id, email: admin.email },
      ids["Mother's Day Gifts"]!,
      {
        name: "Mother's Day Gifts",
        description: "For mum",
      },
    );
    const [kept] = await handle.db
      .select()
      .from(categories)
      .where(eq(categories.id, ids["Mother's Day Gifts"]!));
    expect([kept!.seasonStart, kept!.seasonEnd, kept!.description]).toEqual([
      "04-01",
      "05-11",
      "For mum",
    ]);
  });

  it("lets the database refuse half a season, an impossible day, or a season on a regular category", async () => {
    const { db } = handle;
    await expect(
      db.insert(categories).values({ name: "Half", isSpecial: true, seasonStart: "04-01" }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(categories)
        .values({ name: "Bad Day", isSpecial: true, seasonStart: "04-31", seasonEnd: "05-01" }),
    ).rejects.toThrow();
    await expect(
      db.insert(categories).values({ name: "Plain", seasonStart: "04-01", seasonEnd: "05-01" }),
    ).rejects.toThrow();
  });
});
