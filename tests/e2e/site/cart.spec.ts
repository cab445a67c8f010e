import { expect, test } from "#tests/playwright-utils.ts";
import { addFromList, cartBadge, expectNoAxeViolations } from "./shop-helpers.ts";

test("the empty cart", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(
    page.getByText("Looks like you haven't added any products to your cart yet."),
  ).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/\/crafts$/);
});

test("add from the list and the detail page, change quantities, reload, second tab, remove, clear", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000); // a journey over six page loads in two tabs
  await page.goto("/crafts");
  // The demo keyring asks for a name (decision 040): the same name twice is one line of 2.
  await addFromList(page, "Custom Name Keyring", "Sam");
  await addFromList(page, "Custom Name Keyring", "Sam");
  await expect(cartBadge(page)).toHaveText("2");
  await page.getByRole("link", { name: "Walnut Phone Stand", exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart: Walnut Phone Stand" }).click();
  await expect(cartBadge(page)).toHaveText("3");

  // A second tab shares the cart and sees the badge change (storage event).
  const other = await context.newPage();
  await other.goto("/digital");
  await expect(cartBadge(other)).toHaveText("3");

  await page.getByRole("link", { name: /^Cart/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
  const keyring = page.getByRole("article", { name: "Custom Name Keyring (“Sam”)" });
  const stand = page.getByRole("article", { name: "Walnut Phone Stand" });
  await expect(
    keyring.getByLabel("Quantity of Custom Name Keyring (“Sam”)", { exact: true }),
  ).toHaveText("2");
  await expect(keyring.getByTestId("line-total")).toHaveText("R170.00");
  await expect(page.getByTestId("cart-total")).toHaveText("R380.00");
  await expect(page.getByText("Calculated at checkout")).toBeVisible();

  await stand.getByRole("button", { name: "Increase quantity of Walnut Phone Stand" }).click();
  await expect(stand.getByLabel("Quantity of Walnut Phone Stand", { exact: true })).toHaveText("2");
  await expect(cartBadge(other)).toHaveText("4");
  await stand.getByRole("button", { name: "Decrease quantity of Walnut Phone Stand" }).click();
  await expect(
    stand.getByRole("button", { name: "Decrease quantity of Walnut Phone Stand" }),
  ).toBeDisabled();
  await expect(page.getByTestId("cart-total")).toHaveText("R380.00");

  await page.reload();
  await expect(
    keyring.getByLabel("Quantity of Custom Name Keyring (“Sam”)", { exact: true }),
  ).toHaveText("2");
  await expect(cartBadge(page)).toHaveText("3");

  await keyring.getByRole("button", { name: /Remove/ }).click();
  await expect(keyring).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("R210.00");
  await expect(cartBadge(other)).toHaveText("1");

  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(cartBadge(other)).toHaveCount(0);
});

test("a changed price and a vanished product are shown, never silently charged", async ({
  page,
}) => {
  await page.goto("/crafts");
  await addFromList(page, "Resin Coaster Set");
  // The stored cart says R1.00 (stale or tampered) and holds a product that no longer exists.
  await page.evaluate(() => {
    const items = JSON.parse(localStorage.getItem("cart") ?? "[]");
    items[0].priceCents = 100;
    items.push({
      id: "00000000-0000-4000-8000-000000000000",
      name: "Discontinued Mug",
      priceCents: 5000,
      imageUrl: null,
      quantity: 1,
    });
    localStorage.setItem("cart", JSON.stringify(items));
  });
  await page.goto("/cart");
  await expect(page.getByText("Your cart has changed")).toBeVisible();
  await expect(
    page.getByText("The price of Resin Coaster Set changed from R1.00 to R300.00."),
  ).toBeVisible();
  await expect(page.getByText("Discontinued Mug is no longer available.")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("R300.00");
  await page.getByRole("button", { name: "OK, use the new prices" }).click();
  await expect(page.getByText(/The price of Resin Coaster Set changed/)).toHaveCount(0);
  // The button went with the notice: the lines have the focus, not <body> (WCAG 2.4.3).
  await expect(page.getByRole("list", { name: "Cart items" })).toBeFocused();
  await page
    .getByRole("article", { name: "Discontinued Mug" })
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(page.getByText("Your cart has changed")).toHaveCount(0);
});

test("/cart with items has no axe violations", async ({ page }) => {
  await page.goto("/crafts");
  await addFromList(page, "Scented Soy Candle Trio");
  await addFromList(page, "Personalised Photo Frame");
  await page.goto("/cart");
  await expect(page.getByRole("article", { name: "Personalised Photo Frame" })).toBeVisible();
  await expect(page.getByText("Checking current prices…")).toHaveCount(0);
  await expectNoAxeViolations(page);
});
