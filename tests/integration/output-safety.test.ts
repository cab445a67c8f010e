import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  categories,
  contactRequests,
  newsletterSubscribers,
  orderItems,
  orders,
  productCategories,
  products,
} from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Output safety (decision 010): text stored by visitors or admins renders as text on every public
 * and admin page — in the markup, in the hydration data and in JSON-LD — never as markup or
 * script.
 */

const PAYLOAD = `</script><script>alert("xss")</script><img src=x onerror="alert(1)">`;
/** What must never appear in a response: the payload's tags, unescaped. */
const RAW = [`<script>alert("xss")`, `<img src=x onerror=`];

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let productId: string;
let orderId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const { db } = services;
  const [category] = await db
    .insert(categories)
    .values({ name: `Gifts ${PAYLOAD}`, description: PAYLOAD })
    .returning({ id: categories.id });
  const [product] = await db
    .insert(products)
    .values({ name: `Box ${PAYLOAD}`, description: PAYLOAD, price: "10.00" })
    .returning({ id: products.id });
  productId = product!.id;
  await db.insert(productCategories).values({ productId, categoryId: category!.id });
  const [order] = await db
    .insert(orders)
    .values({ customerName: `Buyer ${PAYLOAD}`, email: "b@example.com", phone: "0820000000" })
    .returning({ id: orders.id });
  orderId = order!.id;
  await db
    .insert(orderItems)
    .values({ orderId, productId, productName: `Box ${PAYLOAD}`, price: "10.00", quantity: 1 });
  await db.insert(newsletterSubscribers).values({ email: `x${PAYLOAD}@example.com` });
  await db.insert(contactRequests).values({
    name: `Asker ${PAYLOAD}`,
    email: "asker@example.com",
    service: PAYLOAD,
    message: PAYLOAD,
  });
  const admin = await createTestUser(db, { admin: true });
  ({ cookie } = await signedInCookie(services, admin.id));
}, 120_000);
afterAll(() => handle.close());

async function expectSafe(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  expect(response.status, path).toBeLessThan(500);
  const body = await response.text();
  if (new URL(path, "http://x").pathname.endsWith(".data")) {
    // Data for the router, read by fetch and never rendered: it holds the text as data, and
    // is not HTML (server.ts adds nosniff, so a browser will not treat it as HTML either).
    expect(response.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(body).toContain(PAYLOAD.replaceAll('"', '\\"'));
    return body;
  }
  for (const raw of RAW) expect(body, `${path} contains ${raw}`).not.toContain(raw);
  return body;
}

describe("stored text renders as text", () => {
  it.each([
    "/crafts",
    `/crafts?category=${encodeURIComponent(PAYLOAD)}`,
    "/crafts.data",
    "/sitemap.xml",
  ])("on the public page %s", async (path) => {
    await expectSafe(path);
  });

  it("on the product page, its data request and its JSON-LD", async () => {
    const page = await expectSafe(`/products/${productId}`);
    expect(page).toContain("Box &lt;/script&gt;");
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(jsonLd).toBeTruthy();
    expect(JSON.parse(jsonLd!).name).toBe(`Box ${PAYLOAD}`);
    await expectSafe(`/products/${productId}.data`);
  });

  it.each([
    "/admin/dashboard",
    "/admin/products",
    `/admin/products/PRODUCT`,
    "/admin/categories",
    "/admin/categories/manager",
    "/admin/orders",
    `/admin/orders/ORDER`,
    "/admin/subscribers",
    "/admin/quote-requests",
    "/admin/users",
    "/admin/audit",
  ])("on the admin page %s", async (path) => {
    await expectSafe(path.replace("PRODUCT", productId).replace("ORDER", orderId), {
      Cookie: cookie,
    });
  });
});
