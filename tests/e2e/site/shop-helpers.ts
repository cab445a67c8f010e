import crypto from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import {
  axe,
  E2E_ADMIN,
  expect,
  loginAs,
  test,
  WCAG_AA_TAGS,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";
import { findEmail } from "../admin/operations-helpers.ts";
import { sendCheckout, uniquePhone } from "../helpers/forms.ts";

/** WCAG 2.2 AA through axe: no violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await axe(page, (builder) => builder.withTags(WCAG_AA_TAGS));
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

/** The product cards of the listing (one article per product). */
export function productCards(page: Page) {
  return page.getByRole("region", { name: /Products$/ }).getByRole("article");
}

/**
 * Adds a product from the /crafts listing by its name. A product that needs a text (the demo's
 * Custom Name Keyring, decision 040) shows Personalise instead: its page is opened, the text
 * typed and the product added there, and the listing opened again.
 */
export async function addFromList(page: Page, name: string, personalisation = "Sam") {
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
  const personalise = card.getByRole("link", { name: `Personalise: ${name}` });
  if ((await personalise.count()) === 0) {
    await card.getByRole("button", { name: /Add to Cart/ }).click();
    return;
  }
  const listing = page.url();
  await personalise.click();
  await addPersonalised(page, name, personalisation);
  await page.goto(listing);
}

/** On a product's page: types `text` in its personalisation field and adds it to the cart. */
export async function addPersonalised(
  page: Page,
  name: string,
  text: string,
  label = "Name to engrave",
) {
  const add = page.getByRole("button", { name: `Add to Cart: ${name}` });
  await waitUntilHydrated(add);
  await page.getByLabel(label).fill(text);
  await add.click();
  await expect(page.getByText(`${name} (“${text}”) has been added to your cart.`)).toBeVisible();
}

export function cartBadge(page: Page) {
  return page.getByTestId("cart-badge");
}

/** A name part unique to this run: the database is shared by specs running in parallel. */
export function uniqueTag() {
  return `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
}

/**
 * The e2e admin in a browser context of its own (own cookies and storage), beside the
 * visitor's: the shop's visitor never signs in.
 */
export async function openAdmin(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await loginAs(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return { page, close: () => context.close() };
}

/**
 * Finds the one order of `customerName` on /admin/orders (the admin's search), opens its
 * dialog and then its full page; returns the page's main region.
 */
export async function openOrderAsAdmin(admin: Page, customerName: string) {
  await admin.goto(`/admin/orders?${new URLSearchParams({ q: customerName })}`);
  const cards = admin.getByRole("main").getByRole("list", { name: "Orders" }).getByRole("link");
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(customerName);
  // Hydrated first, as in orders.spec: before that the card is a plain link that loads the
  // dialog's URL as a new document, and 'View Full Page' was clicked while that page
  // hydrated (once in CI the click was lost: the URL stayed on the list).
  await waitUntilHydrated(cards);
  await cards.click();
  const fullPage = admin.getByRole("dialog").getByRole("link", { name: "View Full Page" });
  await waitUntilHydrated(fullPage);
  await fullPage.click();
  await expect(admin).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  // The page's controls answered by its script before a journey uses them: once in CI a
  // status chosen right after the address changed was never sent (the select saves on change).
  const main = admin.getByRole("main");
  await waitUntilHydrated(main.getByRole("combobox", { name: "Status" }));
  return main;
}

/**
 * The order's stored lines as the admin's Order Items table shows them: product, quantity,
 * unit price, subtotal (en-ZA money, e.g. "R 180,00"), and the order's total.
 */
export async function expectOrderLines(
  main: Locator,
  lines: [product: string, quantity: number, unitPrice: string, subtotal: string][],
  total: string,
) {
  const table = main.getByRole("table", { name: "Order items" });
  // The header row, one row per line, the total row: no other line was stored.
  await expect(table.getByRole("row")).toHaveCount(lines.length + 2);
  for (const [product, quantity, unitPrice, subtotal] of lines) {
    const cells = table.getByRole("row").filter({ hasText: product }).getByRole("cell");
    await expect(cells).toHaveCount(4);
    await expect(cells.nth(0)).toContainText(product);
    await expect(cells.nth(1)).toHaveText(String(quantity));
    await expect(cells.nth(2)).toHaveText(unitPrice);
    await expect(cells.nth(3)).toHaveText(subtotal);
  }
  await expect(table.getByTestId("order-total")).toHaveText(total);
}

/** Creates a product (no image, no category) through the admin's product form. */
export async function createProductAsAdmin(admin: Page, name: string, price: string) {
  await admin.goto("/admin/products/new");
  await admin.getByLabel("Product Name").fill(name);
  await admin.getByLabel("Price (ZAR)").fill(price);
  await admin.getByRole("button", { name: "Create Product" }).click();
  await expect(admin).toHaveURL(/\/admin\/products$/);
  await expect(
    admin.locator("[data-sonner-toast]").filter({ hasText: "Product created" }),
  ).toBeVisible();
}

/** Deletes a product through the admin's list and its confirmation dialog. */
export async function deleteProductAsAdmin(admin: Page, name: string) {
  await admin.goto(`/admin/products?${new URLSearchParams({ q: name })}`);
  await admin.getByRole("button", { name: `Delete "${name}"` }).click();
  const dialog = admin.getByRole("alertdialog", { name: "Delete Product" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(
    admin.locator("[data-sonner-toast]").filter({ hasText: "Product deleted" }),
  ).toBeVisible();
}

/**
 * A visitor orders one Custom Name Keyring through the shop as `customer` (optionally with a
 * note), and this returns the path of their private order page from the confirmation e-mail.
 */
export async function orderKeyringAndFindOrderPage(
  page: Page,
  customer: { name: string; email: string; note?: string },
): Promise<string> {
  await page.goto("/crafts");
  await addFromList(page, "Custom Name Keyring");
  await page.goto("/checkout");
  await sendCheckout(page, { ...customer, phone: uniquePhone() });
  await expect(page.getByText("Order placed successfully")).toBeVisible();
  const confirmation = await simpleParser(
    await findEmail("order.customer", (eml) => eml.includes(customer.email)),
  );
  const link = confirmation.text?.match(/https?:\/\/[^\s]+\/orders\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the confirmation links to the order page").toBeTruthy();
  return new URL(link!).pathname;
}
