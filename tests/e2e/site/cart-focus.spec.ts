import type { Page } from "@playwright/test";
import { expect, test, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { addFromList } from "./shop-helpers.ts";

/*
 * WCAG 2.4.3 Focus Order on /cart: removing a line takes its Remove button away with it.
 * Focus then goes to the Remove button of the line that took its place (or of the line
 * before, for the last one), and to the 'Your cart is empty' heading when none is left:
 * never to <body>, the top of the page.
 */

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? "none");

test("removing a line with the keyboard keeps the focus in the cart", async ({ page }) => {
  await page.goto("/crafts");
  for (const name of ["Scented Soy Candle Trio", "Personalised Photo Frame", "Resin Coaster Set"]) {
    await addFromList(page, name);
  }
  await page.goto("/cart");
  const remove = (name: string) =>
    page.getByRole("article", { name }).getByRole("button", { name: `Remove ${name}` });
  await expect(remove("Resin Coaster Set")).toBeVisible();

  // The first line: the next line's Remove button takes the focus.
  const candles = remove("Scented Soy Candle Trio");
  await waitUntilHydrated(candles);
  await candles.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: "Scented Soy Candle Trio" })).toHaveCount(0);
  await expect(remove("Personalised Photo Frame")).toBeFocused();

  // The last line: the one before it.
  await remove("Resin Coaster Set").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: "Resin Coaster Set" })).toHaveCount(0);
  await expect(remove("Personalised Photo Frame")).toBeFocused();

  // The only line: the empty cart's heading.
  await page.keyboard.press("Enter");
  const empty = page.getByRole("heading", { name: "Your cart is empty" });
  await expect(empty).toBeVisible();
  await expect(empty).toBeFocused();
  expect(await focusedTag(page)).not.toBe("BODY");
});

test("Clear Cart moves the focus to the empty cart's heading", async ({ page }) => {
  await page.goto("/crafts");
  await addFromList(page, "Scented Soy Candle Trio");
  await page.goto("/cart");
  const clear = page.getByRole("button", { name: "Clear Cart" });
  await waitUntilHydrated(clear);
  await clear.focus();
  await page.keyboard.press("Enter");
  const empty = page.getByRole("heading", { name: "Your cart is empty" });
  await expect(empty).toBeFocused();
  expect(await focusedTag(page)).not.toBe("BODY");
});

test("a quantity button that reaches its limit hands the focus to the other one", async ({
  page,
}) => {
  await page.goto("/crafts");
  await addFromList(page, "Resin Coaster Set");
  await page.goto("/cart");
  const line = page.getByRole("article", { name: "Resin Coaster Set" });
  const increase = line.getByRole("button", { name: "Increase quantity of Resin Coaster Set" });
  const decrease = line.getByRole("button", { name: "Decrease quantity of Resin Coaster Set" });
  await waitUntilHydrated(increase);
  await increase.focus();
  await page.keyboard.press("Enter");
  await expect(line.getByRole("status", { name: "Quantity of Resin Coaster Set" })).toHaveText("2");
  await expect(increase).toBeFocused();
  // Back to 1: Decrease is disabled (docs/product.md §2.10), and Increase has the focus.
  await decrease.focus();
  await page.keyboard.press("Enter");
  await expect(decrease).toBeDisabled();
  await expect(increase).toBeFocused();
});
