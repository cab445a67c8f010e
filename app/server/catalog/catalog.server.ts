import { and, asc, eq, exists, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { CategoryTag, ProductSummary } from "#app/lib/catalog.ts";
import { johannesburgDate } from "#app/lib/dates.ts";
import { toCents } from "#app/lib/money.ts";
import type { PersonalisationRules } from "#app/lib/personalisation.ts";
import {
  isInSeason,
  nextSeasonChange,
  type SeasonWindow,
  seasonOf,
  seasonStateOf,
} from "#app/lib/seasons.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { personalisationColumns, personalisationRules } from "./personalisation.server.ts";
import { readPhotos } from "./product-photos.server.ts";

/*
 * Public catalogue reads (docs/product.md §2.7, §2.8). Prices leave this module as integer cents;
 * lists are ordered by name (docs/product.md §4, §9). A seasonal category out of season (decision 014) is
 * left out of what the shop shows (the grid, the filter, product tags, the sitemap); the
 * reads take `now` so that tests can move the clock.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id must never reach PostgreSQL (it would be a 500 there): it is simply unknown. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface PublicCategory {
  id: string;
  name: string;
  description: string | null;
  isSpecial: boolean;
  imageUrl: string | null;
  /** Its season, null for a category that is always shown. */
  season: SeasonWindow | null;
  inSeason: boolean;
  /** Out of season: the day it comes back ("YYYY-MM-DD"); null otherwise. */
  returnsOn: string | null;
}

export interface ProductDetail extends ProductSummary {
  description: string | null;
  /** What the product asks the buyer to write (decision 040), null: nothing. */
  personalisation: PersonalisationRules | null;
  updatedAt: Date;
  /** Its photos' URLs in order; the first is `imageUrl`, the cover (decision 039). */
  photos: string[];
}

/**
 * All categories ordered by name, each with its season and whether it is in season at `now`
 * (the shop shows only those in season; the crafts hero says when the others return).
 */
export async function listCategories(db: Database, now = new Date()): Promise<PublicCategory[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      isSpecial: categories.isSpecial,
      imageUrl: categories.imageUrl,
      seasonStart: categories.seasonStart,
      seasonEnd: categories.seasonEnd,
    })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map(({ seasonStart, seasonEnd, ...row }) => ({
    ...row,
    ...seasonStateOf({ seasonStart, seasonEnd }, now),
  }));
}

/**
 * The SQL twin of `isInSeason` for the category in the query, at `now`: the day is computed
 * here, in Johannesburg, and compared as "MM-DD" text (byte order, whatever the collation).
 */
function categoryInSeason(now: Date) {
  const day = johannesburgDate(now).slice(5);
  const start = sql`${categories.seasonStart} collate "C"`;
  const end = sql`${categories.seasonEnd} collate "C"`;
  return sql`(${categories.seasonStart} is null or case when ${start} <= ${end} then ${day} >= ${start} and ${day} <= ${end} else ${day} >= ${start} or ${day} <= ${end} end)`;
}

/** Every season of the catalogue (a handful of rows at most). */
export async function listSeasons(db: Database): Promise<SeasonWindow[]> {
  const rows = await db
    .select({ seasonStart: categories.seasonStart, seasonEnd: categories.seasonEnd })
    .from(categories)
    .where(isNotNull(categories.seasonStart));
  return rows.map(seasonOf).filter((season) => season !== null);
}

/** When the shop next changes by itself, from categories already read. */
export function nextChangeOfCategories(list: readonly PublicCategory[], now: Date) {
  return nextSeasonChange(
    list.flatMap((category) => (category.season ? [category.season] : [])),
    now,
  );
}

/** When the shop next changes by itself (a season begins or ends), or null: never. */
export async function nextCatalogSeasonChange(db: Database, now = new Date()) {
  return nextSeasonChange(await listSeasons(db), now);
}

/**
 * A product's category links as JSON text, oldest link first: read in the same query as the
 * product (a correlated subquery), one round trip less for every page that lists products
 * (docs/performance.md; a query costs 0.5-1.5 ms on PGlite). `categoryTagsOf` reads it.
 */
