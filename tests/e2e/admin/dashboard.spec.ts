import type { Locator } from "@playwright/test";
import { DEMO_PRODUCTS } from "#app/server/catalog/demo-catalogue.server.ts";
import { axe, expect, test } from "#tests/playwright-utils.ts";

async function expectAtLeastDemoProducts(card: Locator) {
  const count = card.getByTestId("count-/admin/products");
  await expect(count).toHaveText(/^\d+$/);
  expect(Number(await count.textContent())).toBeGreaterThanOrEqual(DEMO_PRODUCTS.length);
}

test.describe("admin dashboard", () => {
  test("shows the database's counts on four clickable cards, the chart and the welcome panel", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const main = page.getByRole("main");
    const card = (name: string) => main.getByRole("link", { name: new RegExp(`^${name}`) });
    // The e2e server starts on a fresh database seeded with the demo catalogue (admin specs
    // running at the same time may add products of their own).
    await expectAtLeastDemoProducts(card("Products"));
    for (const name of ["Orders", "Newsletter Subscribers", "Quote Requests"]) {
      await expect(card(name)).toContainText(/\d+/);
    }
    await expect(card("Orders")).toContainText(/\d+ pending/);
    await expect(card("Quote Requests")).toContainText(/\d+ open/);
    await expect(main.getByRole("heading", { name: "Orders per week" })).toBeVisible();
    await expect(main.getByRole("table", { name: "Orders per week, oldest first" })).toBeAttached();
    await expect(main.getByText("Create special categories such as Mother's Day")).toBeVisible();
    const a11y = await axe(page);
    expect(a11y.violations).toEqual([]);

    await card("Quote Requests").click();
    await expect(page).toHaveURL("/admin/quote-requests");
    // Back to the dashboard by client navigation: the numbers arrive again.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    await expectAtLeastDemoProducts(card("Products"));
  });
});
