import { and, asc, eq, exists, ilike, inArray, notInArray, or, sql } from "drizzle-orm";
import type { AdminCategoryTag, ProductForEdit } from "#app/lib/catalog.ts";
import { centsToDecimal, toCents } from "#app/lib/money.ts";
import type { PersonalisationRules } from "#app/lib/personalisation.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { isForeignKeyViolation } from "../db/errors.server.ts";
import { likePattern, searchTerm } from "../db/search.server.ts";
import type { ProcessedImage } from "../storage/images.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import { isUuid } from "./catalog.server.ts";
import { notifyCatalogChanged } from "./catalog-events.server.ts";
import { adoptImage, collectUnusedImages } from "./catalog-images.server.ts";
import {
  personalisationColumns,
  personalisationRules,
  personalisationValues,
} from "./personalisation.server.ts";
import { planPhotos, readPhotos, writePhotos } from "./product-photos.server.ts";

/*
 * Admin reads and writes of products (docs/product.md §3.4 /admin/products and §3.5 the product form,
 * decision 008 for images, 039 for its photos). A product, its photos and its category links
 * are saved in one transaction, with its audit record; image files no longer used are removed
 * only after the commit.
 */

export interface AdminProductRow {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  imageUrl: string | null;
  /** Linked categories by name. */
  categories: AdminCategoryTag[];
}

/**
 * Products ordered by name. `search` matches name, description or any linked category's
 * name as a case-insensitive substring (docs/product.md §3.4), in the database.
 */
export async function listAdminProducts(
  db: Database,
  search?: string | null,
): Promise<AdminProductRow[]> {
  const term = searchTerm(search);
  const pattern = term ? likePattern(term) : null;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .where(
      pattern
        ? or(
            ilike(products.name, pattern),
            ilike(products.description, pattern),
            exists(
              db
                .select({ one: sql`1` })
                .from(productCategories)
                .innerJoin(categories, eq(categories.id, productCategories.categoryId))
                .where(
                  and(
                    eq(productCategories.productId, products.id),
                    ilike(categories.name, pattern),
                  ),
                ),
            ),
          )
        : undefined,
    )
    // By name as people read it ("candle" next to "Candle"), the same on every engine.
    .orderBy(asc(sql`lower(${products.name})`), asc(products.name), asc(products.id));

  const tags = new Map<string, AdminCategoryTag[]>();
  if (rows.length > 0) {
    const links = await db
      .select({
        productId: productCategories.productId,
        id: categories.id,
        name: categories.name,
        isSpecial: categories.isSpecial,
      })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(
        inArray(
          productCategories.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name));
    for (const { productId, ...tag } of links) {
      tags.set(productId, [...(tags.get(productId) ?? []), tag]);
    }
  }
  return rows.map(({ price, ...row }) => ({
    ...row,
    priceCents: toCents(price),
    categories: tags.get(row.id) ?? [],
  }));
}

/** One product with its category ids, for the edit form; null when unknown or malformed. */
export async function getProductForEdit(db: Database, id: string): Promise<ProductForEdit | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
      ...personalisationColumns,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const links = await db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    priceCents: toCents(row.price),
    categoryIds: links.map((l) => l.categoryId),
    photos: await readPhotos(db, id, row.imageUrl),
    personalisation: personalisationRules(row),
  };
}

/** The product form's Categories panel (docs/product.md §3.5: regular and special, by name). */
export async function listCategoryOptions(db: Database): Promise<AdminCategoryTag[]> {
  return db
    .select({ id: categories.id, name: categories.name, isSpecial: categories.isSpecial })
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name), asc(categories.id));
}

export interface ProductChanges {
  name: string;
  description: string | null;
  priceCents: number;
  categoryIds: string[];
  /** New photos, already checked and encoded (processImage), added after the kept ones. */
  addPhotos?: readonly ProcessedImage[];
  /** The product's photos (URLs) in the order they are to have; absent: as they are. */
  photoOrder?: readonly string[];
  /** Photos (URLs) to take away. */
  removePhotos?: readonly string[];
  /** What the product asks the buyer to write (decision 040); null: nothing; absent: unchanged. */
  personalisation?: PersonalisationRules | null;
}

export type SaveProductResult =
  | { ok: true; id: string; name: string; created: boolean }
  | { ok: false; code: "not-found" | "unknown-category" | "photos"; message: string };

export interface CatalogWriteOptions {
  /** Told about image files that could not be removed (the save itself succeeded). */
  onCleanupError?: (error: unknown, url: string) => void;
}

/**
 * Creates (`id` null) or updates a product: its fields, its photos (the cover in `image_url`)
 * and its category links in one transaction, with the audit record. Links kept keep their
 * date, so the public card's first category stays the same. Removed photos' files are removed
 * after the commit when nothing else uses them; a failed save removes the new photos' files.
 */
