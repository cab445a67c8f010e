import type { Locator, Page } from "@playwright/test";
import { expect, test, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { waitForHydration } from "./hydration.ts";

/*
 * WCAG 2.4.11 Focus Not Obscured: what the keyboard focuses is never under the fixed (public)
 * or sticky (admin, phones) bar, and the open phone menu closes once the focus leaves it.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** Puts `target` under the bar, then reaches it with Shift+Tab from the next stop. */
async function shiftTabOntoUnderBar(page: Page, target: Locator) {
  await target.evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    window.scrollBy({ top: top - 20, behavior: "instant" });
    const stops = [
      ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea"),
    ].filter((candidate) => candidate.offsetParent !== null && candidate.tabIndex >= 0);
    stops[stops.indexOf(element as HTMLElement) + 1]!.focus({ preventScroll: true });
  });
  expect(await target.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(40);
  await page.keyboard.press("Shift+Tab");
  await expect(target).toBeFocused();
}

/** The page scrolls smoothly (scroll-behavior), so the check waits for it to settle. */
async function expectBelow(bar: Locator, target: Locator) {
  await expect
    .poll(
      async () => {
        const barBottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
        const top = await target.evaluate((element) => element.getBoundingClientRect().top);
        return top - barBottom;
      },
      { message: "the focused control starts below the bar" },
    )
    .toBeGreaterThanOrEqual(0);
}

test("public: Shift+Tab onto a control under the fixed bar brings it out from under it", async ({
  page,
}) => {
  await page.goto("/digital");
  await waitForHydration(page);
  const submit = page.getByRole("button", { name: "Submit Request" });
  await shiftTabOntoUnderBar(page, submit);
  await expectBelow(page.getByRole("banner"), submit);
});

test("public: the phone menu closes when the focus tabs on past its last link", async ({
  page,
}) => {
  await page.goto("/digital");
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const quote = page.getByRole("banner").getByRole("link", { name: "Get a Quote" }).last();
  await quote.focus();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("admin: Shift+Tab onto a row's button under the sticky bar brings it out", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto("/admin/products");
  const edit = page.getByRole("link", { name: /^Edit/ }).nth(3);
  await waitUntilHydrated(page.getByRole("button", { name: "Open admin menu" }));
  await shiftTabOntoUnderBar(page, edit);
  await expectBelow(page.getByRole("banner"), edit);
});

test("admin: the first Tab offers Skip to content, past the sidebar's links", async ({
  page,
  loginAsAdmin,
}) => {
  await loginAsAdmin();
  await page.goto("/admin/products");
  await waitUntilHydrated(page.getByRole("button", { name: "Open admin menu" }));
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
    "the next stop is in the page's content",
  ).toBe(true);
});
