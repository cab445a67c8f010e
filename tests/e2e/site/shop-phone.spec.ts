import type { Page } from "@playwright/test";
import { expect, test } from "#tests/playwright-utils.ts";
import { addFromList, expectNoAxeViolations } from "./shop-helpers.ts";

/*
 * The shop on a 360 px wide phone: no page scrolls sideways, axe finds nothing, and the
 * states that carry the most text (a changed price, a vanished product) still fit.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("/crafts and a product page fit a phone; the category tiles line up with their heading", async ({
  page,
}) => {
  await page.goto("/crafts");
  await expectNoSidewaysScroll(page);
  // The sideways-scrolling category tiles start in line with the heading above them.
  const heading = await page.getByRole("heading", { name: "Shop by Category" }).boundingBox();
  const firstTile = await page
    .getByRole("region", { name: "Shop by Category" })
    .getByRole("listitem")
    .first()
    .boundingBox();
  expect(Math.round(firstTile!.x)).toBe(Math.round(heading!.x));
  await expectNoAxeViolations(page);

  await page.goto("/crafts?category=Easter%20Collection");
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: "Hand-Painted Easter Egg Set", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Hand-Painted Easter Egg Set" }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test("/cart and /checkout fit a phone, with a changed price and a vanished product", async ({
  page,
}) => {
  await page.goto("/crafts");
  await addFromList(page, "Engraved Bamboo Cutting Board");
  await page.evaluate(() => {
    const items = JSON.parse(localStorage.getItem("cart") ?? "[]");
    items[0].priceCents = 100;
    items[0].quantity = 12;
    items.push({
      id: "00000000-0000-4000-8000-000000000000",
      name: "Discontinued Hand-Turned Yellowwood Fruit Bowl",
      priceCents: 5000,
      imageUrl: null,
      quantity: 1,
    });
    localStorage.setItem("cart", JSON.stringify(items));
  });

  await page.goto("/cart");
  await expect(page.getByText("Your cart has changed")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("R4680.00");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.goto("/checkout");
  await expect(page.getByText("Your cart has changed")).toBeVisible();
  // What the order comes to, above Place Order (the summary is below it on a phone): the
  // available board at its current price, not the vanished bowl.
  const totalAbove = page.getByTestId("checkout-total-above-order");
  await expect(totalAbove).toHaveText("Order total (12 items)R4680.00");
  const [totalBox, buttonBox] = await Promise.all([
    totalAbove.boundingBox(),
    page.getByRole("button", { name: "Place Order" }).boundingBox(),
  ]);
  expect(totalBox!.y).toBeLessThan(buttonBox!.y);
  // Place Order is off, and the reason is beside it (the summary is further down here).
  await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Place Order" })).toHaveAccessibleDescription(
    "An item in your cart is no longer available. Remove it in the order summary to place your order.",
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shop offers the ways to order through the office instead of a dead cart", async ({
    page,
  }) => {
    await page.goto("/crafts");
    const howToOrder = page.getByRole("link", { name: "How to Order" });
    // Every card offers it, and no Add to Cart button that would do nothing is shown.
    await expect(howToOrder.first()).toBeVisible();
    expect(await howToOrder.count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
    await expect(howToOrder.first()).toHaveAttribute("href", "/contact");
    await expectNoSidewaysScroll(page);

    for (const path of ["/cart", "/checkout"]) {
      await page.goto(path);
      // Playwright's text matching skips <noscript>; the rendered text (innerText) does not.
      expect(await page.getByRole("main").innerText()).toContain(
        "Please enable JavaScript to see it and to check out.",
      );
      // The note's own link, not the footer's (which every page has).
      await expect(
        page.getByRole("main").getByRole("link", { name: "+27 31 464 0192" }),
      ).toHaveAttribute("href", "tel:+27314640192");
      await expect(page.getByRole("link", { name: "contact page" })).toHaveAttribute(
        "href",
        "/contact",
      );
      // No placeholder that looks as if the cart were still loading.
      await expect(page.getByRole("status", { name: "Loading your cart" })).toBeHidden();
      await expectNoSidewaysScroll(page);
    }
  });
});
