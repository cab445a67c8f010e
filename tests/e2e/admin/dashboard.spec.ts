import type { Locator, Page } from "@playwright/test";
import { parseCsv } from "#app/lib/csv.ts";
import { ORDER_STATUS_LABELS } from "#app/lib/order-status.ts";
import { axe, expect, test } from "#tests/playwright-utils.ts";
import { uniquePhone } from "../helpers/forms.ts";
import { placeOrder, submitQuoteRequest, subscribe, uniqueTag } from "./operations-helpers.ts";

/*
 * Acceptance: the dashboard's numbers match the database (docs/product.md §3.3). Each card's exact number
 * is compared with another read of the same database through the server: the product list's
 * rows, the orders, subscribers and quote requests CSV exports (every row, read in batches by
 * other queries) and the totals the list pages show. This spec runs in the "global-counts"
 * project (playwright.config.ts), after every other spec and one file at a time, so nothing
 * writes between reading the cards and reading the sources.
 */

const TAG = uniqueTag("dash");

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // Rows of every kind, so that no card compares 0 with 0 even when this spec runs alone.
  await placeOrder({ name: `Dash ${TAG}`, email: `${TAG}@example.co.za`, phone: uniquePhone() });
  await subscribe(`${TAG}@example.co.za`);
  await submitQuoteRequest({
    name: `Dash ${TAG}`,
    email: `${TAG}@example.co.za`,
    service: "web-development",
    message: "A quote for the dashboard check.",
  });
});

type Counts = {
  products: number;
  orders: number;
  pendingOrders: number;
  subscribers: number;
  quoteRequests: number;
  openQuoteRequests: number;
};

const card = (page: Page, name: string) =>
  page.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) });

async function numberIn(locator: Locator, pattern: RegExp): Promise<number> {
  await expect(locator).toHaveText(pattern);
  return Number(pattern.exec((await locator.textContent())!)![1]!.replace(/\D/g, ""));
}

/** The six numbers on the dashboard's cards, once they have arrived (not '...'). */
async function dashboardCounts(page: Page): Promise<Counts> {
  const count = (to: string) => numberIn(page.getByTestId(`count-${to}`), /^(\d+)$/);
  return {
    products: await count("/admin/products"),
    orders: await count("/admin/orders"),
    pendingOrders: await numberIn(card(page, "Orders"), /(\d+) pending/),
    subscribers: await count("/admin/subscribers"),
    quoteRequests: await count("/admin/quote-requests"),
    openQuoteRequests: await numberIn(card(page, "Quote Requests"), /(\d+) open/),
  };
}

/** A CSV export's records (header first), as the signed-in admin downloads it. */
async function csv(page: Page, path: string): Promise<string[][]> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const records = parseCsv(await response.text());
  return records.filter((record) => record.length > 1 || record[0] !== "");
}

/** A total the list page shows, e.g. 'Showing 1–10 of 57 orders' or '3 orders'. */
async function listTotal(page: Page, path: string, pattern: RegExp) {
  await page.goto(path);
  return numberIn(page.getByRole("main").getByText(pattern).first(), pattern);
}

/** The same numbers, read from the database through other pages and exports. */
async function sourceCounts(page: Page): Promise<Counts> {
  await page.goto("/admin/products");
  const productRows = page.getByRole("table", { name: "Products" }).getByRole("row");
  await expect(productRows.first()).toBeVisible();
  const products = (await productRows.count()) - 1; // minus the header row

  // One record per order line (an order without lines still has one): distinct order ids.
  const [orderHeader, ...orderLines] = await csv(page, "/admin/orders/export.csv");
  const id = orderHeader!.indexOf("Order ID");
  const status = orderHeader!.indexOf("Status");
  const orderIds = new Set(orderLines.map((line) => line[id]));
  const pendingIds = new Set(
    orderLines.filter((line) => line[status] === ORDER_STATUS_LABELS.pending).map((l) => l[id]),
  );
  const ordersShown = /^(?:Showing \d+–\d+ of )?([\d\s\u00a0,]+) orders?$/;
  expect(await listTotal(page, "/admin/orders", ordersShown)).toBe(orderIds.size);
  expect(await listTotal(page, "/admin/orders?status=pending", ordersShown)).toBe(pendingIds.size);

  const [, ...subscriberRows] = await csv(page, "/admin/subscribers/export.csv");
  const total = /^Total Subscribers: ([\d\s\u00a0,]+)$/;
  expect(await listTotal(page, "/admin/subscribers", total)).toBe(subscriberRows.length);

  // Resolved ones included: the card counts every request and message.
  const [requestHeader, ...requests] = await csv(
    page,
    "/admin/quote-requests/export.csv?resolved=1",
  );
  const requestStatus = requestHeader!.indexOf("Status");
  return {
    products,
    orders: orderIds.size,
    pendingOrders: pendingIds.size,
    subscribers: subscriberRows.length,
    quoteRequests: requests.length,
    openQuoteRequests: requests.filter((r) => r[requestStatus] === "Open").length,
  };
}

test.describe("admin dashboard", () => {
  test("shows the database's exact counts on four clickable cards, the chart and the welcome panel", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const main = page.getByRole("main");
    const shown = await dashboardCounts(page);
    await expect(main.getByRole("heading", { name: "Orders per week" })).toBeVisible();
    await expect(main.getByRole("table", { name: "Orders per week, oldest first" })).toBeAttached();
    await expect(main.getByText("Create special categories such as Mother's Day")).toBeVisible();
    const a11y = await axe(page);
    expect(a11y.violations).toEqual([]);

    const truth = await sourceCounts(page);
    expect(truth.orders).toBeGreaterThan(0);
    expect(truth.subscribers).toBeGreaterThan(0);
    expect(truth.quoteRequests).toBeGreaterThan(0);
    expect(shown).toEqual(truth);

    // A card opens its list; back on the dashboard by client navigation, the numbers arrive
    // again ('...' meanwhile), still the database's.
    await page.goto("/admin/dashboard");
    await card(page, "Quote Requests").click();
    await expect(page).toHaveURL("/admin/quote-requests");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    expect(await dashboardCounts(page)).toEqual(truth);
  });

  test("the page ends where its layout ends: nothing hidden makes it scroll further", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const main = page.getByRole("main");
    for (const size of [
      { width: 1280, height: 800 },
      { width: 360, height: 780 },
    ]) {
      await page.setViewportSize(size);
      await page.goto("/admin/dashboard");
      // The chart and its screen-reader table are on the page (the table once took 336 px of
      // scroll below everything: `sr-only` does not shrink a <table>).
      await expect(
        main.getByRole("table", { name: "Orders per week, oldest first" }),
      ).toBeAttached();
      const heights = await main.evaluate((element) => {
        const layout = element.parentElement!;
        return {
          document: document.documentElement.scrollHeight,
          layout: Math.ceil(layout.getBoundingClientRect().bottom + window.scrollY),
        };
      });
      // The layout is at least as tall as the screen, so the document is never shorter.
      expect(heights.document, `${size.width}×${size.height}`).toBeLessThanOrEqual(heights.layout);
    }
  });
});
