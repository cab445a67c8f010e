import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  categories,
  contactRequests,
  newsletterSubscribers,
  newsletters,
  orderItems,
  orders,
  productCategories,
  products,
} from "#db/schema/index.ts";
import { PUBLIC_PATHS } from "#tests/e2e/site/public-paths.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";

/*
 * The server's markup where browsers are strict and React cannot repair it: a <form> inside
 * another <form> is dropped by the HTML parser, so the page no longer matches what React
 * hydrates, and without JavaScript the inner button submits the outer form. Ids must be
 * unique too (labels, aria-* references). Every page, in every state it can be opened in
 * from a link (an edit form, a no-JavaScript delete confirmation).
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const ids = { product: "", category: "", order: "", request: "", newsletter: "", sent: "" };

beforeAll(async () => {
  ({ handle, services, app, cookie } = await createAdminApp());
  const { db } = services;
  const [category] = await db
    .insert(categories)
    .values({ name: "Beadwork", description: "Strung by hand." })
    .returning({ id: categories.id });
  const [product] = await db
    .insert(products)
    .values({ name: "Bead Bracelet", description: "Glass beads.", price: "120.00" })
    .returning({ id: products.id });
  await db.insert(productCategories).values({ productId: product!.id, categoryId: category!.id });
  const [order] = await db
    .insert(orders)
    .values({ customerName: "Thandi Mokoena", email: "thandi@example.co.za", phone: "0821234567" })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: product!.id,
    productName: "Bead Bracelet",
    price: "120.00",
    quantity: 2,
  });
  await db.insert(newsletterSubscribers).values({ email: "reader@example.co.za" });
  const [request] = await db
    .insert(contactRequests)
    .values({
      name: "Sipho Dlamini",
      email: "sipho@example.co.za",
      service: "iot",
      message: "A sensor network for a farm.",
    })
    .returning({ id: contactRequests.id });
  // A draft, and a newsletter that went out (its progress page).
  const [draft, sent] = await db
    .insert(newsletters)
    .values([
      { subject: "Spring news", body: "# Hello\n\nNew keyrings." },
      {
        subject: "Winter news",
        body: "Closed on Fridays.",
        status: "sent",
        startedAt: new Date(),
        finishedAt: new Date(),
        recipients: 1,
      },
    ])
    .returning({ id: newsletters.id });
  Object.assign(ids, {
    product: product!.id,
    category: category!.id,
    order: order!.id,
    request: request!.id,
    newsletter: draft!.id,
    sent: sent!.id,
  });
}, 120_000);
afterAll(() => handle.close());

/** Where a <form> opens inside another one (the tag's offset), or null. */
function nestedFormAt(html: string): number | null {
  let depth = 0;
  for (const match of html.matchAll(/<(\/?)form\b/gi)) {
    depth += match[1] ? -1 : 1;
    if (depth > 1) return match.index;
  }
  return null;
}

/** Ids given to more than one element (scripts, which hold hydration data, left out). */
function duplicateIds(html: string): string[] {
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const seen = new Map<string, number>();
  for (const match of markup.matchAll(/<[a-z][^>]*?\sid="([^"]+)"/gi)) {
    seen.set(match[1]!, (seen.get(match[1]!) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
}

/**
 * Markup that React streamed hidden (`<div hidden id="S:…">`) for an inline script to move
 * into place, leaving a Suspense fallback where it belongs until then. The data scripts React
 * Router streams that way (and their boundaries' markers) are left out: they need JavaScript
 * anyway.
 */
function hiddenMarkup(html: string): string[] {
  return [...html.matchAll(/<div hidden id="S:\d+">([\s\S]*?)<\/div>/g)]
    .map((match) =>
      match[1]!
        .replace(/<script\b[\s\S]*?<\/script>/gi, "")
        // The markers of the boundaries those scripts fill in.
        .replace(/<!--[\s\S]*?-->|<template id="B:\d+"><\/template>/g, "")
        .trim(),
    )
    .filter((markup) => markup !== "")
    .map((markup) => markup.slice(0, 200));
}

async function expectWellFormed(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const nested = nestedFormAt(html);
  expect(
    nested === null ? null : html.slice(nested - 300, nested + 80),
    `${path}: form in a form`,
  ).toBeNull();
  expect(duplicateIds(html), `${path}: duplicate ids`).toEqual([]);
  return html;
}

describe("the nesting check itself", () => {
  it("finds a form in a form, and passes forms side by side", () => {
    expect(nestedFormAt("<form><form></form></form>")).toBe(6);
    expect(nestedFormAt('<form id="a"></form><form method="get"><input></form>')).toBeNull();
  });
});

describe("server markup has no form inside a form and no duplicate id", () => {
  it.each([...PUBLIC_PATHS, "/crafts?category=Beadwork", "/products/PRODUCT"])(
    "on the public page %s",
    async (path) => {
      await expectWellFormed(path.replace("PRODUCT", ids.product));
    },
  );

  it("on the login page", async () => {
    await expectWellFormed("/admin/login");
  });

  it.each([
    "/admin/dashboard",
    "/admin/products",
    "/admin/products?delete=PRODUCT",
    "/admin/products/new",
    "/admin/products/PRODUCT",
    "/admin/categories",
    "/admin/categories?delete=CATEGORY",
    "/admin/categories/new",
    "/admin/categories/CATEGORY",
    "/admin/categories/manager",
    "/admin/categories/manager?new",
    "/admin/categories/manager?edit=CATEGORY",
    "/admin/categories/manager?delete=CATEGORY",
    "/admin/orders",
    "/admin/orders?order=ORDER",
    "/admin/orders/ORDER",
    "/admin/subscribers",
    "/admin/newsletters",
    "/admin/newsletters/NEWSLETTER",
    "/admin/newsletters/NEWSLETTER?delete=NEWSLETTER",
    "/admin/newsletters/SENT",
    "/admin/quote-requests",
    "/admin/quote-requests?request=REQUEST",
    "/admin/users",
    "/admin/email",
    "/admin/audit",
  ])("on the admin page %s", async (path) => {
    const filled = path
      .replace("PRODUCT", ids.product)
      .replace("CATEGORY", ids.category)
      .replace("ORDER", ids.order)
      .replace("REQUEST", ids.request)
      .replaceAll("NEWSLETTER", ids.newsletter)
      .replace("SENT", ids.sent);
    const html = await expectWellFormed(filled, { Cookie: cookie });
    // The lists and numbers are in place, not hidden for a script to swap in (a browser
    // without JavaScript never runs it and would show only the loading state).
    expect(hiddenMarkup(html), `${filled}: content hidden for a script`).toEqual([]);
  });
});
