import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { isForeignKeyViolation, pgErrorCode } from "#app/server/db/errors.server.ts";
import {
  categories,
  newsletterSubscribers,
  orderItems,
  orders,
  productCategories,
  products,
  users,
} from "#db/schema/index.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/** The database refuses what must never be stored, whatever the application does. */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Resolves to the Postgres error code of a failed statement (23514 check, 23505 unique …). */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return pgErrorCode(error);
  }
}

describe("schema constraints", () => {
  it("refuses a negative price and a blank product name", async () => {
    const { db } = handle;
    expect(await errorCode(db.insert(products).values({ name: "Box", price: "-0.01" }))).toBe(
      "23514",
    );
    expect(await errorCode(db.insert(products).values({ name: "   ", price: "1.00" }))).toBe(
      "23514",
    );
    expect(
      await errorCode(db.insert(products).values({ name: "Box", price: "0.00" })),
    ).toBeUndefined();
  });

  it("keeps category names unique regardless of case", async () => {
    const { db } = handle;
    await db.insert(categories).values({ name: "Easter Collection" });
    expect(await errorCode(db.insert(categories).values({ name: "easter collection" }))).toBe(
      "23505",
    );
    expect(await errorCode(db.insert(categories).values({ name: "" }))).toBe("23514");
  });

  it("allows only the five order statuses, defaulting to pending", async () => {
    const { db } = handle;
    const [order] = await db
      .insert(orders)
      .values({ customerName: "Thandi", email: "t@example.co.za", phone: "0821234567" })
      .returning();
    expect(order?.status).toBe("pending");
    const bad = db.execute(sql`update orders set status = 'lost' where id = ${order!.id}`);
    expect(await errorCode(bad)).toBe("23514");
  });

  it("keeps order lines as sold when the product is deleted, and refuses quantity 0", async () => {
    const { db } = handle;
    const [product] = await db
      .insert(products)
      .values({ name: "Frame", price: "280.00" })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({ customerName: "Sipho", email: "s@example.co.za", phone: "0831234567" })
      .returning();
    const line = {
      orderId: order!.id,
      productId: product!.id,
      productName: "Frame",
      price: "280.00",
    };
    expect(await errorCode(db.insert(orderItems).values({ ...line, quantity: 0 }))).toBe("23514");
    await db.insert(orderItems).values({ ...line, quantity: 2 });

    await db.delete(products).where(eq(products.id, product!.id));
    const [kept] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(kept).toMatchObject({
      productId: null,
      productName: "Frame",
      price: "280.00",
      quantity: 2,
    });
  });

  it("keeps one subscription per e-mail regardless of case", async () => {
    const { db } = handle;
    await db.insert(newsletterSubscribers).values({ email: "Lerato@Example.co.za" });
    const duplicate = db.insert(newsletterSubscribers).values({ email: "lerato@example.CO.ZA" });
    expect(await errorCode(duplicate)).toBe("23505");
  });

  it("keeps user e-mails unique regardless of case", async () => {
    const { db } = handle;
    await db.insert(users).values({ email: "admin@example.co.za", passwordHash: "x" });
    const duplicate = db.insert(users).values({ email: "ADMIN@example.co.za", passwordHash: "y" });
    expect(await errorCode(duplicate)).toBe("23505");
  });

  it("links a product to a category once, and refuses to delete a category in use", async () => {
    const { db } = handle;
    const [product] = await db.insert(products).values({ name: "Mug", price: "99.00" }).returning();
    const [category] = await db.insert(categories).values({ name: "Kitchen" }).returning();
    const link = { productId: product!.id, categoryId: category!.id };
    await db.insert(productCategories).values(link);
    expect(await errorCode(db.insert(productCategories).values(link))).toBe("23505");
    let refusal: unknown;
    await db
      .delete(categories)
      .where(eq(categories.id, category!.id))
      .catch((error) => {
        refusal = error;
      });
    expect(isForeignKeyViolation(refusal)).toBe(true);
  });
});

describe("indexes", () => {
  it("has one for every list order and search of docs/product.md", async () => {
    type IndexRow = { tablename: string; indexdef: string };
    const result: unknown = await handle.db.execute(
      sql`select tablename, indexdef from pg_indexes where schemaname = 'public'`,
    );
    // PGlite answers { rows }, postgres.js the rows themselves.
    const rows = (
      Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
    ) as IndexRow[];
    const definitions = (table: string) =>
      rows.filter((row) => row.tablename === table).map((row) => row.indexdef.split(" USING ")[1]);
    const expected: [table: string, definition: RegExp][] = [
      // Lists: products and categories by name, the rest newest first (docs/product.md §9).
      ["products", /^btree \(name\)$/],
      ["products", /^btree \(lower\(name\), name, id\)$/],
      ["categories", /^btree \(name\)$/],
      ["orders", /^btree \(created_at DESC/],
      ["orders", /^btree \(status, created_at DESC/],
      ["newsletter_subscribers", /^btree \(created_at DESC/],
      ["contact_requests", /^btree \(created_at DESC/],
      ["contact_requests", /^btree \(is_resolved, created_at DESC/],
      ["users", /^btree \(lower\(email\)\)$/],
      // Substring searches (ILIKE '%term%'): trigram indexes.
      ["products", /^gin \(name gin_trgm_ops\)$/],
      ["products", /^gin \(description gin_trgm_ops\)$/],
      ["categories", /^gin \(name gin_trgm_ops\)$/],
      ["orders", /customer_name.*email.*phone.*gin_trgm_ops/s],
      ["newsletter_subscribers", /^gin \(email_lower gin_trgm_ops\)$/],
      ["contact_requests", /name.*email.*service.*message.*gin_trgm_ops/s],
      ["users", /^gin \(email gin_trgm_ops\)$/],
    ];
    for (const [table, definition] of expected) {
      expect(definitions(table), `${table}: ${definition}`).toContainEqual(
        expect.stringMatching(definition),
      );
    }
  });
});
