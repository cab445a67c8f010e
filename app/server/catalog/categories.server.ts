import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { AdminCategoryRow, CategoryRecord } from "#app/lib/catalog.ts";
import { type SeasonWindow, seasonOf, seasonStateOf } from "#app/lib/seasons.ts";
import { categories, productCategories } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/errors.server.ts";
import type { ProcessedImage } from "../storage/images.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import { isUuid } from "./catalog.server.ts";
import { notifyCatalogChanged } from "./catalog-events.server.ts";
import { adoptImage, collectUnusedImages } from "./catalog-images.server.ts";
import type { CatalogWriteOptions } from "./products.server.ts";

/*
 * Admin reads and writes of categories (docs/product.md §3.6 /admin/categories, the category form and the
 * manager (§3.7); §5.7 for deleting). Names are unique regardless of case (a unique
 * index on lower(name)); a category still linked to products is never deleted.
 */

const recordColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  isSpecial: categories.isSpecial,
  imageUrl: categories.imageUrl,
  seasonStart: categories.seasonStart,
  seasonEnd: categories.seasonEnd,
};

/** All categories by name, each with its product count and whether it is in season. */
export async function listAdminCategories(
  db: Database,
  now = new Date(),
): Promise<AdminCategoryRow[]> {
  const rows = await db
    .select({ ...recordColumns, productCount: count(productCategories.productId) })
    .from(categories)
    .leftJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.name), asc(categories.id));
  return rows.map(({ seasonStart, seasonEnd, ...row }) => ({
    ...row,
    ...seasonStateOf({ seasonStart, seasonEnd }, now),
  }));
}

/** One category, or null when the id is unknown or malformed. */
export async function getCategory(db: Database, id: string): Promise<CategoryRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(recordColumns).from(categories).where(eq(categories.id, id));
  if (!row) return null;
  const { seasonStart, seasonEnd, ...rest } = row;
  return { ...rest, season: seasonOf({ seasonStart, seasonEnd }) };
}

/**
 * What a save changes. The category form sends name, isSpecial and the season; the manager
 * sends name, description and image (docs/product.md §3.7). Fields left undefined keep their value.
 */
export interface CategoryChanges {
  name: string;
  isSpecial?: boolean;
  /** A special category's season (decision 014); null: none. */
  season?: SeasonWindow | null;
  description?: string | null;
  image?: ProcessedImage;
  removeImage?: boolean;
}

export type SaveCategoryResult =
  | { ok: true; id: string; name: string; created: boolean }
  | { ok: false; code: "not-found" | "duplicate"; message: string };

export function duplicateCategoryMessage(name: string) {
  return `A category named "${name}" already exists. Category names must be unique, whatever their upper and lower case.`;
}

const notFoundMessage = "The category does not exist.";

