import type { Page } from "@playwright/test";
import sharp from "sharp";
import { axe, expect, test } from "#tests/playwright-utils.ts";

/*
 * Decision 039 end to end: a product with three photos added at once on a phone, reordered by
 * dragging and by the Move buttons from the keyboard; the product page's gallery on a 390 px
 * screen by keyboard, thumbnails and a swipe (a scroll of the strip); and without JavaScript
 * the photos as a list. Screenshots at 390 and 1280 px go to the test's output.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE = { width: 390, height: 844 };
const COMPUTER = { width: 1280, height: 900 };

async function photo(name: string, colour: string) {
  const file = test.info().outputPath(name);
  await sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="800"><text x="400" y="470" font-size="220" text-anchor="middle" fill="#fff">${name[0]}</text></svg>`,
        ),
      },
    ])
    .png()
    .toFile(file);
  return file;
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
}

const currentOrder = (page: Page) =>
  page
    .getByRole("list", { name: "Current photos" })
    .locator("li")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-photo")));

test.describe("product photos", () => {
  test.describe.configure({ timeout: 180_000 });

  test("three photos added on a phone, reordered, and the gallery by keyboard and swipe", async ({
    page,
    loginAsAdmin,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    const name = `Zz Photo Box ${unique()}`;
    await loginAsAdmin();
    await page.goto("/admin/products/new");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Price (ZAR)").fill("450");
    await page
      .getByLabel("Add photos")
      .setInputFiles([
        await photo("A.png", "#b45309"),
        await photo("B.png", "#0e7490"),
        await photo("C.png", "#7c3aed"),
      ]);
    await expect(page.getByRole("list", { name: "Photos to add" }).getByRole("img")).toHaveCount(3);
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit "${name}"` }).click();
    await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}/);
    const productId = new URL(page.url()).pathname.split("/").at(-1)!;
    const photos = page.getByRole("list", { name: "Current photos" });
    await expect(photos.locator("li")).toHaveCount(3);
    await expect(photos.locator("li").first()).toContainText("Cover");
    const [a, b, c] = (await currentOrder(page)) as [string, string, string];
    await expectNoAxeViolations(page);
    await photos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("admin-photos-390.png"), fullPage: true });

    // By keyboard: the third photo moved up twice is the cover.
    await page.getByRole("button", { name: "Move photo 3 up" }).focus();
    await page.keyboard.press("Enter");
    // The focus stays with the moved photo, so Enter again moves it on.
    await expect(page.getByRole("button", { name: "Move photo 2 up" })).toBeFocused();
    await page.keyboard.press("Enter");
    // At the top its Move up is disabled: the focus is on its Move down.
    await expect(page.getByRole("button", { name: "Move photo 1 down" })).toBeFocused();
    expect(await currentOrder(page)).toEqual([c, a, b]);
    await expect(photos.locator("li").first()).toContainText("Cover");
    await expect(page.getByRole("status").filter({ hasText: "moved to position 1" })).toHaveText(
      "Photo 2 moved to position 1 of 3: it is the cover.",
    );
    // By dragging: the last photo onto the second place.
    await photos.locator("li").nth(2).dragTo(photos.locator("li").nth(1));
    expect(await currentOrder(page)).toEqual([c, b, a]);

    await page.setViewportSize(COMPUTER);
    await page.screenshot({
      path: test.info().outputPath("admin-photos-1280.png"),
      fullPage: true,
    });
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?q=/);

    // The cart is re-priced with the new cover.
    const prices = await (await page.request.get(`/resources/cart-prices?id=${productId}`)).text();
    expect(prices).toContain(c);
    expect(prices).not.toContain(a);
    await page.goto(`/products/${productId}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // The gallery: the cover loaded at once, the others lazily; all in order.
    const track = page.getByRole("list", { name: "Photos", exact: true });
    const images = track.getByRole("img");
    await expect(images).toHaveCount(3);
    expect(await images.evaluateAll((list) => list.map((img) => img.getAttribute("src")))).toEqual([
      c,
      b,
      a,
    ]);
    expect(
      await images.evaluateAll((list) => list.map((img) => img.getAttribute("loading"))),
    ).toEqual(["eager", "lazy", "lazy"]);
    const counter = page.getByText(/^Photo \d of 3$/);
    await expect(counter).toHaveText("Photo 1 of 3");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath("product-gallery-390.png") });

    // Keyboard: the strip takes focus, the arrow keys move through the photos.
    await track.focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("Photo 2 of 3");
    await expect
      .poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth)))
      .toBe(1);
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("Photo 1 of 3");
    // A thumbnail, by keyboard.
    const thumbs = page.getByRole("list", { name: "Choose a photo" });
    await thumbs.getByRole("link", { name: "Show photo 3" }).focus();
    await page.keyboard.press("Enter");
    await expect(counter).toHaveText("Photo 3 of 3");
    await expect(thumbs.getByRole("link", { name: "Show photo 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("button", { name: "Next photo" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous photo" }).click();
    await expect(counter).toHaveText("Photo 2 of 3");
    // A swipe is the browser scrolling the strip: the gallery follows it.
    await track.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
    await expect(counter).toHaveText("Photo 1 of 3");
    expect(new URL(page.url()).hash).toBe("");

    await page.setViewportSize(COMPUTER);
    await page.screenshot({ path: test.info().outputPath("product-gallery-1280.png") });
    const productUrl = page.url();

    // Without JavaScript: the photos as a list, one under the other, no thumbnails.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const plain = await context.newPage();
      await plain.goto(productUrl);
      const list = plain.getByRole("list", { name: "Photos", exact: true });
      await expect(list.getByRole("listitem")).toHaveCount(3);
      const boxes = await list.getByRole("img").evaluateAll((list) =>
        list.map((img) => {
          const box = img.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, width: box.width };
        }),
      );
      expect(boxes[1]!.top).toBeGreaterThanOrEqual(boxes[0]!.bottom);
      expect(boxes[2]!.top).toBeGreaterThanOrEqual(boxes[1]!.bottom);
      expect(boxes.every((box) => box.width > 300)).toBe(true);
      await expect(plain.getByRole("list", { name: "Choose a photo" })).toBeHidden();
      await plain.screenshot({
        path: test.info().outputPath("product-nojs-390.png"),
        fullPage: true,
      });
    } finally {
      await context.close();
    }

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Delete "${name}"` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Product" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText(`No products found for "${name}"`)).toBeVisible();
  });
});