export async function saveProduct(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  id: string | null,
  changes: ProductChanges,
  options: CatalogWriteOptions = {},
): Promise<SaveProductResult> {
  if (id !== null && !isUuid(id)) {
    return { ok: false, code: "not-found", message: "The product does not exist." };
  }
  const categoryIds = [...new Set(changes.categoryIds.map((c) => c.toLowerCase()))];
  if (!categoryIds.every(isUuid)) {
    return { ok: false, code: "unknown-category", message: unknownCategoryMessage };
  }
  const newImageUrls: string[] = [];
  let removedImageUrls: string[] = [];
  try {
    const result = await db.transaction(async (tx): Promise<SaveProductResult> => {
      let before: { imageUrl: string | null } | undefined;
      if (id !== null) {
        // Two saves of one product are serialised; the second sees the first's result.
        [before] = await tx
          .select({ imageUrl: products.imageUrl })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!before)
          return { ok: false, code: "not-found", message: "The product does not exist." };
      }
      if (categoryIds.length > 0) {
        // KEY SHARE: a category being linked cannot be deleted until this save commits (its
        // delete then sees the link and refuses), and one deleted first is simply missing.
        const found = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
          .for("key share");
        if (found.length !== categoryIds.length) {
          return { ok: false, code: "unknown-category", message: unknownCategoryMessage };
        }
      }

      const current = id === null ? [] : await readPhotos(tx, id, before?.imageUrl ?? null);
      const plan = planPhotos(current, {
        order: changes.photoOrder,
        remove: changes.removePhotos,
        added: changes.addPhotos?.length ?? 0,
      });
      if (!plan.ok) return { ok: false, code: "photos", message: plan.message };
      const photos = [...plan.kept];
      for (const image of changes.addPhotos ?? []) {
        const url = await adoptImage(tx, storage, "products", image);
        newImageUrls.push(url);
        // The same picture chosen twice (content-addressed names) is one photo.
        if (!photos.includes(url)) photos.push(url);
      }
      removedImageUrls = plan.removed.filter((url) => !photos.includes(url));
      const imageUrl = photos[0] ?? null;

      const values = {
        name: changes.name,
        description: changes.description,
        price: centsToDecimal(changes.priceCents),
        imageUrl,
        ...(changes.personalisation !== undefined
          ? personalisationValues(changes.personalisation)
          : {}),
        updatedAt: new Date(),
      };
      let productId: string;
      if (id === null) {
        const [inserted] = await tx.insert(products).values(values).returning({ id: products.id });
        productId = inserted!.id;
      } else {
        await tx.update(products).set(values).where(eq(products.id, id));
        productId = id;
        await tx
          .delete(productCategories)
          .where(
            and(
              eq(productCategories.productId, id),
              categoryIds.length > 0
                ? notInArray(productCategories.categoryId, categoryIds)
                : undefined,
            ),
          );
      }
      if (categoryIds.length > 0) {
        await tx
          .insert(productCategories)
          .values(categoryIds.map((categoryId) => ({ productId, categoryId })))
          .onConflictDoNothing();
      }
      await writePhotos(tx, productId, photos);
      await recordAudit(tx, actor, {
        action: id === null ? "product.create" : "product.update",
        entity: "product",
        entityId: productId,
        details: {
          name: changes.name,
          priceCents: changes.priceCents,
          categoryIds,
          imageUrl,
          // The cover is the image above; the order is worth recording once there are more.
          ...(photos.length > 1 ? { photos } : {}),
          ...(removedImageUrls.length > 0 ? { removedPhotos: removedImageUrls } : {}),
          ...(changes.personalisation !== undefined
            ? { personalisation: changes.personalisation }
            : {}),
        },
      });
      // Public pages cached by any process show the change at once (decision 011).
      await notifyCatalogChanged(tx);
      return { ok: true, id: productId, name: changes.name, created: id === null };
    });
    if (!result.ok) {
      await collectUnusedImages(db, storage, newImageUrls, options.onCleanupError);
      return result;
    }
    await collectUnusedImages(db, storage, removedImageUrls, options.onCleanupError);
    return result;
  } catch (error) {
    // Rolled back: the new photos' files go again, unless another row uses them.
    await collectUnusedImages(db, storage, newImageUrls, options.onCleanupError);
    if (isForeignKeyViolation(error)) {
      return { ok: false, code: "unknown-category", message: unknownCategoryMessage };
    }
    throw error;
  }
}

const unknownCategoryMessage =
  "One of the chosen categories no longer exists. Reload the page and choose again.";

export type DeleteProductResult = { ok: true; name: string } | { ok: false; code: "not-found" };

/** Deletes a product (its links go with it; order lines keep their name and price). */
export async function deleteProduct(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  id: string,
  options: CatalogWriteOptions = {},
): Promise<DeleteProductResult> {
  if (!isUuid(id)) return { ok: false, code: "not-found" };
  let photos: string[] = [];
  const deleted = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!locked) return null;
    photos = await readPhotos(tx, id, locked.imageUrl);
    const [row] = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ name: products.name, imageUrl: products.imageUrl });
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: "product.delete",
      entity: "product",
      entityId: id,
      details: { name: row.name, imageUrl: row.imageUrl, photos },
    });
    // Public pages cached by any process show the change at once (decision 011).
    await notifyCatalogChanged(tx);
    return row;
  });
  if (!deleted) return { ok: false, code: "not-found" };
  // Its photo rows went with it (cascade): their files go unless another row uses them.
  await collectUnusedImages(db, storage, photos, options.onCleanupError);
  return { ok: true, name: deleted.name };
}