/** Creates (`id` null) or updates a category with its audit record, in one transaction. */
export async function saveCategory(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  id: string | null,
  changes: CategoryChanges,
  options: CatalogWriteOptions = {},
): Promise<SaveCategoryResult> {
  if (id !== null && !isUuid(id)) return { ok: false, code: "not-found", message: notFoundMessage };
  let newImageUrl: string | null = null;
  let replacedImageUrl: string | null = null;
  try {
    const result = await db.transaction(async (tx): Promise<SaveCategoryResult> => {
      let before: { imageUrl: string | null } | undefined;
      if (id !== null) {
        [before] = await tx
          .select({ imageUrl: categories.imageUrl })
          .from(categories)
          .where(eq(categories.id, id))
          .for("update");
        if (!before) return { ok: false, code: "not-found", message: notFoundMessage };
      }
      // The same rule as the unique index (PostgreSQL's lower()), for a clear message; the
      // index still decides when two saves race (23505 below).
      const [clash] = await tx
        .select({ name: categories.name })
        .from(categories)
        .where(
          and(
            eq(sql`lower(${categories.name})`, sql`lower(${changes.name})`),
            id !== null ? ne(categories.id, id) : undefined,
          ),
        )
        .limit(1);
      if (clash) {
        return { ok: false, code: "duplicate", message: duplicateCategoryMessage(clash.name) };
      }

      let imageUrl = before?.imageUrl ?? null;
      if (changes.image) {
        newImageUrl = await adoptImage(tx, storage, "categories", changes.image);
        imageUrl = newImageUrl;
      } else if (changes.removeImage) {
        imageUrl = null;
      }
      if (before?.imageUrl && before.imageUrl !== imageUrl) replacedImageUrl = before.imageUrl;

      const season =
        changes.season === undefined
          ? {}
          : { seasonStart: changes.season?.start ?? null, seasonEnd: changes.season?.end ?? null };
      const values = {
        name: changes.name,
        ...(changes.isSpecial !== undefined ? { isSpecial: changes.isSpecial } : {}),
        ...season,
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        imageUrl,
        updatedAt: new Date(),
      };
      let categoryId: string;
      if (id === null) {
        const [inserted] = await tx
          .insert(categories)
          .values(values)
          .returning({ id: categories.id });
        categoryId = inserted!.id;
      } else {
        await tx.update(categories).set(values).where(eq(categories.id, id));
        categoryId = id;
      }
      await recordAudit(tx, actor, {
        action: id === null ? "category.create" : "category.update",
        entity: "category",
        entityId: categoryId,
        details: {
          name: changes.name,
          ...(changes.isSpecial !== undefined ? { isSpecial: changes.isSpecial } : {}),
          ...(changes.season !== undefined ? { season: changes.season } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          imageUrl,
          ...(replacedImageUrl ? { replacedImageUrl } : {}),
        },
      });
      // Public pages cached by any process show the change at once (decision 011).
      await notifyCatalogChanged(tx);
      return { ok: true, id: categoryId, name: changes.name, created: id === null };
    });
    await collectUnusedImages(
      db,
      storage,
      result.ok ? [replacedImageUrl] : [newImageUrl],
      options.onCleanupError,
    );
    return result;
  } catch (error) {
    await collectUnusedImages(db, storage, [newImageUrl], options.onCleanupError);
    if (isUniqueViolation(error)) {
      return { ok: false, code: "duplicate", message: duplicateCategoryMessage(changes.name) };
    }
    throw error;
  }
}

export type DeleteCategoryResult =
  | { ok: true; name: string }
  | { ok: false; code: "not-found" }
  | { ok: false; code: "in-use"; productCount: number };

/** docs/product.md §8.3 'Failed to delete category. It may be in use by products.', plus how many use it. */
export function categoryInUseMessage(productCount: number) {
  const products = productCount === 1 ? "1 product" : `${productCount} products`;
  return `Failed to delete category. It may be in use by products. It is used by ${products}: remove it from ${productCount === 1 ? "that product" : "those products"} first.`;
}

async function linkedProductCount(db: Database, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(productCategories)
    .where(eq(productCategories.categoryId, id));
  return row?.n ?? 0;
}

/** Deletes a category that no product uses (docs/product.md §5.7), with its audit record. */
export async function deleteCategory(
  db: Database,
  storage: FileStorage,
  actor: AuditActor,
  id: string,
  options: CatalogWriteOptions = {},
): Promise<DeleteCategoryResult> {
  if (!isUuid(id)) return { ok: false, code: "not-found" };
  try {
    const result = await db.transaction(
      async (tx): Promise<DeleteCategoryResult & { imageUrl?: string | null }> => {
        // The row lock waits for (and then blocks) saves that link a product to it.
        const [row] = await tx
          .select({ name: categories.name, imageUrl: categories.imageUrl })
          .from(categories)
          .where(eq(categories.id, id))
          .for("update");
        if (!row) return { ok: false, code: "not-found" };
        const productCount = await linkedProductCount(tx, id);
        if (productCount > 0) return { ok: false, code: "in-use", productCount };
        await tx.delete(categories).where(eq(categories.id, id));
        await recordAudit(tx, actor, {
          action: "category.delete",
          entity: "category",
          entityId: id,
          details: { name: row.name, imageUrl: row.imageUrl },
        });
        // Public pages cached by any process show the change at once (decision 011).
        await notifyCatalogChanged(tx);
        return { ok: true, name: row.name, imageUrl: row.imageUrl };
      },
    );
    if (result.ok) {
      await collectUnusedImages(db, storage, [result.imageUrl], options.onCleanupError);
      return { ok: true, name: result.name };
    }
    return result;
  } catch (error) {
    // ON DELETE RESTRICT is the last word if a link slipped in anyway.
    if (isForeignKeyViolation(error)) {
      return {
        ok: false,
        code: "in-use",
        productCount: Math.max(1, await linkedProductCount(db, id)),
      };
    }
    throw error;
  }
}
