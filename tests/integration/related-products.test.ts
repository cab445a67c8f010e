import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProduct, relatedProducts } from "#app/server/catalog/catalog.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * 'You may also like' (docs/product.md §2.8, §9: up to 4 related products): products sharing a category
 * with the viewed one, each once, never the viewed one. The viewed product has two
 * categories, and two candidates share both with it, so a join over the links yields them
 * twice; there are five candidates in all, so the limit cuts. Names sort the product itself,
 * an unrelated one and the double matches first, where a missing filter, a missing DISTINCT or
 * a limit counted in links would show.
 */

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const cats = await db
    .insert(categories)
    .values([{ name: "Rel Wood" }, { name: "Rel Gifts" }, { name: "Rel Other" }])
    .returning({ id: categories.id, name: categories.name });
  for (const c of cats) ids[c.name] = c.id;
  const rows = await db
    .insert(products)
    .values(
      [
        "0 Unrelated Mug",
        "1 Viewed Box",
        "2 Both Board",
        "3 Both Bowl",
        "4 Wood Spoon",
        "5 Wood Coaster",
        "6 Gift Card",
      ].map((name) => ({ name, price: "100.00" })),
    )
    .returning({ id: products.id, name: products.name });
  for (const p of rows) ids[p.name] = p.id;
  const links: [string, string[]][] = [
    ["0 Unrelated Mug", ["Rel Other"]],
    ["1 Viewed Box", ["Rel Wood", "Rel Gifts"]],
    ["2 Both Board", ["Rel Wood", "Rel Gifts"]],
    ["3 Both Bowl", ["Rel Gifts", "Rel Wood", "Rel Other"]],
    ["4 Wood Spoon", ["Rel Wood"]],
    ["5 Wood Coaster", ["Rel Wood"]],
    ["6 Gift Card", ["Rel Gifts"]],
  ];
  for (const [product, names] of links) {
    await db
      .insert(productCategories)
      .values(names.map((name) => ({ productId: ids[product]!, categoryId: ids[name]! })));
  }
  app = await createTestApp(createTestServices(handle));
}, 120_000);
afterAll(() => handle.close());

const viewed = async () => (await getProduct(handle.db, ids["1 Viewed Box"]!))!;

describe("related products of a product with two categories", () => {
  it("are at most 4, each once, never the product itself, all sharing a category", async () => {
    const product = await viewed();
    expect(product.categories.map((c) => c.name).sort()).toEqual(["Rel Gifts", "Rel Wood"]);
    const related = await relatedProducts(handle.db, product);
    const relatedIds = related.map((p) => p.id);
    expect(related).toHaveLength(4);
    expect(new Set(relatedIds).size).toBe(related.length);
    expect(relatedIds).not.toContain(product.id);
    const shared = new Set(product.categories.map((c) => c.id));
    for (const p of related)
      expect(
        p.categories.some((c) => shared.has(c.id)),
        p.name,
      ).toBe(true);
    // The limit counts distinct products, by name.
    expect(related.map((p) => p.name)).toEqual([
      "2 Both Board",
      "3 Both Bowl",
      "4 Wood Spoon",
      "5 Wood Coaster",
    ]);
    // Each with all of its own categories.
    expect(related[1]!.categories.map((c) => c.name).sort()).toEqual([
      "Rel Gifts",
      "Rel Other",
      "Rel Wood",
    ]);
  });

  it("without the cut, lists every candidate once and nothing else", async () => {
    const related = await relatedProducts(handle.db, await viewed(), 100);
    expect(related.map((p) => p.name)).toEqual([
      "2 Both Board",
      "3 Both Bowl",
      "4 Wood Spoon",
      "5 Wood Coaster",
      "6 Gift Card",
    ]);
  });

  it("the product page shows those 4 under 'You may also like', each once", async () => {
    const response = await app.request(`/products/${ids["1 Viewed Box"]}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const section = /<section aria-labelledby="related-heading"[\s\S]*?<\/section>/.exec(html)?.[0];
    expect(section).toContain("You may also like");
    const linked = [...section!.matchAll(/href="\/products\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const distinct = [...new Set(linked)];
    expect(distinct).toEqual(
      ["2 Both Board", "3 Both Bowl", "4 Wood Spoon", "5 Wood Coaster"].map((name) => ids[name]),
    );
    // Every card links the same number of times: no product has two cards.
    const perCard = linked.length / distinct.length;
    for (const id of distinct) expect(linked.filter((l) => l === id)).toHaveLength(perCard);
  });
});
