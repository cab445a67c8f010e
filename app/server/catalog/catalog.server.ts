import { and, asc, eq, exists, inArray, ne, sql } from "drizzle-orm";
import { toCents } from "#app/lib/money.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Public catalogue reads (spec §7 "Public reads"). Prices leave this module as integer cents;
 * lists are ordered by name (spec §3, §9).
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
}

export interface CategoryTag {
  id: string;
  name: string;
  isSpecial: boolean;
}

export interface ProductSummary {
  id: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
  /** All linked categories, in the order they were linked (the first one labels a card). */
  categories: CategoryTag[];
}

export interface ProductDetail extends ProductSummary {
  description: string | null;
  updatedAt: Date;
}

/** All categories ordered by name. */
export async function listCategories(db: Database): Promise<PublicCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      isSpecial: categories.isSpecial,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
}

/** The category links of the given products, oldest link first. */
async function categoriesOf(db: Database, productIds: string[]) {
  const byProduct = new Map<string, CategoryTag[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productCategories.productId,
      id: categories.id,
      name: categories.name,
      isSpecial: categories.isSpecial,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, productIds))
    .orderBy(asc(productCategories.createdAt), asc(categories.name));
  for (const { productId, ...tag } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(tag);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * Products ordered by name, optionally only those linked to the category of that name
 * (spec §4: matched case-insensitively; any linked category counts, not only the first).
 */
export async function listProducts(
  db: Database,
  filter: { category?: string | null } = {},
): Promise<ProductSummary[]> {
  const category = filter.category?.trim();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: products.imageUrl,
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
                ),
              ),
          )
        : undefined,
    )
    .orderBy(asc(products.name), asc(products.id));
  const tags = await categoriesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    categories: tags.get(row.id) ?? [],
  }));
}

/** One product with all its categories, or null when the id is unknown or malformed. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const tags = await categoriesOf(db, [row.id]);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    updatedAt: row.updatedAt,
    categories: tags.get(row.id) ?? [],
  };
}

/** Spec §9: up to 4 related products. */
export const RELATED_PRODUCTS_LIMIT = 4;

/**
 * Products sharing a category with the given one (spec §7), never the product itself, each
 * once, ordered by name. The original cut at 4 links before removing duplicates; here the
 * limit applies to distinct products.
 */
export async function relatedProducts(
  db: Database,
  product: Pick<ProductSummary, "id" | "categories">,
  limit = RELATED_PRODUCTS_LIMIT,
): Promise<ProductSummary[]> {
  const categoryIds = product.categories.map((c) => c.id);
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      id: products.id,
      name: products.name,
      price: products.price,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.productId, products.id))
    .where(and(inArray(productCategories.categoryId, categoryIds), ne(products.id, product.id)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
  const tags = await categoriesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    priceCents: toCents(row.price),
    imageUrl: row.imageUrl,
    categories: tags.get(row.id) ?? [],
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
