import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_HERO_TILES,
  HERO_TILE_ICONS,
  type HeroTile,
  type StoredHeroTile,
} from "#app/lib/hero-tiles.ts";
import { HeroTilesSchema } from "#app/lib/validation/hero-tiles.ts";
import { categories, siteSettings } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import type { Database } from "../db/client.server.ts";
import type { SettingChange } from "./business-details.server.ts";

/*
 * The /crafts hero tiles (decision 042): a `site_settings` row of three tiles, each naming its
 * category by id. No row: the spec's three, by name, whether or not such categories exist (as
 * the original showed them). A stored tile whose category was deleted is left out.
 */

export const HERO_TILES_SETTING_KEY = "crafts_hero_tiles";

async function storedTiles(db: Database): Promise<StoredHeroTile[] | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, HERO_TILES_SETTING_KEY));
  if (!row) return null;
  const parsed = HeroTilesSchema.safeParse(row.value);
  return parsed.success ? (parsed.data.tiles as StoredHeroTile[]) : null;
}

async function categoryNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The tiles as /crafts shows them, in the owner's order. */
export async function loadHeroTiles(db: Database): Promise<HeroTile[]> {
  const tiles = await storedTiles(db);
  if (!tiles) return [...DEFAULT_HERO_TILES];
  const names = await categoryNames(
    db,
    tiles.map((tile) => tile.categoryId),
  );
  return tiles.flatMap((tile) => {
    const name = names.get(tile.categoryId);
    return name ? [{ name, blurb: tile.blurb, icon: tile.icon }] : [];
  });
}

/**
 * The tiles as the admin's form starts: the stored ones, or the spec's three matched to the
 * shop's categories by name (a tile with no such category starts without one).
 */
export async function heroTilesForForm(db: Database): Promise<StoredHeroTile[]> {
  const tiles = await storedTiles(db);
  if (tiles) return tiles;
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return DEFAULT_HERO_TILES.map((tile) => ({
    categoryId: rows.find((row) => row.name.toLowerCase() === tile.name.toLowerCase())?.id ?? "",
    blurb: tile.blurb,
    icon: tile.icon,
  }));
}

/** Every category, by name, for the admin's choice of tiles. */
export function categoriesForHeroTiles(db: Database) {
  return db
    .select({ id: categories.id, name: categories.name, isSpecial: categories.isSpecial })
    .from(categories)
    .orderBy(asc(categories.name));
}

function tileInWords(tile: HeroTile | undefined): string {
  return tile
    ? `${tile.name} (“${tile.blurb}”, ${HERO_TILE_ICONS[tile.icon].toLowerCase()})`
    : "none";
}

export const MISSING_CATEGORY_MESSAGE =
  "One of the chosen categories no longer exists. Please choose again.";

export type SaveHeroTilesResult =
  | { ok: true; changes: SettingChange[] }
  | { ok: false; message: string };

/**
 * Saves three validated tiles: the row, its audit record (each changed tile, before → after)
 * and the announcement that empties every process's cached pages, in one transaction.
 */
export async function saveHeroTiles(
  db: Database,
  actor: AuditActor,
  tiles: StoredHeroTile[],
): Promise<SaveHeroTilesResult> {
  return db.transaction(async (tx) => {
    // The categories locked, so none is deleted between this check and the commit.
    const found = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(
        inArray(
          categories.id,
          tiles.map((tile) => tile.categoryId),
        ),
      )
      .for("share");
    const names = new Map(found.map((row) => [row.id, row.name]));
    if (tiles.some((tile) => !names.has(tile.categoryId))) {
      return { ok: false as const, message: MISSING_CATEGORY_MESSAGE };
    }
    const before = await loadHeroTiles(tx);
    const after = tiles.map((tile) => ({
      name: names.get(tile.categoryId)!,
      blurb: tile.blurb,
      icon: tile.icon,
    }));
    const changes = after
      .map((tile, index) => ({
        field: `Tile ${index + 1}`,
        from: tileInWords(before[index]),
        to: tileInWords(tile),
      }))
      .filter((change) => change.from !== change.to);
    if (changes.length === 0) return { ok: true as const, changes };
    await tx
      .insert(siteSettings)
      .values({ key: HERO_TILES_SETTING_KEY, value: { tiles } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { tiles }, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: "settings.hero_tiles",
      entity: "settings",
      entityId: null,
      details: { changes },
    });
    await notifyCatalogChanged(tx);
    return { ok: true as const, changes };
  });
}
