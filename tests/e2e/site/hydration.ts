import { expect, type Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the public page: the footer newsletter form adds its
 * `enhanced` field only in the browser. Timers (popup, hero rotation) start from then on.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('input[name="enhanced"]').first()).toBeAttached();
}
