import fs from "node:fs";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants } from "#app/lib/image-variants.ts";
import { seedDemoCatalogue } from "#app/server/catalog/demo-catalogue.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createDiskStorage } from "#app/server/storage/storage.server.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
const uploadsDir = path.join(createTempDataDir(), "uploads");
const storage = createDiskStorage(uploadsDir);

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("demo catalogue", () => {
  it("seeds an empty database with the crafts categories, products, links and images", async () => {
    expect(await seedDemoCatalogue(handle.db, storage)).toBe(true);
    const { db } = handle;

    const seeded = await db
      .select({
        name: categories.name,
        isSpecial: categories.isSpecial,
        imageUrl: categories.imageUrl,
      })
      .from(categories)
      .orderBy(asc(categories.name));
    const byName = new Map(seeded.map((c) => [c.name, c]));
    expect(byName.get("Mother's Day Gifts")?.isSpecial).toBe(true);
    expect(byName.get("Easter Collection")?.isSpecial).toBe(true);
    expect(byName.get("Custom Gifts")?.isSpecial).toBe(false);
    expect(seeded.filter((c) => !c.isSpecial).length).toBeGreaterThanOrEqual(3);
    for (const category of seeded) {
      expect(category.imageUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}-800\.webp$/);
    }

    const allProducts = await db.select().from(products);
    expect(allProducts.length).toBeGreaterThanOrEqual(10);
    for (const product of allProducts) {
      expect(Number(product.price)).toBeGreaterThan(0);
      expect(product.description?.length).toBeGreaterThan(20);
      // Every image went through the upload pipeline: WebP variants 320, 640 and 800 wide.
      const variants = imageVariants(product.imageUrl);
      expect(product.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
      expect(variants?.map((v) => v.width)).toEqual([320, 640, 800]);
      for (const variant of variants!) {
        const file = path.join(uploadsDir, variant.url.replace("/uploads/", ""));
        const meta = await sharp(fs.readFileSync(file)).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(variant.width);
      }
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(productCategories)
        .where(eq(productCategories.productId, product.id));
      expect(n).toBeGreaterThan(0);
    }
  });

  it("does nothing when the catalogue already has data", async () => {
    const before = await handle.db.select({ n: count() }).from(products);
    expect(await seedDemoCatalogue(handle.db, storage)).toBe(false);
    expect(await handle.db.select({ n: count() }).from(products)).toEqual(before);
  });
});
