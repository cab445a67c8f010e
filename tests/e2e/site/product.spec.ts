import { expect, requestGate, test } from "#tests/playwright-utils.ts";
import { cartBadge, expectNoAxeViolations } from "./shop-helpers.ts";

test("a product page: price, all categories, related products, Add to Cart", async ({ page }) => {
  await page.goto("/crafts");
  await page.getByRole("link", { name: "Engraved Wooden Jewellery Box", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Engraved Wooden Jewellery Box" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const main = page.getByRole("main");
  await expect(main.getByText("R450.00").first()).toBeVisible();
  const tags = page.getByRole("list", { name: "Categories" }).getByRole("link");
  await expect(tags).toHaveText(["Custom Gifts", "Mother's Day Gifts"]);

  const related = page.getByRole("region", { name: "You may also like" }).getByRole("article");
  const count = await related.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(4);
  const names = await related.getByRole("heading").allTextContents();
  expect(new Set(names).size).toBe(names.length);
  expect(names).not.toContain("Engraved Wooden Jewellery Box");

  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(ld).toMatchObject({
    "@type": "Product",
    name: "Engraved Wooden Jewellery Box",
    offers: { priceCurrency: "ZAR", price: "450.00" },
  });

  await page.getByRole("button", { name: "Add to Cart: Engraved Wooden Jewellery Box" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Added to Cart" }),
  ).toContainText("Engraved Wooden Jewellery Box has been added to your cart.");
  await expect(cartBadge(page)).toHaveText("1");

  await tags.filter({ hasText: "Custom Gifts" }).click();
  await expect(page.getByRole("heading", { name: "Custom Gifts Products" })).toBeVisible();
});

for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
  test(`an unknown product (${id}) is 'Product not found' with status 404`, async ({ page }) => {
    const response = await page.goto(`/products/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Crafts" }).click();
    await expect(page).toHaveURL(/\/crafts$/);
  });
}

test("a skeleton shows while a product page loads during client-side navigation", async ({
  page,
}) => {
  await page.goto("/crafts");
  // Hold the product's data request until the loading state has been seen.
  const productData = requestGate();
  await page.route(/\/products\/[^/?]+\.data/, async (route) => {
    await productData.wait();
    await route.continue();
  });
  await page.getByRole("link", { name: "Resin Coaster Set", exact: true }).click();
  await expect(page.getByRole("status", { name: "Loading product" })).toBeVisible();
  productData.release();
  await expect(page.getByRole("heading", { level: 1, name: "Resin Coaster Set" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading product" })).toHaveCount(0);
});

test("a product page has no axe violations", async ({ page }) => {
  await page.goto("/crafts");
  await page.getByRole("link", { name: "LED Name Night Light", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "LED Name Night Light" })).toBeVisible();
  await expectNoAxeViolations(page);
});
