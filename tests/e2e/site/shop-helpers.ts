import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 AA through axe: no violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

/** The product cards of the listing (one article per product). */
export function productCards(page: Page) {
  return page.getByRole("region", { name: /Products$/ }).getByRole("article");
}

/** Adds a product from the /crafts listing by its name. */
export async function addFromList(page: Page, name: string) {
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .getByRole("button", { name: /Add to Cart/ })
    .click();
}

export function cartBadge(page: Page) {
  return page.getByTestId("cart-badge");
}
