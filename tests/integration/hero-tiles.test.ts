import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HERO_TILES } from "#app/lib/hero-tiles.ts";
import { HERO_TILE_MESSAGES } from "#app/lib/validation/hero-tiles.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  HERO_TILES_SETTING_KEY,
  heroTilesForForm,
  loadHeroTiles,
  MISSING_CATEGORY_MESSAGE,
} from "#app/server/site/hero-tiles.server.ts";
import { auditLog, categories, siteSettings } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices, type TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Settings → Shop hero tiles (decision 042): the spec's three until the owner chooses, then
 * the owner's three in their order on /crafts; the same category twice, a deleted one or a
 * non-admin's post changes nothing.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let clerkCookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  adminCookie = (
    await signedInCookie(services, (await createTestUser(services.db, { admin: true })).id)
  ).cookie;
  clerkCookie = (
    await signedInCookie(services, (await createTestUser(services.db, { admin: false })).id)
  ).cookie;
  for (const name of ["Mother's Day Gifts", "Custom Gifts", "Home Décor", "Christmas Gifts"]) {
    const [row] = await services.db
      .insert(categories)
      .values({ name, isSpecial: name === "Christmas Gifts" })
      .returning({ id: categories.id });
    ids[name] = row!.id;
  }
}, 120_000);
afterAll(() => handle.close());

const tilesForm = (tiles: { categoryId: string; blurb: string; icon: string }[]) =>
  Object.fromEntries(
    tiles.flatMap((tile, index) => [
      [`tiles[${index}].categoryId`, tile.categoryId],
      [`tiles[${index}].blurb`, tile.blurb],
      [`tiles[${index}].icon`, tile.icon],
    ]),
  );

const save = (tiles: { categoryId: string; blurb: string; icon: string }[], cookie = adminCookie) =>
  app.postForm("/admin/settings/hero-tiles", tilesForm(tiles), { headers: { Cookie: cookie } });

/** The tile names of /crafts's hero, in order. */
async function craftsTiles(): Promise<string[]> {
  const html = await (await app.request("/crafts")).text();
  const hero = html.slice(0, html.indexOf('id="categories-heading"'));
  return [...hero.matchAll(/<span class="font-semibold">([^<]+)<\/span>/g)].map((m) =>
    m[1]!.replaceAll("&#x27;", "'"),
  );
}

const OWNER_TILES = () => [
  { categoryId: ids["Christmas Gifts"]!, blurb: "Stockings and ornaments", icon: "tree" },
  { categoryId: ids["Home Décor"]!, blurb: "For every room", icon: "star" },
  { categoryId: ids["Custom Gifts"]!, blurb: "Made to your design", icon: "gift" },
];

describe("the /crafts hero tiles", () => {
  it("are the spec's three until the owner chooses, matched to categories by name in the form", async () => {
    expect(await loadHeroTiles(services.db)).toEqual(DEFAULT_HERO_TILES);
    expect(await craftsTiles()).toEqual([
      "Mother's Day Gifts",
      "Easter Collection",
      "Custom Gifts",
    ]);
    expect(await heroTilesForForm(services.db)).toEqual([
      {
        categoryId: ids["Mother's Day Gifts"],
        blurb: "Personalised keepsakes for her",
        icon: "heart",
      },
      // No such category in this shop: the owner chooses one.
      { categoryId: "", blurb: "Seasonal décor and treats", icon: "egg" },
      { categoryId: ids["Custom Gifts"], blurb: "Made to your design", icon: "gift" },
    ]);
  });

  it("refuses a non-admin, the same category twice and a deleted category, saving nothing", async () => {
    expect((await save(OWNER_TILES(), clerkCookie)).status).toBeGreaterThanOrEqual(300);
    const twice = OWNER_TILES();
    twice[2]!.categoryId = twice[0]!.categoryId;
    const duplicate = await save(twice);
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toContain(HERO_TILE_MESSAGES.duplicate);
    const gone = OWNER_TILES();
    gone[1]!.categoryId = "00000000-0000-4000-8000-000000000000";
    const missing = await save(gone);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(MISSING_CATEGORY_MESSAGE);
    const tooLong = OWNER_TILES();
    tooLong[0]!.blurb = "x".repeat(61);
    expect(await (await save(tooLong)).text()).toContain(HERO_TILE_MESSAGES.blurbTooLong);
    const rows = await services.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, HERO_TILES_SETTING_KEY));
    expect(rows).toEqual([]);
  });

  it("shows the owner's three in their order, audited tile by tile", async () => {
    const response = await save(OWNER_TILES());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Hero tiles saved");
    expect(await craftsTiles()).toEqual(["Christmas Gifts", "Home Décor", "Custom Gifts"]);
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.hero_tiles"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.details).toEqual({
      changes: [
        {
          field: "Tile 1",
          from: "Mother's Day Gifts (“Personalised keepsakes for her”, heart)",
          to: "Christmas Gifts (“Stockings and ornaments”, tree)",
        },
        {
          field: "Tile 2",
          from: "Easter Collection (“Seasonal décor and treats”, egg)",
          to: "Home Décor (“For every room”, star)",
        },
      ],
    });
  });

  it("follows a renamed category, and leaves out a deleted one", async () => {
    await services.db
      .update(categories)
      .set({ name: "Festive Gifts" })
      .where(eq(categories.id, ids["Christmas Gifts"]!));
    expect(await craftsTiles()).toEqual(["Festive Gifts", "Home Décor", "Custom Gifts"]);
    await services.db.delete(categories).where(eq(categories.id, ids["Home Décor"]!));
    expect((await loadHeroTiles(services.db)).map((tile) => tile.name)).toEqual([
      "Festive Gifts",
      "Custom Gifts",
    ]);
  });
});
