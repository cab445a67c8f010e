import { asc } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { listCategories, nextChangeOfCategories } from "./catalog.server.ts";

/** Every product's id and last change, for /sitemap.xml (decision 004: public pages and products). */
export async function listProductsForSitemap(db: Database) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.name));
}

/**
 * The categories whose filtered /crafts page the sitemap lists: those in season at `now`
 * (decision 014: an out-of-season category is left out), with when the shop next changes.
 */
export async function listCategoriesForSitemap(db: Database, now = new Date()) {
  const categories = await listCategories(db, now);
  return {
    names: categories.filter((category) => category.inSeason).map((category) => category.name),
    nextChange: nextChangeOfCategories(categories, now),
  };
}
