import fs from "node:fs";
import { parseCsv } from "#app/lib/csv.ts";
import {
  axe,
  expect,
  holdLoaderData,
  requestGate,
  test,
  toast,
  waitUntilHydrated,
} from "#tests/playwright-utils.ts";
import { findEmail, placeOrder, uniqueTag } from "./operations-helpers.ts";

/*
 * /admin/orders and /admin/orders/{id} (decision 009). Twelve orders of this run are placed through
 * the real checkout; every check searches for this run's tag, because other specs place
 * orders on the same database at the same time.
 */

const TAG = uniqueTag("pager");
const customers = Array.from({ length: 12 }, (_, i) => {
  const n = String(i + 1).padStart(2, "0");
  return {
    name: `Pager ${TAG} ${n}`,
    email: `${TAG}.${n}@example.co.za`,
    phone: i === 0 ? "082 555 01 01" : `083 ${String(100 + i)} 00${n}`,
  };
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Oldest first: customer 12 is the newest order.
  for (const customer of customers) {
    await placeOrder({
      ...customer,
      lines: [
        { product: 0, quantity: 2 },
        { product: 1, quantity: 1 },
      ],
    });
  }
});

test.describe.configure({ mode: "serial" });

test.describe("admin orders", () => {
  test("search, status filter and pages, all kept in the URL", async ({ page, loginAsAdmin }) => {
    test.setTimeout(60_000); // a dozen list loads, each waited for
    await loginAsAdmin();
    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);

    const search = page.getByRole("searchbox", {
      name: "Search orders by customer name, email or phone",
    });
    // Held until seen, so the loading state shows: six skeleton cards (docs/product.md §3.8).
    const listData = requestGate();
    await page.route(/\/admin\/orders\.data/, async (route) => {
      await listData.wait();
      await route.continue();
    });
    await search.fill(TAG);
    await search.press("Enter");
    await expect(page.getByTestId("order-skeleton")).toHaveCount(6);
    listData.release();
    await page.unrouteAll({ behavior: "wait" });
    await expect(page).toHaveURL(new RegExp(`\\?q=${TAG}$`));
    const main = page.getByRole("main");
    const cards = main.getByRole("list", { name: "Orders" }).getByRole("listitem");
    await expect(main.getByText("Showing 1–10 of 12 orders")).toBeVisible();
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(`Pager ${TAG} 12`);
    await expect(cards.first()).toContainText("3 items");
    await expect(cards.first()).toContainText("Pending");

    // Pages appear only above 10 results: Previous, 1, 2, Next.
    const pages = page.getByRole("navigation", { name: "Orders pages" });
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${TAG}&page=2$`));
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText(`Pager ${TAG} 01`);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(cards).toHaveCount(10);

    // The status filter keeps the search.
    const filter = page.getByRole("combobox", { name: "Filter by status" });
    await filter.selectOption("pending");
    await expect(page).toHaveURL(new RegExp(`q=${TAG}&status=pending$`));
    await expect(main.getByText("Showing 1–10 of 12 orders")).toBeVisible();
    await filter.selectOption("cancelled");
    await expect(main.getByText("No orders match your filters")).toBeVisible();
    await expect(pages).toHaveCount(0);

    // Back to all statuses and, before that list has come, a search: it goes out with the
    // status as shown (all), not the cancelled still in the URL. Held, so that moment is sure.
    const allStatuses = requestGate();
    const asked: URL[] = [];
    await page.route(/\/admin\/orders\.data/, async (route) => {
      asked.push(new URL(route.request().url()));
      await allStatuses.wait();
      await route.continue();
    });
    await filter.selectOption("");
    // E-mail in another case, and a phone number typed in another form.
    const email = customers[4]!.email.toUpperCase();
    await search.fill(email);
    await search.press("Enter");
    // The search has gone out while the list for all statuses was still held; then both go on.
    await expect.poll(() => asked.some((url) => url.searchParams.get("q") === email)).toBe(true);
    allStatuses.release();
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(email)}$`));
    await page.unrouteAll({ behavior: "wait" });
    await expect(cards).toHaveCount(1);
    await expect(filter).toHaveValue("");
    await expect(cards.first()).toContainText(customers[4]!.name);
    await search.fill("+27 82 555 0101");
    await search.press("Enter");
    await expect(cards.filter({ hasText: TAG })).toHaveCount(1);
    await expect(cards.filter({ hasText: TAG }).first()).toContainText(customers[0]!.name);
  });

  test("without JavaScript, the Filter button sends the search and the status together", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const noScript = await browser.newContext({
      baseURL,
      extraHTTPHeaders,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto("/admin/orders?status=cancelled");
      await plain
        .getByRole("searchbox", { name: "Search orders by customer name, email or phone" })
        .fill(TAG);
      await plain.getByRole("combobox", { name: "Filter by status" }).selectOption("pending");
      await plain.getByRole("button", { name: "Filter" }).click();
      // The payment filter (decision 014) is sent too, empty: all payments.
      await expect(plain).toHaveURL(new RegExp(`\\?q=${TAG}&status=pending&payment=$`));
      await expect(plain.getByText("Showing 1–10 of 12 orders")).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test("arriving from another page: search, filter and six skeleton cards until the cards come", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const main = page.getByRole("main");
    const search = main.getByRole("searchbox", {
      name: "Search orders by customer name, email or phone",
    });
    const filter = main.getByRole("combobox", { name: "Filter by status" });
    const skeletons = main.getByTestId("order-skeleton");
    const cards = main.getByRole("list", { name: "Orders" }).getByRole("listitem");
    const pages = main.getByRole("navigation", { name: "Orders pages" });

    // From the dashboard through the sidebar, the orders' own data held for a moment.
    const { held, release } = await holdLoaderData(page, "routes/admin/orders/index");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Orders", exact: true })
      .click();
    await expect(main.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(skeletons).toHaveCount(6);
    await expect(search).toHaveValue("");
    await expect(filter).toHaveValue("");
    await expect(cards).toHaveCount(0);
    await expect(pages).toHaveCount(0);
    release();
    // This run's twelve orders (and others') fill the first page, with pages below.
    await expect(cards).toHaveCount(10);
    await expect(skeletons).toHaveCount(0);
    await expect(pages).toBeVisible();
    expect(held()).toBe(1);

    // Back from an order's full page to a searched and filtered list: the search box and the
    // filter show the list's URL at once.
    await page.unrouteAll({ behavior: "wait" });
    await page.goto(`/admin/orders?q=${TAG}&status=pending`);
    const firstCard = cards.first().getByRole("link");
    await waitUntilHydrated(firstCard); // a click then opens the dialog, not the full page
    await firstCard.click();
    await page.getByRole("dialog").getByRole("link", { name: "View Full Page" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const back = await holdLoaderData(page, "routes/admin/orders/index");
    await main.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${TAG}&status=pending$`));
    await expect(skeletons).toHaveCount(6);
    await expect(search).toHaveValue(TAG);
    await expect(filter).toHaveValue("pending");
    back.release();
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(TAG);
    await expect(skeletons).toHaveCount(0);
    await expect(pages).toBeVisible();
    expect(back.held()).toBe(1);
  });

  test("the dialog, a status change with the customer's e-mail, and the full page", async ({
    page,
    loginAsAdmin,
  }) => {
    test.setTimeout(90_000); // a journey over the list, the dialog and the full page, two axe scans
    await loginAsAdmin();
    const customer = customers[1]!;
    await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(customer.name) })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: /^Order [0-9A-F]{8}/ })).toBeVisible();
    await expect(dialog.getByRole("columnheader", { name: "Qty" })).toBeVisible();
    await expect(dialog.getByText("Order Total")).toBeVisible();
    await expect(dialog.getByText("Customer Information")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/27831\d+\?text=Hi%20Pager/,
    );
    await expect(page).toHaveURL(/[?&]order=[0-9a-f-]{36}/);
    expect((await axe(page)).violations).toEqual([]);

    await dialog.getByRole("checkbox", { name: "E-mail the customer" }).check();
    await dialog.getByRole("combobox", { name: "Status" }).selectOption("shipped");
    await expect(toast(page, "Status updated")).toBeVisible();
    await expect(toast(page, "Order status has been updated to shipped.")).toBeVisible();
    await expect(dialog.getByRole("heading").getByText("Shipped", { exact: true })).toBeVisible();
    const eml = await findEmail("order.shipped", (text) => text.includes(`To: ${customer.email}`));
    expect(eml).toMatch(/Subject: Your Kwezi Engineering order [0-9A-F]{8} is on its way/);

    await dialog.getByRole("link", { name: "View Full Page" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const main = page.getByRole("main");
    for (const heading of ["Order Items", "Customer Details", "Order Information"]) {
      await expect(main.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(main.getByText(customer.email)).toBeVisible();
    await expect(main.getByText("Status changed from Pending to Shipped")).toBeVisible();
    await main.getByLabel("Internal note").fill("Courier booked for Friday.");
    await main.getByRole("button", { name: "Add Note" }).click();
    await expect(main.getByText("Courier booked for Friday.")).toBeVisible();
    await expect(main.getByLabel("Internal note")).toHaveValue("");
    expect((await axe(page)).violations).toEqual([]);

    // Back returns to the list with its search.
    await main.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?q=/);
    await expect(
      page.getByRole("main").getByRole("link", { name: new RegExp(customer.name) }),
    ).toContainText("Shipped");
  });

  test("from the keyboard, arrow keys choose a status and Enter saves it, once", async ({
    page,
    loginAsAdmin,
  }) => {
    const tag = uniqueTag("arrows");
    const customer = { name: `Arrow ${tag}`, email: `${tag}@example.co.za`, phone: "082 555 0177" };
    await placeOrder(customer);
    await loginAsAdmin();
    await page.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(customer.name) })
      .click();
    const dialog = page.getByRole("dialog");
    const select = dialog.getByRole("combobox", { name: "Status" });
    await waitUntilHydrated(select);
    await select.focus();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // Pending → Processing → Shipped: each arrow changes the value, none of them saves.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(select).toHaveValue("shipped");
    // A save would have been sent as the value changed: the page has drawn a frame since,
    // and the browser reports its requests before it answers this evaluation.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(posts).toEqual([]);
    await expect(toast(page, "Status updated")).toHaveCount(0);
    await expect(dialog.getByRole("heading").getByText("Pending", { exact: true })).toBeVisible();

    await page.keyboard.press("Enter");
    await expect(toast(page, "Order status has been updated to shipped.")).toBeVisible();
    await expect(dialog.getByRole("heading").getByText("Shipped", { exact: true })).toBeVisible();
    // The keyboard stays where it was, and the history holds one change, not one per key.
    await expect(select).toBeFocused();
    await dialog.getByRole("link", { name: "View Full Page" }).click();
    const main = page.getByRole("main");
    await expect(main.getByText("Status changed from Pending to Shipped")).toBeVisible();
    await expect(main.getByText("Status changed from Pending to Processing")).toHaveCount(0);
  });

  test("an unknown order shows 'Order not found' with a 404", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    const response = await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    await expect(page.getByText("The requested order does not exist.")).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await page.getByRole("link", { name: "Back to Orders" }).click();
    await expect(page).toHaveURL("/admin/orders");
    expect((await page.goto("/admin/orders/not-an-id"))?.status()).toBe(404);
  });

  test("Export CSV downloads the searched orders, one row per order line", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto(`/admin/orders?q=${TAG}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(bytes.toString("utf8"));
    expect(records[0]?.slice(0, 7)).toEqual([
      "Order ID",
      "Order Number",
      "Date Placed (SAST)",
      "Last Updated (SAST)",
      "Status",
      // Decision 014: the payment beside the status.
      "Payment",
      "Payment Method",
    ]);
    const name = records[0]!.indexOf("Customer Name");
    // Twelve orders of two lines each, newest first, each awaiting contact.
    expect(records).toHaveLength(1 + 24);
    expect(records[1]?.[name]).toBe(`Pager ${TAG} 12`);
    expect(new Set(records.slice(1).map((r) => r[name]))).toEqual(
      new Set(customers.map((c) => c.name)),
    );
    expect(new Set(records.slice(1).map((r) => r[5]))).toEqual(new Set(["Awaiting contact"]));
  });
});