const categoryLinks = sql<string>`(
  select coalesce(json_agg(json_build_object(
      'id', c.id, 'name', c.name, 'isSpecial', c.is_special,
      'seasonStart', c.season_start, 'seasonEnd', c.season_end
    ) order by pc.created_at, c.name), '[]')::text
  from ${productCategories} pc
  inner join ${categories} c on c.id = pc.category_id
  where pc.product_id = ${products}.id)`;

/** The in-season category tags among a product's links (categoryLinks), in their order. */
function categoryTagsOf(links: string, now: Date): CategoryTag[] {
  const parsed = JSON.parse(links) as (CategoryTag & {
    seasonStart: string | null;
    seasonEnd: string | null;
  })[];
  return parsed
    .filter((link) => isInSeason(seasonOf(link), now))
    .map((link) => ({ id: link.id, name: link.name, isSpecial: link.isSpecial }));
}

/**
 * Products ordered by name, optionally only those linked to the category of that name
 * (docs/product.md §5.2: matched case-insensitively; any linked category counts, not only the first).
 */
export async function listProducts(
  db: Database,
  filter: { category?: string | null } = {},
  now = new Date(),
): Promise<ProductSummary[]> {
  const category = filter.category?.trim();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: products.imageUrl,
      personalisationRequired: products.personalisationRequired,
      links: categoryLinks,
    })
    .from(products)
    .where(
      category
        ? exists(
            db
              .select({ one: sql`1` })
              .from(productCategories)
              .innerJoin(categories, eq(categories.id, productCategories.categoryId))
              .where(
                and(
                  eq(productCategories.productId, products.id),
                  eq(sql`lower(${categories.name})`, category.toLowerCase()),
                  // Out of season, the category filter finds nothing (decision 014).
                  categoryInSeason(now),
                ),
              ),
          )
        : undefined,
    )
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    personalisationRequired: row.personalisationRequired,
    categories: categoryTagsOf(row.links, now),
  }));
}

/** One product with all its categories, or null when the id is unknown or malformed. */
export async function getProduct(
  db: Database,
  id: string,
  now = new Date(),
): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
      updatedAt: products.updatedAt,
      ...personalisationColumns,
      links: categoryLinks,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    updatedAt: row.updatedAt,
    personalisationRequired: row.personalisationRequired,
    personalisation: personalisationRules(row),
    categories: categoryTagsOf(row.links, now),
    photos: await readPhotos(db, row.id, row.imageUrl),
  };
}

/** docs/product.md §9: up to 4 related products. */
export const RELATED_PRODUCTS_LIMIT = 4;

/**
 * Products sharing a category with the given one (docs/product.md §2.8), never the product itself, each
 * once, ordered by name. The original cut at 4 links before removing duplicates; here the
 * limit applies to distinct products.
 */
export async function relatedProducts(
  db: Database,
  product: Pick<ProductSummary, "id" | "categories">,
  limit = RELATED_PRODUCTS_LIMIT,
  now = new Date(),
): Promise<ProductSummary[]> {
  const categoryIds = product.categories.map((c) => c.id);
  if (categoryIds.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: products.imageUrl,
      personalisationRequired: products.personalisationRequired,
      links: categoryLinks,
    })
    .from(products)
    .where(
      and(
        ne(products.id, product.id),
        // Each product once, however many categories it shares.
        exists(
          db
            .select({ one: sql`1` })
            .from(productCategories)
            .where(
              and(
                eq(productCategories.productId, products.id),
                inArray(productCategories.categoryId, categoryIds),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    personalisationRequired: row.personalisationRequired,
    categories: categoryTagsOf(row.links, now),
  }));
}

export interface CurrentPrice {
  id: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
}

/** The most ids one pricing request (or one order) may name. */
export const MAX_PRICED_IDS = 100;

/**
 * Current names and prices of the given product ids (the cart's re-pricing and checkout).
 * Malformed and unknown ids are simply absent from the result.
 */
export async function currentPrices(db: Database, ids: readonly string[]): Promise<CurrentPrice[]> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))].slice(
    0,
    MAX_PRICED_IDS,
  );
  if (valid.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .where(inArray(products.id, valid));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
  }));
}
