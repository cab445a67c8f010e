import type { Locator, Page, Request } from "@playwright/test";
import { axe, expect, test, toast, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { uniquePhone } from "../helpers/forms.ts";
import {
  placeOrder,
  signUp,
  submitQuoteRequest,
  subscribe,
  uniqueTag,
} from "./operations-helpers.ts";

/*
 * Search as you type in every admin list (decision 017). The rows are made
 * through the real checkout, quote form, newsletter form and Create Account, two per list,
 * `<TAG>.alpha…` and `<TAG>.bravo…`, so the tag finds both and `<TAG>.alpha` one; the products
 * are the demo catalogue's. Other specs add rows meanwhile: no check counts the whole list.
 */

const TAG = uniqueTag("sayt");
const ALPHA = `${TAG}.alpha`;
const emailOf = (who: "alpha" | "bravo") => `${TAG}.${who}@example.co.za`;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await Promise.all(
    (["alpha", "bravo"] as const).flatMap((who) => [
      // A phone of its own: the checkout limits orders per phone number.
      placeOrder({ name: `Typer ${who}`, email: emailOf(who), phone: uniquePhone() }),
      subscribe(emailOf(who)),
      submitQuoteRequest({
        name: `Typer ${who}`,
        email: emailOf(who),
        service: "web-development",
        message: `A website for the typing test, please (${who}).`,
      }),
      signUp(emailOf(who)),
    ]),
  );
});

/** Rows of a table that hold cells (not the header row). */
const tableRows = (table: Locator) =>
  table.getByRole("row").filter({ has: table.page().getByRole("cell") });

interface ListCase {
  /** The sidebar link. */
  link: string;
  path: string;
  /** The search box's accessible name. */
  box: string;
  rows: (main: Locator) => Locator;
  /** Typed first: matches `first.shown` and not `first.hidden`. */
  first: { term: string; shown: string[]; hidden?: string };
  /** Typed on after `first.term`: matches `narrower.shown` alone among the first's rows. */
  narrower: { more: string; shown: string; gone: string };
  /** The spec's text for a term that matches nothing. */
  empty: (term: string) => string;
}

const tagged = (rows: ListCase["rows"]) => ({
  rows,
  first: { term: TAG, shown: [emailOf("alpha"), emailOf("bravo")] },
  narrower: { more: ".alpha", shown: emailOf("alpha"), gone: emailOf("bravo") },
});

const LISTS: ListCase[] = [
  {
    link: "Products",
    path: "/admin/products",
    box: "Search products",
    rows: (main) => tableRows(main.getByRole("table", { name: "Products", exact: true })),
    first: { term: "walnut", shown: ["Walnut Phone Stand"], hidden: "Resin Coaster Set" },
    narrower: { more: " phone", shown: "Walnut Phone Stand", gone: "Resin Coaster Set" },
    empty: (term) => `No products found for "${term}"`,
  },
  {
    link: "Orders",
    path: "/admin/orders",
    box: "Search orders by customer name, email or phone",
    ...tagged((main) => main.getByRole("list", { name: "Orders" }).getByRole("listitem")),
    empty: () => "No orders match your filters",
  },
  {
    link: "Subscribers",
    path: "/admin/subscribers",
    box: "Search subscribers by email",
    ...tagged((main) => tableRows(main.getByRole("table", { name: "Subscribers" }))),
    empty: (term) => `No subscribers found for "${term}"`,
  },
  {
    link: "Quote Requests",
    path: "/admin/quote-requests",
    box: "Search quote requests by name, email, service or message",
    ...tagged((main) => main.getByRole("list", { name: "Quote requests" }).getByRole("listitem")),
    empty: (term) => `No quote requests found for "${term}"`,
  },
  {
    link: "User Access",
    path: "/admin/users",
    box: "Search users by email",
    ...tagged((main) => tableRows(main.getByRole("table", { name: "Users" }))),
    // docs/product.md §3.12 /admin/users: one text, whatever the search.
    empty: () => "No users found.",
  },
];

/** The `q` of the page's URL (null without one) and the rest of its query. */
function urlState(page: Page) {
  const url = new URL(page.url());
  const q = url.searchParams.get("q");
  url.searchParams.delete("q");
  return { path: url.pathname, q, rest: url.searchParams.toString() };
}

/** The list data requests (`….data?q=…`) the page sends while `during` runs. */
async function dataRequestsDuring(page: Page, during: () => Promise<void>) {
  const terms: (string | null)[] = [];
  const listen = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) terms.push(url.searchParams.get("q"));
  };
  page.on("request", listen);
  try {
    await during();
  } finally {
    page.off("request", listen);
  }
  return terms;
}

