import type { Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "#app/server/catalog/demo-catalogue.server.ts";
import { expect, test } from "#tests/playwright-utils.ts";
import { waitForHydration } from "./hydration.ts";
import { expectNoAxeViolations, productCards } from "./shop-helpers.ts";

/**
 * Every demo product is listed. Not an exact count: admin specs running at the same time add
 * (and remove) products of their own.
 */
async function expectAllDemoProducts(page: Page) {
  await expect(productCards(page).nth(DEMO_PRODUCTS.length - 1)).toBeVisible();
  const names = await productCards(page).getByRole("heading").allTextContents();
  expect(names).toEqual(expect.arrayContaining(DEMO_PRODUCTS.map((p) => p.name)));
}

/**
 * The products section's title is on screen and not under the fixed navigation bar (smooth
 * scrolling: polled until it settles).
 */
async function expectProductsInView(page: Page, title: string) {
  const heading = page.getByRole("heading", { name: title });
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect
    .poll(async () => {
      const bar = await page.getByRole("banner").boundingBox();
      const box = await heading.boundingBox();
      return bar && box ? box.y - (bar.y + bar.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
}

test("/crafts lists every product under 'Featured Products' with its first category", async ({
  page,
}) => {
  await page.goto("/crafts");
  await expect(page.getByRole("heading", { level: 1, name: "Bespoke Creations" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expectAllDemoProducts(page);
  const box = productCards(page).filter({ hasText: "Engraved Wooden Jewellery Box" });
  // Its links were made together, so the first is the first by name (docs/product.md §4: only the first).
  await expect(box).toContainText("Custom Gifts");
  await expect(box).not.toContainText("Mother's Day Gifts");
  await expect(box).toContainText("R450.00");
  await expect(page.getByRole("link", { name: "Request a Custom Order" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Custom Gifts, Easter Collection, Home Décor/,
  );
});

for (const [tile, expected] of [
  [
    "Mother's Day Gifts",
    ["Engraved Wooden Jewellery Box", "Personalised Photo Frame", "Scented Soy Candle Trio"],
  ],
  [
    "Easter Collection",
    ["Easter Treat Basket", "Hand-Painted Easter Egg Set", "Laser-Cut Bunny Décor"],
  ],
  [
    "Custom Gifts",
    [
      "Custom Name Keyring",
      "Easter Treat Basket",
      "Engraved Bamboo Cutting Board",
      "Engraved Wooden Jewellery Box",
      "LED Name Night Light",
      "Walnut Phone Stand",
    ],
  ],
] as const) {
  test(`the '${tile}' tile filters the products, toasts and keeps the filter in the URL`, async ({
    page,
  }) => {
    await page.goto("/crafts");
    const products = page.getByRole("region", { name: /Products$/ });
    // Below the hero and the categories: out of sight until a tile is chosen.
    await expect(products).not.toBeInViewport();
    await page
      .getByRole("link", { name: new RegExp(`^${tile}`) })
      .first()
      .click();
    // The notice lasts 2 seconds (docs/product.md §9): title and description checked together.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: `${tile} Selected` }),
    ).toContainText(`Showing products from ${tile}`);
    await expect(page.getByRole("heading", { name: `${tile} Products` })).toBeVisible();
    // docs/product.md §2.7: a tile scrolls to the products section, its title clear of the fixed bar.
    await expectProductsInView(page, `${tile} Products`);
    await expect(page).toHaveURL(
      new RegExp(
        `category=${encodeURIComponent(tile).replace(/%20/g, "(\\+|%20)").replace(/'/g, "(%27|')")}`,
      ),
    );
    const names = await productCards(page).getByRole("heading").allTextContents();
    expect(names).toEqual(expected);
    // Reloading renders the same filtered view on the server.
    await page.reload();
    await expect(page.getByRole("heading", { name: `${tile} Products` })).toBeVisible();
    await expect(productCards(page)).toHaveCount(expected.length);
    await page.getByRole("link", { name: "View All Products" }).click();
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expectProductsInView(page, "Featured Products");
    await expectAllDemoProducts(page);
  });
}

test("on a phone, a hero tile scrolls to the products too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/crafts");
  const tile = page.getByRole("link", { name: /^Easter Collection/ }).first();
  await tile.scrollIntoViewIfNeeded();
  await expect(page.getByRole("heading", { name: "Featured Products" })).not.toBeInViewport();
  await tile.click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Easter Collection Selected" }),
  ).toBeVisible();
  await expectProductsInView(page, "Easter Collection Products");
});

test("from the keyboard, a tile takes the focus on to the products' heading", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/crafts");
  await waitForHydration(page);
  const tile = page.getByRole("link", { name: /^Easter Collection/ }).first();
  await tile.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { name: "Easter Collection Products" });
  // Not left behind on the tile, off-screen above: the next Tab goes on from the products.
  await expect(heading).toBeFocused();
  await expectProductsInView(page, "Easter Collection Products");
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(
      () => document.getElementById("products")?.contains(document.activeElement) ?? false,
    ),
  ).toBe(true);
});

test("an unknown category shows its empty message", async ({ page }) => {
  await page.goto("/crafts?category=Nothing%20Here");
  await expect(page.getByText("No products available in the Nothing Here category")).toBeVisible();
});

test("/crafts has no axe violations", async ({ page }) => {
  await page.goto("/crafts");
  await expectAllDemoProducts(page);
  await expectNoAxeViolations(page);
});
