import fs from "node:fs";
import { axe, expect, test } from "#tests/playwright-utils.ts";
import { uniquePhone } from "../helpers/forms.ts";
import { openAdmin } from "../site/shop-helpers.ts";
import { placeOrder, subscribe, uniqueTag } from "./operations-helpers.ts";

/*
 * docs/product.md §3.16: a person asks what the shop holds about them, then to be erased. The
 * admin looks the address up, downloads it as JSON and erases it; the order stays, anonymous.
 */

test("look a person up, download their data, erase it; the order stays without their details", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag("privacy");
  const email = `${tag}@example.co.za`;
  await placeOrder({ name: `Private ${tag}`, email, phone: uniquePhone() });
  await subscribe(email);

  const admin = await openAdmin(browser);
  try {
    const page = admin.page;
    await page.goto("/admin/personal-data");
    await page.getByLabel("E-mail address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Look up" }).click();
    const found = page.getByRole("region", { name: `Stored about ${email}` });
    await expect(found).toBeVisible();
    await expect(found.getByRole("definition").first()).toHaveText("1");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await axe(page)).violations, `axe at ${width} px`).toEqual([]);
    }

    const downloading = page.waitForEvent("download");
    await found.getByRole("link", { name: "Download as JSON" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`personal-data-${email}.json`);
    const json = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(json.orders[0].name).toBe(`Private ${tag}`);
    expect(json.newsletterSubscription.email).toBe(email);

    // Erasing asks for the box to be ticked first.
    await found.getByRole("button", { name: "Erase personal data" }).click();
    await expect(page.getByRole("region", { name: `Stored about ${email}` })).toBeVisible();
    await found.getByLabel(/I understand that erasing cannot be undone/).check();
    await found.getByRole("button", { name: "Erase personal data" }).click();
    await expect(page.getByText("Personal data erased").first()).toBeVisible();

    await page.goto(`/admin/personal-data?email=${encodeURIComponent(email)}`);
    await expect(
      page.getByRole("heading", { name: `Nothing is stored about ${email}` }),
    ).toBeVisible();
    // The order is kept for the accounting period, without the person.
    await page.goto(`/admin/orders?${new URLSearchParams({ q: "Erased customer" })}`);
    await expect(page.getByRole("main")).toContainText("Erased customer");
    await expect(page.getByRole("main")).not.toContainText(`Private ${tag}`);
  } finally {
    await admin.close();
  }
});