for (const list of LISTS) {
  test(`${list.link}: typing narrows the list, no Enter; the URL holds the term; Back leaves the list`, async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const main = page.getByRole("main");
    const box = main.getByRole("searchbox", { name: list.box });
    const rows = list.rows(main);
    const row = (text: string) => rows.filter({ hasText: text });

    // From the dashboard, as an admin would arrive.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: list.link, exact: true })
      .click();
    await expect(page).toHaveURL(list.path);
    await expect(rows.first()).toBeVisible();
    await waitUntilHydrated(box);
    await box.click();

    // A burst of keystrokes is one search, sent after the pause, for the whole term.
    const first = list.first.term;
    const sent = await dataRequestsDuring(page, async () => {
      await box.pressSequentially(first);
      await expect.poll(() => urlState(page).q).toBe(first);
    });
    for (const text of list.first.shown) await expect(row(text)).toHaveCount(1);
    expect(sent.at(-1)).toBe(first);
    expect(sent.length).toBeLessThan(first.length);
    if (list.first.hidden) await expect(row(list.first.hidden)).toHaveCount(0);
    expect(urlState(page)).toEqual({ path: list.path, q: first, rest: "" });
    await expect(box).toBeFocused();

    // Typing on narrows further; the box keeps every character and the focus.
    const narrower = first + list.narrower.more;
    await box.pressSequentially(list.narrower.more);
    await expect.poll(() => urlState(page).q).toBe(narrower);
    await expect(row(list.narrower.gone)).toHaveCount(0);
    await expect(row(list.narrower.shown)).toHaveCount(1);
    // Said to screen readers too, without leaving the box.
    await expect(main.getByRole("status").filter({ hasText: /^1 [a-z ]+ found$/ })).toHaveCount(1);
    await expect(box).toHaveValue(narrower);
    await expect(box).toBeFocused();

    // A term that matches nothing: the product's text, with the term as typed.
    const none = `${narrower}zq`;
    await box.pressSequentially("zq");
    await expect(main.getByText(list.empty(none), { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(main.getByRole("status").filter({ hasText: /^0 [a-z ]+ found$/ })).toHaveCount(1);
    expect(urlState(page).q).toBe(none);
    await expect(box).toBeFocused();
    // Scanned once the sign-in toast has gone: caught fading out, it fails contrast.
    await expect(toast(page, "Login Successful")).toHaveCount(0, { timeout: 10_000 });
    expect((await axe(page)).violations).toEqual([]);

    // Clearing the box shows the whole list again, with no `q` in the URL.
    await box.press("ControlOrMeta+a");
    await box.press("Backspace");
    await expect(page).toHaveURL(list.path);
    await expect(main.getByText(list.empty(none), { exact: true })).toHaveCount(0);
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();

    // Four searches landed, none of them a history entry: Back is the dashboard.
    await page.goBack();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
}

test.describe("orders", () => {
  const main = (page: Page) => page.getByRole("main");
  const box = (page: Page) =>
    main(page).getByRole("searchbox", { name: "Search orders by customer name, email or phone" });
  const cards = (page: Page) =>
    main(page).getByRole("list", { name: "Orders" }).getByRole("listitem");

  /**
   * Holds the orders' data answers for `term` (the page's and the layout's) until `release()`,
   * then hands them to the browser; `delivered()` resolves once that is done, or found the
   * browser no longer waiting (React Router aborts a navigation a newer one overtook).
   */
  async function holdAnswers(page: Page, term: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deliveries: Promise<void>[] = [];
    /** Each held request's end in the page: answered in full, or given up (aborted). */
    const ends: Promise<unknown>[] = [];
    await page.route(/\/admin\/orders\.data/, async (route) => {
      if (new URL(route.request().url()).searchParams.get("q") !== term) return route.continue();
      const request = route.request();
      ends.push(
        Promise.race([
          page.waitForEvent("requestfinished", { predicate: (r) => r === request, timeout: 0 }),
          page.waitForEvent("requestfailed", { predicate: (r) => r === request, timeout: 0 }),
        ]),
      );
      const response = await route.fetch();
      const delivery = released.then(() => route.fulfill({ response }).catch(() => undefined));
      deliveries.push(delivery);
      await delivery;
    });
    return {
      release,
      held: () => deliveries.length,
      delivered: () => Promise.all(deliveries),
      /** Every held request has ended in the page (finished or failed). */
      ended: () => Promise.all(ends),
    };
  }

  /** Opens the orders, types `term` into the box and waits until the pause has sent it. */
  async function typeUntilSent(page: Page, term: string) {
    await page.goto("/admin/orders");
    await waitUntilHydrated(box(page));
    await box(page).click();
    const sent = page.waitForRequest(
      (request) =>
        request.url().includes("/admin/orders.data") &&
        new URL(request.url()).searchParams.get("q") === term,
    );
    await box(page).pressSequentially(term);
    await sent;
  }

  test("a newer search wins over an older one still on its way, and nothing typed meanwhile is lost", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    // The answer to the first term (the tag: both orders) is held until the second term's
    // answer (the tag and ".alpha": one order) has been shown, then delivered.
    const older = await holdAnswers(page, TAG);
    await typeUntilSent(page, TAG);
    // While it loads, the cards stay (busy), without skeletons, and the admin types on.
    await expect(main(page).getByRole("region", { name: "Orders" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await expect(main(page).getByTestId("order-skeleton")).toHaveCount(0);
    await box(page).pressSequentially(".alpha");
    await expect.poll(() => urlState(page).q).toBe(ALPHA);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(emailOf("alpha"));
    expect(older.held()).toBeGreaterThan(0);

    older.release();
    await older.delivered();
    // A stray answer has reached the page (or was given up by it), and the page has drawn
    // two frames since: had it been taken, it would be on screen now.
    await older.ended();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(emailOf("alpha"));
    await expect(box(page)).toHaveValue(ALPHA);
    await expect(box(page)).toBeFocused();
    expect(urlState(page).q).toBe(ALPHA);
  });

  test("characters typed while a search lands stay in the box, and so does the focus", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const answer = await holdAnswers(page, TAG);
    await typeUntilSent(page, TAG);

    // The admin types on, a key every 150 ms (never the pause that sends a search), and the
    // search for the tag lands in the middle of it.
    let landedAt = 0;
    let typedAt = 0;
    await Promise.all([
      box(page)
        .pressSequentially(".alpha", { delay: 150 })
        .then(() => {
          typedAt = Date.now();
        }),
      (async () => {
        answer.release();
        await expect.poll(() => urlState(page).q, { intervals: [20] }).toBe(TAG);
        landedAt = Date.now();
      })(),
    ]);
    expect(landedAt).toBeGreaterThan(0);
    expect(landedAt).toBeLessThan(typedAt);
    await expect(box(page)).toHaveValue(ALPHA);
    await expect(box(page)).toBeFocused();
    // …and the pause after the last key searches for all of it.
    await expect.poll(() => urlState(page).q).toBe(ALPHA);
    await expect(cards(page)).toHaveCount(1);
    await expect(box(page)).toHaveValue(ALPHA);
  });

  test("a search typed before a card was clicked keeps the card's dialog open when it lands", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto(`/admin/orders?q=${encodeURIComponent(TAG)}`);
    await waitUntilHydrated(box(page));
    await expect(cards(page)).toHaveCount(2);
    // The search for ".alpha" is held on its way, so the card is clicked whether the pause
    // after typing has sent it or not, and the search lands after the dialog opened.
    const typed = await holdAnswers(page, ALPHA);
    await box(page).click();
    await box(page).pressSequentially(".alpha");
    await cards(page)
      .filter({ hasText: emailOf("bravo") })
      .getByRole("link")
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(emailOf("bravo"));
    await expect.poll(() => typed.held()).toBeGreaterThan(0);
    typed.release();
    await typed.delivered();
    await expect.poll(() => urlState(page).q).toBe(ALPHA);
    // The list behind the dialog has the new search's one card (hidden from the
    // accessibility tree while the dialog is modal).
    await expect(page.locator("main [data-order-card]")).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(emailOf("bravo"));
    expect(new URL(page.url()).searchParams.get("order")).toMatch(/^[0-9a-f-]{36}$/);
    // Closing it keeps the search.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
    // The dialog closes as soon as the navigation starts; the address follows once the
    // list's loader has answered.
    await expect.poll(() => urlState(page)).toEqual({ path: "/admin/orders", q: ALPHA, rest: "" });
    await expect(cards(page)).toHaveCount(1);
  });

  test("a filter applies at once with the term as typed; a new term starts on page 1", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto("/admin/orders?page=2");
    await waitUntilHydrated(box(page));
    await box(page).click();
    await box(page).pressSequentially(TAG);
    // No page left in the URL: the search starts on page 1.
    await expect.poll(() => urlState(page)).toEqual({ path: "/admin/orders", q: TAG, rest: "" });
    await expect(cards(page).filter({ hasText: TAG })).toHaveCount(2);

    // The status changes before the pause after ".alpha" is over: it goes at once, with the
    // term as it is in the box.
    await box(page).pressSequentially(".alpha");
    await main(page).getByRole("combobox", { name: "Filter by status" }).selectOption("cancelled");
    await expect(main(page).getByText("No orders match your filters")).toBeVisible();
    expect(urlState(page)).toEqual({ path: "/admin/orders", q: ALPHA, rest: "status=cancelled" });
    await expect(box(page)).toHaveValue(ALPHA);

    await main(page).getByRole("combobox", { name: "Filter by status" }).selectOption("pending");
    await expect(cards(page)).toHaveCount(1);
    await main(page).getByRole("combobox", { name: "Filter by payment" }).selectOption("paid");
    await expect(main(page).getByText("No orders match your filters")).toBeVisible();
    expect(urlState(page)).toEqual({
      path: "/admin/orders",
      q: ALPHA,
      rest: "status=pending&payment=paid",
    });
  });
});

test("quote requests: 'Show resolved requests' applies at once with the term as typed", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto("/admin/quote-requests");
  const main = page.getByRole("main");
  const box = main.getByRole("searchbox", {
    name: "Search quote requests by name, email, service or message",
  });
  await waitUntilHydrated(box);
  await box.click();
  await box.pressSequentially(ALPHA);
  await main.getByRole("checkbox", { name: "Show resolved requests" }).check();
  await expect(page).toHaveURL(`/admin/quote-requests?q=${ALPHA}&resolved=1`);
  const cards = main.getByRole("list", { name: "Quote requests" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(emailOf("alpha"));
  await expect(box).toHaveValue(ALPHA);
});

test("quote requests and products: a search that lands after a dialog opened leaves it open", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  const main = page.getByRole("main");

  // Quote requests: the details dialog lives in the URL (`?request=`).
  await page.goto(`/admin/quote-requests?q=${encodeURIComponent(TAG)}`);
  const requestBox = main.getByRole("searchbox", {
    name: "Search quote requests by name, email, service or message",
  });
  await waitUntilHydrated(requestBox);
  const requestCards = main.getByRole("list", { name: "Quote requests" }).getByRole("listitem");
  await expect(requestCards).toHaveCount(2);
  let releaseRequests!: () => void;
  const requestsHeld = new Promise<void>((resolve) => {
    releaseRequests = resolve;
  });
  await page.route(/\/admin\/quote-requests\.data/, async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") !== ALPHA) return route.continue();
    const response = await route.fetch();
    await requestsHeld;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await requestBox.click();
  await requestBox.pressSequentially(".alpha");
  await requestCards
    .filter({ hasText: emailOf("bravo") })
    .getByRole("link")
    .first()
    .click();
  const details = page.getByRole("dialog");
  await expect(details).toContainText(emailOf("bravo"));
  releaseRequests();
  await expect.poll(() => urlState(page).q).toBe(ALPHA);
  await expect(details).toBeVisible();
  await expect(details).toContainText(emailOf("bravo"));
  await expect.poll(() => new URL(page.url()).searchParams.get("request")).toBeTruthy();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(requestCards).toHaveCount(1);

  // Products: the delete confirmation is the page's own state; a landing search leaves it.
  await page.goto("/admin/products");
  const productBox = main.getByRole("searchbox", { name: "Search products" });
  await waitUntilHydrated(productBox);
  let releaseProducts!: () => void;
  const productsHeld = new Promise<void>((resolve) => {
    releaseProducts = resolve;
  });
  await page.route(/\/admin\/products\.data/, async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") !== "walnut") return route.continue();
    const response = await route.fetch();
    await productsHeld;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await productBox.click();
  await productBox.pressSequentially("walnut");
  const coaster = tableRows(main.getByRole("table", { name: "Products", exact: true })).filter({
    hasText: "Resin Coaster Set",
  });
  await coaster.getByRole("button", { name: /Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Product" });
  await expect(confirm).toBeVisible();
  releaseProducts();
  await expect.poll(() => urlState(page).q).toBe("walnut");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(coaster).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every list's search box still sends its term with Enter", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(); // the login form works without JavaScript too

    for (const list of LISTS) {
      await page.goto(list.path);
      const main = page.getByRole("main");
      const box = main.getByRole("searchbox", { name: list.box });
      const term = list.first.term + list.narrower.more;
      await box.fill(term);
      await box.press("Enter");
      await expect.poll(() => urlState(page).q, list.path).toBe(term);
      await expect(list.rows(main).filter({ hasText: list.narrower.shown })).toHaveCount(1);
      await expect(list.rows(main).filter({ hasText: list.narrower.gone })).toHaveCount(0);
      await expect(box).toHaveValue(term);

      await box.fill(`${term}zq`);
      await box.press("Enter");
      await expect(main.getByText(list.empty(`${term}zq`), { exact: true })).toBeVisible();
    }
  });
});
