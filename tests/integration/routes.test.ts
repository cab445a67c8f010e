import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderReference } from "#app/lib/order-status.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { categories, orderItems, orders, productCategories, products } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const ids = { product: "", category: "", order: "" };

beforeAll(async () => {
  ({ handle, app, cookie } = await createAdminApp());
  const { db } = handle;
  const [category] = await db
    .insert(categories)
    .values({ name: "Layout Beadwork" })
    .returning({ id: categories.id });
  const [product] = await db
    .insert(products)
    .values({ name: "Layout Bead Bracelet", price: "120.00" })
    .returning({ id: products.id });
  await db.insert(productCategories).values({ productId: product!.id, categoryId: category!.id });
  const [order] = await db
    .insert(orders)
    .values({ customerName: "Layout Thandi", email: "thandi@example.co.za", phone: "0821234567" })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: product!.id,
    productName: "Layout Bead Bracelet",
    price: "120.00",
    quantity: 1,
  });
  Object.assign(ids, { product: product!.id, category: category!.id, order: order!.id });
}, 120_000);
afterAll(() => handle.close());

describe("route handler", () => {
  it("renders a public page with its canonical link from PUBLIC_URL", async () => {
    const response = await app.request("/digital");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/digital"/>');
    expect(body).toContain('<html lang="en-ZA">');
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await app.request("/definitely/not/here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

/**
 * A page's markup split around its <main id="main"> (scripts, which hold hydration data, left
 * out): what the layout puts before and after it, and the page's own content inside.
 */
async function pageParts(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  expect(response.status, path).toBe(200);
  const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const match = /^([\s\S]*)<main id="main"[^>]*>([\s\S]*)<\/main>([\s\S]*)$/.exec(html);
  expect(match, `${path}: no <main id="main">`).not.toBeNull();
  const [, before, main, after] = match!;
  return { html, before: before!, main: main!, after: after! };
}

// The e2e layout specs and the public-path list open only fixed addresses: these are the pages
// with an id in their path, opened for a real row, in the layout their route belongs to.
describe("pages with an id render inside their layout", () => {
  it("/products/:id: the public navigation bar above the product, the footer below", async () => {
    const { html, before, main, after } = await pageParts(`/products/${ids.product}`);
    expect(before).toMatch(/<nav aria-label="Main"/);
    expect(after).toMatch(/<footer\b/);
    expect(after).toMatch(/<nav aria-label="Footer"/);
    expect(html).not.toContain('aria-label="Admin"');
    expect(main).toMatch(/<h1[^>]*>Layout Bead Bracelet</);
  });

  it.each([
    [
      "/admin/products/:id",
      "/admin/products",
      () => ids.product,
      /<h1[^>]*>Edit Product</,
      "Layout Bead Bracelet",
    ],
    [
      "/admin/categories/:id",
      "/admin/categories",
      () => ids.category,
      /<h1[^>]*>Edit Category</,
      "Layout Beadwork",
    ],
    ["/admin/orders/:id", "/admin/orders", () => ids.order, null, "Layout Thandi"],
  ] as const)(
    "%s: the admin sidebar with its section current, and the record in the content",
    async (pattern, section, id, heading, name) => {
      const path = pattern.replace(":id", id());
      const { html, before, main } = await pageParts(path, { Cookie: cookie });
      expect(before).toMatch(/<nav [^>]*aria-label="Admin"/);
      const current = [...before.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map(
        ([tag]) => /href="([^"]+)"/.exec(tag)?.[1],
      );
      expect(current).toEqual([section]);
      expect(html).not.toMatch(/<nav aria-label="(Main|Footer)"/);
      expect(html).not.toMatch(/<footer\b/);
      expect(main).toMatch(heading ?? new RegExp(`<h1[^>]*>Order ${orderReference(id())}<`));
      expect(main).toContain(name);
    },
  );
});
