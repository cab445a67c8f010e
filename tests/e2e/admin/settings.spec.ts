import fs from "node:fs";
import path from "node:path";
import { axe, expect, test, toast } from "#tests/playwright-utils.ts";
import { waitForHydration } from "../site/hydration.ts";
import { findEmail, placeOrder, uniqueTag } from "./operations-helpers.ts";

/*
 * Settings → Business details (decision 042, docs/product.md §3.17): the owner changes the
 * phone number and the hours, and sees them on /contact, in the footer and in the next
 * order's e-mail. It changes what every page shows, so it runs with the specs that run alone
 * (playwright.config.ts), and puts the first values back at the end.
 */

const NEW_PHONE = "031 555 0123";

async function openSettings(page: import("@playwright/test").Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

test("change the phone number and hours, then see them on /contact, in the footer and in the next order's e-mail", async ({
  page,
  loginAsAdmin,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin();
  await openSettings(page);
  expect((await axe(page)).violations).toEqual([]);
  const phone = page.getByLabel("Phone", { exact: true });
  const firstPhone = await phone.inputValue();
  const saturday = page.getByRole("checkbox", { name: "Saturday" });
  const note = page.getByLabel("Note under the hours (optional)");
  try {
    // A number that is not one is refused, with the checkout's words, and nothing is saved.
    await phone.fill("12345");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(page.getByText(/Please enter a valid phone number/)).toBeVisible();

    await phone.fill(NEW_PHONE);
    await saturday.uncheck();
    await note.fill("Closed on public holidays.");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(toast(page, "Business details saved")).toBeVisible();
    const saved = page.getByRole("status").filter({ hasText: "Saved." });
    await expect(saved).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);

    await saved.getByRole("link", { name: "View on site" }).click();
    await expect(page).toHaveURL("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: NEW_PHONE })).toHaveAttribute(
      "href",
      "tel:+27315550123",
    );
    await expect(main.getByText("Sat-Sun:")).toBeVisible();
    await expect(main.getByText("Closed on public holidays.")).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: NEW_PHONE }),
    ).toBeVisible();

    const buyer = `${uniqueTag("settings")}@example.co.za`;
    await placeOrder({ name: "Lindiwe Settings", email: buyer, phone: "082 555 0142" });
    const eml = await findEmail("order.customer", (text) => text.includes(buyer));
    expect(eml.replace(/=\r?\n/g, "")).toContain(NEW_PHONE);
  } finally {
    // The first values again, for the specs after this one.
    await openSettings(page);
    await phone.fill(firstPhone);
    await saturday.check();
    await page.getByLabel("Saturday opens").fill("10:00");
    await page.getByLabel("Saturday closes").fill("14:00");
    await note.fill("");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(toast(page, "Business details saved")).toBeVisible();
  }
});

test("the settings page fits a phone and works without its script", async ({
  browser,
  loginAsAdmin,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAsAdmin();
  await openSettings(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await axe(page)).violations).toEqual([]);

  // Without JavaScript: the form posts and the server answers with its message.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto("/admin/settings");
  await plain.getByLabel("Branch code").fill("123");
  await plain.getByRole("button", { name: "Save business details" }).click();
  await expect(plain.getByText("Please enter the 6-digit branch code.")).toBeVisible();
  await context.close();
});

test("swap a hero tile of the shop, then put it back", async ({ page, loginAsAdmin }) => {
  test.setTimeout(60_000);
  await loginAsAdmin();
  await page.goto("/admin/settings/hero-tiles");
  await expect(page.getByRole("link", { name: "Shop hero tiles" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect((await axe(page)).violations).toEqual([]);
  const tile2 = page.getByRole("group", { name: "Tile 2" });
  const category = tile2.getByLabel("Category");
  const firstCategory = await category.inputValue();
  const firstLine = await tile2.getByLabel("Line under the name").inputValue();
  const heroNames = async () => {
    await page.goto("/crafts");
    return page.getByRole("main").locator("section").first().getByRole("listitem").allInnerTexts();
  };
  try {
    await category.selectOption({ label: "Home Décor" });
    await tile2.getByLabel("Line under the name").fill("For every room in the house");
    await tile2.getByLabel("Icon").selectOption({ label: "Star" });
    await page.getByRole("button", { name: "Save hero tiles" }).click();
    await expect(toast(page, "Hero tiles saved")).toBeVisible();
    const names = await heroNames();
    expect(names[1]).toContain("Home Décor");
    expect(names[1]).toContain("For every room in the house");
    // The tile leads to its category's products.
    await page
      .getByRole("link", { name: /Home Décor/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/crafts\?category=Home\+D%C3%A9cor#products/);
  } finally {
    await page.goto("/admin/settings/hero-tiles");
    await category.selectOption(firstCategory);
    await tile2.getByLabel("Line under the name").fill(firstLine);
    await tile2.getByLabel("Icon").selectOption({ label: "Egg" });
    await page.getByRole("button", { name: "Save hero tiles" }).click();
    await expect(toast(page, "Hero tiles saved")).toBeVisible();
  }
});

test("write the About section and upload a small video, then play it on the home page", async ({
  page,
  loginAsAdmin,
}) => {
  test.setTimeout(90_000);
  const webm = fs
    .readdirSync("public/media")
    .find((name) => name.startsWith("about-kwezi.") && name.endsWith(".webm"))!;
  const tag = uniqueTag("about-");
  await loginAsAdmin();
  await page.goto("/admin/settings/about");
  expect((await axe(page)).violations).toEqual([]);
  const heading = page.getByLabel("Heading");
  const text = page.getByLabel("Text", { exact: true });
  const firstHeading = await heading.inputValue();
  const firstText = await text.inputValue();
  try {
    await heading.fill(`Who we are ${tag}`);
    await text.fill(`We build things in Durban.\n\nSince 2015, ${tag}.`);
    await page.getByLabel("A video file I upload").check();
    await page
      .getByLabel("Video file (for an uploaded video)")
      .setInputFiles(path.join("public/media", webm));
    await page.getByLabel("Video title (for your own video)").fill("Our workshop tour");
    await page.getByRole("button", { name: "Save About section" }).click();
    await expect(toast(page, "About section saved")).toBeVisible();
    await expect(
      page.getByRole("status").getByRole("link", { name: "View on site" }),
    ).toBeVisible();

    await page.goto("/");
    await waitForHydration(page);
    const about = page.locator("#about");
    await expect(about.getByRole("heading", { name: `Who we are ${tag}` })).toBeVisible();
    await expect(about.getByText(`Since 2015, ${tag}.`)).toBeVisible();
    await about.getByRole("button", { name: "Play video: Our workshop tour" }).click();
    const video = about.locator("video");
    await expect(video).toHaveAttribute("src", /^\/uploads\/videos\/[0-9a-f]{32}\.webm$/);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.2);
    // It seeks: the file is served in byte ranges.
    const src = (await video.getAttribute("src"))!;
    const part = await page.request.get(src, { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  } finally {
    await page.goto("/admin/settings/about");
    await heading.fill(firstHeading);
    await text.fill(firstText);
    await page.getByLabel("The company video that came with the website").check();
    await page.getByRole("button", { name: "Save About section" }).click();
    await expect(toast(page, "About section saved")).toBeVisible();
  }
});
