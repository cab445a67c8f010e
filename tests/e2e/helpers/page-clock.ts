import type { Page } from "@playwright/test";
import { expect } from "#tests/playwright-utils.ts";

/** The pages' clocks stand still unless a test moves them (a busy machine cannot skew them). */
export const FROZEN_START = Date.UTC(2026, 0, 5, 8, 0, 0);

export async function freezeClock(page: Page) {
  await page.clock.install({ time: FROZEN_START });
  await page.clock.pauseAt(FROZEN_START + 1000);
}

/** Lets the frozen page run its zero-delay timers (the toaster uses them) until `check` passes. */
export async function settle(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.runFor(1);
    await check();
  }).toPass({ timeout: 10_000 });
}
