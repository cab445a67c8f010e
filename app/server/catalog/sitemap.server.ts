import { asc } from "drizzle-orm";
import { products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/** Every product's id and last change, for /sitemap.xml (issue 4: public pages and products). */
export async function listProductsForSitemap(db: Database) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.name));
}
