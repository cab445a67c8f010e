import { asc, eq, inArray } from "drizzle-orm";
import { MAX_PRODUCT_PHOTOS, PHOTO_MESSAGES } from "#app/lib/validation/catalog.ts";
import { productPhotos } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/*
 * A product's photos (docs/product.md §3.5 "Photos", decision 039): up to 8 in order, the
 * first the cover. `product_photos` holds them; the product's `image_url` is the cover's URL,
 * kept in step in the same transaction, so every list, the cart and search engines read one
 * column as before. A product whose row has an `image_url` but no photo rows (the demo
 * catalogue, a row written by an older version) has that image as its one photo.
 */

/** What the product form asks for: the photos kept in their new order, those removed, the new. */
export interface PhotoChanges {
  /** The product's photos (URLs) in the order they are to have; absent: as they are. */
  order?: readonly string[];
  /** Photos to take away (URLs). */
  remove?: readonly string[];
  /** How many new photos come after the kept ones. */
  added: number;
}

export type PhotoPlan =
  | { ok: true; kept: string[]; removed: string[] }
  | { ok: false; message: string };

/**
 * Checks a change against the product's current photos. `order` must name exactly the current
 * photos (each once) and `remove` only current photos: anything else means the form was made
 * from photos another save has changed since. At most 8 photos remain.
 */
export function planPhotos(current: readonly string[], changes: PhotoChanges): PhotoPlan {
  const order = changes.order ?? current;
  const remove = new Set(changes.remove ?? []);
  const known = new Set(current);
  const sameSet =
    order.length === current.length &&
    new Set(order).size === order.length &&
    order.every((url) => known.has(url));
  if (!sameSet || [...remove].some((url) => !known.has(url))) {
    return { ok: false, message: PHOTO_MESSAGES.changed };
  }
  const kept = order.filter((url) => !remove.has(url));
  const total = kept.length + changes.added;
  if (total > MAX_PRODUCT_PHOTOS) return { ok: false, message: PHOTO_MESSAGES.tooMany(total) };
  return { ok: true, kept, removed: current.filter((url) => remove.has(url)) };
}

/** One product's photos in order (inside a transaction: after its row was locked). */
export async function readPhotos(
  db: Database,
  productId: string,
  imageUrl: string | null,
): Promise<string[]> {
  return (await photosByProduct(db, [{ id: productId, imageUrl }])).get(productId) ?? [];
}

/** The photos of several products, in order, by product id. */
export async function photosByProduct(
  db: Database,
  list: readonly { id: string; imageUrl: string | null }[],
): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  if (list.length === 0) return photos;
  const rows = await db
    .select({ productId: productPhotos.productId, url: productPhotos.url })
    .from(productPhotos)
    .where(
      inArray(
        productPhotos.productId,
        list.map((p) => p.id),
      ),
    )
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position));
  for (const row of rows)
    photos.set(row.productId, [...(photos.get(row.productId) ?? []), row.url]);
  for (const product of list) {
    if (!photos.has(product.id) && product.imageUrl) photos.set(product.id, [product.imageUrl]);
  }
  return photos;
}

/** Replaces a product's photo rows by `urls` in that order (the caller sets `image_url`). */
export async function writePhotos(tx: Database, productId: string, urls: readonly string[]) {
  await tx.delete(productPhotos).where(eq(productPhotos.productId, productId));
  if (urls.length > 0) {
    await tx
      .insert(productPhotos)
      .values(urls.map((url, position) => ({ productId, position, url })));
  }
}
