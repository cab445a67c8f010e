import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currentPrices,
  getProduct,
  listCategories,
  listProducts,
  relatedProducts,
} from "#app/server/catalog/catalog.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { categories, productCategories, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

/** A small catalogue: links are inserted in a known order (the first one labels a card). */
async function seed() {
  const { db } = handle;
  const cats = await db
    .insert(categories)
    .values([
      { name: "Mother's Day Gifts", isSpecial: true, description: "For mothers" },
      { name: "Easter Collection", isSpecial: true },
      { name: "Custom Gifts" },
      { name: "Empty Category" },
    ])
    .returning({ id: categories.id, name: categories.name });
  for (const c of cats) ids[c.name] = c.id;
  const rows = await db
    .insert(products)
    .values([
      {
        name: "Jewellery Box",
        price: "450.00",
        description: "Kiaat <b>box</b>",
        imageUrl: "/uploads/demo/box.webp",
      },
      { name: "Photo Frame", price: "280.50" },
      { name: "Egg Set", price: "180.00" },
      { name: "Keyring", price: "85.00" },
      { name: "Loose Item", price: "10.00" },
      { name: "Bunny", price: "150.00" },
      { name: "Basket", price: "260.00" },
      { name: "Board", price: "390.00" },
    ])
    .returning({ id: products.id, name: products.name });
  for (const p of rows) ids[p.name] = p.id;
  const link = async (product: string, category: string) =>
    db.insert(productCategories).values({ productId: ids[product]!, categoryId: ids[category]! });
  // Sequential inserts: created_at orders the links.
  await link("Jewellery Box", "Mother's Day Gifts");
  await link("Jewellery Box", "Custom Gifts");
  await link("Photo Frame", "Mother's Day Gifts");
  await link("Egg Set", "Easter Collection");
  await link("Keyring", "Custom Gifts");
  await link("Bunny", "Easter Collection");
  await link("Basket", "Easter Collection");
  await link("Basket", "Custom Gifts");
  await link("Board", "Custom Gifts");
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await seed();
  app = await createTestApp(createTestServices(handle));
}, 120_000);
afterAll(() => handle.close());

describe("catalogue reads", () => {
  it("lists categories and products by name, prices in cents, all links in link order", async () => {
    const cats = await listCategories(handle.db);
    expect(cats.map((c) => c.name)).toEqual([
      "Custom Gifts",
      "Easter Collection",
      "Empty Category",
      "Mother's Day Gifts",
    ]);
    const list = await listProducts(handle.db);
    expect(list.map((p) => p.name)).toEqual([
      "Basket",
      "Board",
      "Bunny",
      "Egg Set",
      "Jewellery Box",
      "Keyring",
      "Loose Item",
      "Photo Frame",
    ]);
    const box = list.find((p) => p.name === "Jewellery Box")!;
    expect(box.priceCents).toBe(45000);
    expect(box.categories.map((c) => c.name)).toEqual(["Mother's Day Gifts", "Custom Gifts"]);
    expect(list.find((p) => p.name === "Loose Item")!.categories).toEqual([]);
    expect(list.find((p) => p.name === "Photo Frame")!.priceCents).toBe(28050);
  });

  it("filters by any linked category name, case-insensitively", async () => {
    const names = async (category: string) =>
      (await listProducts(handle.db, { category })).map((p) => p.name);
    expect(await names("custom gifts")).toEqual(["Basket", "Board", "Jewellery Box", "Keyring"]);
    expect(await names("MOTHER'S DAY GIFTS")).toEqual(["Jewellery Box", "Photo Frame"]);
    expect(await names("Empty Category")).toEqual([]);
    expect(await names("No such thing")).toEqual([]);
  });

  it("finds one product with all categories; unknown and malformed ids are null", async () => {
    const box = await getProduct(handle.db, ids["Jewellery Box"]!);
    expect(box).toMatchObject({ name: "Jewellery Box", priceCents: 45000 });
    expect(await getProduct(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getProduct(handle.db, "not-a-uuid")).toBeNull();
    expect(await getProduct(handle.db, "1' or '1'='1")).toBeNull();
  });

  it("relates up to 4 distinct products from the same categories, never the product itself", async () => {
    const box = (await getProduct(handle.db, ids["Jewellery Box"]!))!;
    const related = await relatedProducts(handle.db, box);
    const names = related.map((p) => p.name);
    // Shares Mother's Day (Photo Frame) and Custom Gifts (Basket, Board, Keyring).
    expect(names).toEqual(["Basket", "Board", "Keyring", "Photo Frame"]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("Jewellery Box");
    const loose = (await getProduct(handle.db, ids["Loose Item"]!))!;
    expect(await relatedProducts(handle.db, loose)).toEqual([]);
  });

  it("prices known ids and ignores unknown or malformed ones", async () => {
    const priced = await currentPrices(handle.db, [
      ids.Keyring!,
      ids.Keyring!,
      "00000000-0000-4000-8000-000000000000",
      "garbage",
    ]);
    expect(priced).toEqual([
      { id: ids.Keyring, name: "Keyring", priceCents: 8500, imageUrl: null },
    ]);
  });
});

describe("shop pages", () => {
  it("/crafts renders Featured Products, categories and the description from 3 categories", async () => {
    const response = await app.request("/crafts");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Featured Products");
    expect(html).toContain("Shop by Category");
    expect(html).toContain("Uncategorized"); // Loose Item has no category
    expect(html).toMatch(
      /<meta name="description" content="[^"]*Custom Gifts, Easter Collection, Empty Category and more/,
    );
    expect(html).toContain("R450.00");
  });

  it("/crafts?category= filters on the server, case-insensitively, with its own title", async () => {
    const html = await (await app.request("/crafts?category=easter%20collection")).text();
    expect(html).toContain("Easter Collection Products");
    expect(html).toContain("View All Products");
    expect(html).toContain("Egg Set");
    expect(html).not.toContain("Keyring");
    const empty = await (await app.request("/crafts?category=Empty%20Category")).text();
    expect(empty).toContain("No products available in the Empty Category category");
  });

  it("a product page shows price, all categories, related products and Product JSON-LD", async () => {
    const response = await app.request(`/products/${ids["Jewellery Box"]}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("R450.00");
    expect(html).toContain("You may also like");
    expect(html).toContain(`href="/crafts?category=Custom+Gifts#products"`);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    const ld = JSON.parse(json!);
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Jewellery Box",
      description: "Kiaat <b>box</b>",
      image: "http://localhost:3000/uploads/demo/box.webp",
      offers: {
        priceCurrency: "ZAR",
        price: "450.00",
        availability: "https://schema.org/InStock",
      },
    });
    expect(json).not.toContain("<b>"); // escaped inside the script element
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "12345"])(
    "an unknown or malformed product id (%s) is a 404 'Product not found'",
    async (id) => {
      const response = await app.request(`/products/${id}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Product not found");
      expect(html).toContain("Back to Crafts");
    },
  );

  it("the cart-prices resource answers current prices for the given ids", async () => {
    const params = new URLSearchParams([
      ["id", ids.Keyring!],
      ["id", "nope"],
    ]);
    const response = await app.request(`/resources/cart-prices?${params}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      products: [{ id: ids.Keyring, name: "Keyring", priceCents: 8500, imageUrl: null }],
    });
    const tooMany = new URLSearchParams(Array.from({ length: 101 }, () => ["id", ids.Keyring!]));
    expect((await app.request(`/resources/cart-prices?${tooMany}`)).status).toBe(400);
  });
});
