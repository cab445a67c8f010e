import type { Locator, Page } from "@playwright/test";
import { expect, test, toast, waitUntilHydrated } from "#tests/playwright-utils.ts";
import { addFromList } from "../site/shop-helpers.ts";
import { placeOrder, uniqueTag } from "./operations-helpers.ts";

/*
 * Notices on a phone (390 px wide): at the bottom, clear of the page's title and of a
 * dialog's header and close button, which they covered at the top; still announced (sonner's
 * live region). On a wide screen they sit at the bottom right.
 */

const PHONE = { width: 390, height: 844 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "on screen").not.toBeNull();
  return found!;
}

/** Whether two boxes share any pixel. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The shown notice, once it has finished moving in. */
async function settledToast(page: Page, title: string) {
  const shown = toast(page, title);
  await expect(shown).toBeVisible();
  const notice = page.locator("[data-sonner-toast]").filter({ hasText: title });
  // Moved in: sonner marks it mounted, which starts its transitions, and none of the
  // notices' transitions is still running.
  await expect(notice).toHaveAttribute("data-mounted", "true");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toaster]")].every((toaster) =>
      toaster.getAnimations({ subtree: true }).every((a) => a.playState !== "running"),
    ),
  );
  return notice;
}

async function expectClear(notice: Locator, ...controls: Locator[]) {
  const noticeBox = await box(notice);
  for (const control of controls) {
    expect(overlap(noticeBox, await box(control)), String(control)).toBe(false);
  }
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("Add to Cart's notice leaves the title clear, and is in a live region", async ({ page }) => {
    await page.goto("/crafts");
    await waitUntilHydrated(page.getByRole("button", { name: /Add to Cart/ }).first());
    await addFromList(page, "Walnut Phone Stand");
    const notice = await settledToast(page, "Added to Cart");
    await expectClear(notice, page.getByRole("heading", { level: 1 }), page.getByRole("banner"));
    // Sonner announces from its region (aria-live) wherever it sits.
    await expect(page.locator("section[aria-live]").filter({ has: notice })).toHaveCount(1);
    expect((await box(notice)).y).toBeGreaterThan(PHONE.height / 2);
  });

  test("sign-in's and a status change's notices leave the title and the dialog's header clear", async ({
    page,
    loginAsAdmin,
  }) => {
    const name = `Toast ${uniqueTag("toast")}`;
    await placeOrder({ name, email: `${uniqueTag("toast")}@example.co.za`, phone: "083 555 0199" });
    await loginAsAdmin();
    const signedIn = await settledToast(page, "Login Successful");
    await expectClear(signedIn, page.getByRole("heading", { level: 1, name: "Dashboard" }));

    await page.goto(`/admin/orders?q=${encodeURIComponent(name)}`);
    const card = page.getByRole("main").getByRole("link", { name: new RegExp(name) });
    await waitUntilHydrated(card);
    await card.click();
    const dialog = page.getByRole("dialog");
    const select = dialog.getByRole("combobox", { name: "Status" });
    await waitUntilHydrated(select);
    await select.selectOption("processing");
    const updated = await settledToast(page, "Status updated");
    await expectClear(
      updated,
      dialog.getByRole("heading").first(),
      dialog.getByRole("button", { name: "Close" }).first(),
      select,
    );
  });
});

test("on a wide screen the notices sit at the bottom right, clear of the bar and the title", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/crafts");
  await waitUntilHydrated(page.getByRole("button", { name: /Add to Cart/ }).first());
  await addFromList(page, "Walnut Phone Stand");
  const notice = await settledToast(page, "Added to Cart");
  const at = await box(notice);
  expect(at.y).toBeGreaterThan(400);
  expect(at.x).toBeGreaterThan(640);
  await expectClear(notice, page.getByRole("banner"), page.getByRole("heading", { level: 1 }));
});
