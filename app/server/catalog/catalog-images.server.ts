import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { imageVariants } from "#app/lib/image-variants.ts";
import {
  categories,
  productPhotos,
  products,
  showcaseItems,
  siteSettings,
} from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import {
  type ImagePrefix,
  imagePlan,
  type ProcessedImage,
  writeImageFiles,
} from "../storage/images.server.ts";
import {
  type FileStorage,
  StorageWriteError,
  storageFailureReason,
} from "../storage/storage.server.ts";

/*
 * Which image files the catalogue still needs (decision 008). Names are content-addressed,
 * so two products (or a product and a category) may share files, and a file may be removed
 * only when no product, no product's photo, no category, no showcase entry (decision 043)
 * and not the About section's poster (decision 044) refers to it any more.
 *
 * Every step that makes files referenced ("adopt", inside the saving transaction) or that
 * removes unreferenced files ("collect", after a commit or a rollback) holds a transaction
 * advisory lock on the image's name. So a collect never removes files that a concurrent save
 * is about to commit: either the save committed first (the collect sees the reference) or it
 * takes the lock after the collect and writes the files again.
 */

/** The first key of pg_advisory_xact_lock(int4, int4): "image files" (ASCII 'IMGF'). */
const IMAGE_LOCK_CLASS = 0x494d4746;

/** The name shared by an image's variant files: "/uploads/products/<hash>" (or the URL). */
function imageIdentity(url: string): string {
  const variants = imageVariants(url);
  return variants ? variants[0]!.url.replace(/-\d+\.webp$/, "") : url;
}

async function lockImage(tx: Database, url: string) {
  const digest = crypto.createHash("sha256").update(imageIdentity(url)).digest();
  await tx.execute(
    sql`select pg_advisory_xact_lock(${IMAGE_LOCK_CLASS}::int4, ${digest.readInt32BE(0)}::int4)`,
  );
}

/** Every stored file of an image URL (all its variants), as storage keys. */
export function imageFileKeys(storage: FileStorage, url: string): string[] {
  const urls = imageVariants(url)?.map((v) => v.url) ?? [url];
  return urls.map((u) => storage.keyFromUrl(u)).filter((key): key is string => key !== null);
}

/**
 * Inside the saving transaction: takes the image's lock and writes its files (those missing).
 * Returns the URL to store. The caller collects the URL again if the transaction fails.
 * When a file cannot be written, the files this call wrote are removed again and it throws a
 * StorageWriteError (whatever the storage threw), which rolls the caller's transaction back:
 * the admin is told 'Error uploading image: <reason>' and nothing is half-saved.
 */
export async function adoptImage(
  tx: Database,
  storage: FileStorage,
  prefix: ImagePrefix,
  image: ProcessedImage,
): Promise<string> {
  const plan = imagePlan(storage, prefix, image);
  await lockImage(tx, plan.url);
  try {
    await writeImageFiles(tx, storage, plan.files);
  } catch (error) {
    if (error instanceof StorageWriteError) throw error;
    throw new StorageWriteError(storageFailureReason(error), { cause: error });
  }
  return plan.url;
}

export async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.imageUrl, url))
    .limit(1);
  if (product) return true;
  const [photo] = await db
    .select({ productId: productPhotos.productId })
    .from(productPhotos)
    .where(eq(productPhotos.url, url))
    .limit(1);
  if (photo) return true;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.imageUrl, url))
    .limit(1);
  if (category) return true;
  // A portfolio project's or an equipment item's picture (decision 043).
  const [entry] = await db
    .select({ id: showcaseItems.id })
    .from(showcaseItems)
    .where(eq(showcaseItems.imageUrl, url))
    .limit(1);
  if (entry) return true;
  // The About section's poster (decision 044).
  const [about] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(and(eq(siteSettings.key, "about"), sql`${siteSettings.value}->>'posterUrl' = ${url}`))
    .limit(1);
  return Boolean(about);
}

/**
 * Removes the files of each URL that nothing refers to any more. Call it after
 * the change committed (old images) or rolled back (the new image). Never throws: a file left
 * behind is logged, never a failed save.
 */
export async function collectUnusedImages(
  db: Database,
  storage: FileStorage,
  urls: readonly (string | null | undefined)[],
  onError: (error: unknown, url: string) => void = () => {},
): Promise<string[]> {
  const removed: string[] = [];
  for (const url of new Set(urls)) {
    if (!url) continue;
    const keys = imageFileKeys(storage, url);
    if (keys.length === 0) continue; // not one of our files
    try {
      await db.transaction(async (tx) => {
        await lockImage(tx, url);
        if (await isImageReferenced(tx, url)) return;
        for (const key of keys) await storage.delete(tx, key);
        removed.push(url);
      });
    } catch (error) {
      onError(error, url);
    }
  }
  return removed;
}
