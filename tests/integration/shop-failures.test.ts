import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The shop's empty and failure states (docs/product.md §8.1): an empty catalogue, the shop's data failing
 * (logged; the empty texts show), and a product that cannot be loaded ('Error' / 'Failed to
 * load product details', then the not-found view). The
 * failures are real database failures: a table renamed away inside the test database.
 */

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
/** What the server logged, one parsed pino line each. */
const logged: { level: number; msg: string; err?: { message: string }; productId?: string }[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  const logger = pino(
    { level: "info" },
    { write: (line: string) => logged.push(JSON.parse(line)) },
  );
  app = await createTestApp({ ...createTestServices(handle), logger });
}, 120_000);
afterAll(() => handle.close());
beforeEach(() => {
  logged.length = 0;
});

/** Renames `table` away for the duration of `during`: every query on it fails. */
async function withoutTable<T>(table: string, during: () => Promise<T>): Promise<T> {
  await handle.db.execute(sql.raw(`alter table ${table} rename to ${table}_unavailable`));
  try {
    return await during();
  } finally {
    await handle.db.execute(sql.raw(`alter table ${table}_unavailable rename to ${table}`));
  }
}

/** Nothing of the database's failure reaches the visitor: no SQL, no table, no message. */
function expectNoSqlLeak(body: string) {
  expect(body).not.toMatch(/Failed query|relation "|_unavailable|does not exist|select "/i);
  expect(body).not.toMatch(/\bat [\w.]+ \(.*:\d+:\d+\)/); // no stack trace
}

/** The text of an element as rendered, exactly (docs/product.md §8.1 texts are exact). */
function textElement(text: string) {
  return new RegExp(`>${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</`);
}

describe("an empty catalogue", () => {
  it("/crafts says 'No categories available' and 'No products available'", async () => {
    const response = await app.request("/crafts");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(textElement("No categories available"));
    expect(html).toMatch(textElement("No products available"));
    expect(html).toContain("Featured Products");
    expect(html).toMatch(
      /<meta name="description" content="Handcrafted and personalised gifts and seasonal items, made in Durban."/,
    );
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe("with a catalogue", () => {
  let productId: string;

  beforeAll(async () => {
    const [category] = await handle.db
      .insert(categories)
      .values({ name: "Easter Collection", isSpecial: true })
      .returning({ id: categories.id });
    const [product] = await handle.db
      .insert(products)
      .values({ name: "Hand-Painted Egg", price: "180.00", description: "Painted by hand." })
      .returning({ id: products.id });
    productId = product!.id;
    await handle.db.insert(productCategories).values({ productId, categoryId: category!.id });
  });

  it("shows it (the failure tests below start from a catalogue that is there)", async () => {
    const html = await (await app.request("/crafts")).text();
    expect(html).toContain("Hand-Painted Egg");
    expect(html).not.toMatch(textElement("No categories available"));
    const product = await app.request(`/products/${productId}`);
    expect(product.status).toBe(200);
    expect(await product.text()).toContain("Painted by hand.");
  });

  it.each([
    ["categories", "/crafts"],
    ["product_categories", "/crafts"],
    ["categories", "/crafts?category=Easter%20Collection"],
  ])(
    "a crafts data failure (%s unreadable) on %s is logged; the page shows its empty messages",
    async (table, path) => {
      const { response, html, data } = await withoutTable(table, async () => {
        const response = await app.request(path);
        const html = await response.text();
        // The same loader answers client-side navigation (React Router's .data request).
        const dataPath = path.replace("/crafts", "/crafts.data");
        const data = await (await app.request(dataPath)).text();
        return { response, html, data };
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(html).toMatch(textElement("No categories available"));
      if (path.includes("category=")) {
        expect(html).toMatch(
          textElement("No products available in the Easter Collection category"),
        );
      } else {
        expect(html).toMatch(textElement("No products available"));
      }
      expect(html).not.toContain("Hand-Painted Egg");
      expectNoSqlLeak(html);
      expectNoSqlLeak(data);

      const errors = logged.filter((line) => line.level === 50);
      expect(errors.map((line) => line.msg)).toEqual([
        "crafts: reading the catalogue failed",
        "crafts: reading the catalogue failed",
      ]);
      expect(errors[0]!.err?.message).toContain(`${table}`);

      // Only that moment failed: the next visitor sees the catalogue again.
      const after = await (await app.request(path)).text();
      expect(after).toContain("Hand-Painted Egg");
    },
  );

  it("a product load failure: 'Error' / 'Failed to load product details', then the not-found view", async () => {
    const { response, html, data } = await withoutTable("products", async () => {
      const response = await app.request(`/products/${productId}`);
      const html = await response.text();
      const data = await (await app.request(`/products/${productId}.data`)).text();
      return { response, html, data };
    });
    expect(response.status).toBe(503);
    expect(html).toMatch(textElement("Product not found"));
    expect(html).toMatch(textElement("Back to Crafts"));
    expect(html).not.toContain("Painted by hand.");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    // The destructive notice travels with the page's data; the browser shows it as a toast.
    for (const body of [html, data]) {
      expect(body).toContain("Failed to load product details");
      expect(body).toContain("destructive");
      expectNoSqlLeak(body);
    }
    const errors = logged.filter((line) => line.level === 50);
    expect(errors.map((line) => [line.msg, line.productId])).toEqual([
      ["product: reading the product failed", productId],
      ["product: reading the product failed", productId],
    ]);
    expect(errors[0]!.err?.message).toContain("products");

    const after = await app.request(`/products/${productId}`);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Painted by hand.");
  });

  it("a failure while reading the product's categories is the same failure, not a half page", async () => {
    const response = await withoutTable("product_categories", () =>
      app.request(`/products/${productId}`),
    );
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toMatch(textElement("Product not found"));
    expect(html).toContain("Failed to load product details");
    expectNoSqlLeak(html);
    expect(logged.filter((line) => line.level === 50)).toHaveLength(1);
  });
});
