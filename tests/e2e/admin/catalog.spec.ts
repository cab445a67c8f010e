import fs from "node:fs";
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { axe, expect, holdLoaderData, test } from "#tests/playwright-utils.ts";

/*
 * Decision 008 end to end: products with an uploaded image and categories, the category form and
 * the category manager, each change seen on the public pages, and axe on every admin
 * catalogue page. Other specs share the server, so every row here has a unique name (sorted
 * after the demo categories, so the /crafts page description stays the demo's) and is
 * deleted again.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real PNG drawn by sharp, written where the test may keep files. */
async function pngFile(name: string, colour: string, width = 900, height = 700) {
  const file = test.info().outputPath(name);
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffffff"/></svg>`,
        ),
      },
    ])
    .png()
    .toFile(file);
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  return file;
}

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target)}`)).toEqual([]);
}

async function createCategoryWithForm(page: Page, name: string, special: boolean) {
  await page.goto("/admin/categories/new");
  await page.getByLabel("Category Name").fill(name);
  if (special) await page.getByRole("switch", { name: "Special Category" }).check();
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(toast(page, "Category created")).toBeVisible();
}

async function deleteCategoryFromList(page: Page, name: string) {
  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete "${name}"` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("admin catalogue", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a product with an image and two categories: create, see it on the shop, edit, delete", async ({
    page,
    loginAsAdmin,
  }) => {
    const tag = unique();
    const regular = `Zz Workshop ${tag}`;
    const special = `Zz Heritage ${tag}`;
    const name = `Zz Yellowwood Bowl ${tag}`;
    await loginAsAdmin();
    await createCategoryWithForm(page, regular, false);
    await createCategoryWithForm(page, special, true);

    await page.goto("/admin/products");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Add New Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The browser checks the product's rules before anything is sent.
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByText("Product name is required")).toBeVisible();
    await expect(page.getByText("Valid price is required")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Description").fill("Turned from one piece of yellowwood, oiled.");
    await page.getByLabel("Price (ZAR)").fill("1234.5");
    await page.getByLabel("Add photos").setInputFiles(await pngFile("bowl.png", "#b45309"));
    // The preview shows before anything is uploaded.
    await expect(page.getByRole("img", { name: "Preview of bowl.png" })).toBeVisible();
    const categories = page.getByRole("group", { name: "Categories" });
    await expect(categories.getByRole("group", { name: "Regular Categories" })).toContainText(
      regular,
    );
    await expect(categories.getByRole("group", { name: "Special Categories" })).toContainText(
      special,
    );
    await page.getByRole("checkbox", { name: regular }).check();
    await page.getByRole("checkbox", { name: special }).check();
    await page.getByRole("button", { name: "Create Product" }).click();

    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(toast(page, "Product created")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search products" }).fill(tag.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}`));
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("R 1 234,50");
    await expect(row.getByRole("list", { name: "Categories" })).toContainText(regular);
    await expect(row.getByRole("list", { name: "Categories" })).toContainText(special);

    // The shop shows it at once, with the uploaded image in several widths.
    await page.goto("/crafts");
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card).toContainText("R1234.50");
    await card.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("list", { name: "Categories" }).getByRole("link")).toHaveText(
      [special, regular].sort(),
    );
    const image = page.getByRole("img", { name });
    await expect(image).toHaveAttribute("srcset", /-320\.webp 320w, .*-640\.webp 640w/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const productUrl = page.url();

    // A category still used by the product is not deleted, and the notice says by how many.
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: `Delete "${regular}"` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Category" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page, "Error")).toContainText(
      "Failed to delete category. It may be in use by products. It is used by 1 product",
    );
    await expect(page.getByRole("row").filter({ hasText: regular })).toContainText("1");

    // Edit: new name and price, one category fewer.
    await page.goto(`/admin/products?q=${tag}`);
    await page.getByRole("link", { name: `Edit "${name}"` }).click();
    await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
    await expect(page.getByLabel("Price (ZAR)")).toHaveValue("1234.50");
    await expectNoAxeViolations(page);
    const renamed = `${name} (large)`;
    await page.getByLabel("Product Name").fill(renamed);
    await page.getByLabel("Price (ZAR)").fill("1500");
    await page.getByRole("checkbox", { name: special }).uncheck();
    await page.getByRole("button", { name: "Update Product" }).click();
    // Back to the list as it was searched, the product there under its new name.
    await expect(page).toHaveURL(`/admin/products?q=${tag}`);
    await expect(toast(page, "Product updated")).toBeVisible();
    await expect(page.getByRole("link", { name: `Edit "${renamed}"` })).toBeVisible();
    await page.goto(productUrl);
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("R1500.00");
    await expect(page.getByRole("list", { name: "Categories" }).getByRole("link")).toHaveText([
      regular,
    ]);

    // Delete through the dialog: it closes, the list reloads, the shop forgets the product.
    await page.goto(`/admin/products?q=${tag}`);
    await page.getByRole("button", { name: `Delete "${renamed}"` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Product" });
    await expect(dialog).toContainText(
      `Are you sure you want to delete "${renamed}"? This action cannot be undone.`,
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "Product deleted")).toContainText(
      `${renamed} has been successfully deleted.`,
    );
    await expect(page.getByText(`No products found for "${tag}"`)).toBeVisible();
    expect((await page.goto(productUrl))?.status()).toBe(404);

    // Now unused, both categories can go.
    await deleteCategoryFromList(page, regular);
    await expect(toast(page, "Category Deleted")).toBeVisible();
    await deleteCategoryFromList(page, special);
    await expect(page.getByRole("row").filter({ hasText: special })).toHaveCount(0);
  });

  test("categories through the form: create, refuse a clash, edit, delete", async ({
    page,
    loginAsAdmin,
  }) => {
    const tag = unique();
    const name = `Zz Arbor Day ${tag}`;
    await loginAsAdmin();
    await page.goto("/admin/categories");
    await expect(page.getByRole("heading", { name: "Categories Management" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Add New Category" }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/new$/);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(page.getByText("Category name is required")).toBeVisible();
    await page.getByLabel("Category Name").fill(name);
    await page.getByRole("switch", { name: "Special Category" }).check();
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(toast(page, "Category created")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Special");
    await expect(row).toContainText("No description");
    await expect(row.getByRole("cell").nth(2)).toHaveText("0");

    // The same name in other letters is refused with a clear message.
    await page.goto("/admin/categories/new");
    await page.getByLabel("Category Name").fill(name.toUpperCase());
    await page.getByRole("button", { name: "Create Category" }).click();
    await expect(
      page
        .getByRole("form", { name: "Add New Category" })
        .getByText(`A category named "${name}" already exists.`),
    ).toBeVisible();
    await expect(toast(page, "Error creating category")).toBeVisible();

    // Edit: new name, no longer special. The shop shows it at once.
    await page.goto("/admin/categories");
    await page.getByRole("link", { name: `Edit "${name}"` }).click();
    await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Special Category" })).toBeChecked();
    await expectNoAxeViolations(page);
    const renamed = `${name} Weekend`;
    await page.getByLabel("Category Name").fill(renamed);
    await page.getByRole("switch", { name: "Special Category" }).uncheck();
    await page.getByRole("button", { name: "Update Category" }).click();
    await expect(toast(page, "Category updated")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: renamed })).not.toContainText("Special");
    await page.goto("/crafts");
    // A tile without a picture reads "No image" first.
    await expect(page.getByRole("link", { name: renamed })).toBeVisible();

    // Delete: the dialog asks first; Cancel keeps it.
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: `Delete "${renamed}"` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await expect(dialog).toContainText(`Are you sure you want to delete "${renamed}"?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(1);
    await page.getByRole("button", { name: `Delete "${renamed}"` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Category Deleted")).toContainText(
      "The category has been successfully deleted.",
    );
    await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);
  });

  test("the category manager: create with an image, edit, delete", async ({
    page,
    loginAsAdmin,
  }) => {
    const tag = unique();
    const name = `Zz Beadwork ${tag}`;
    await loginAsAdmin();
    await page.goto("/admin/categories");
    await page.getByRole("link", { name: "Category Manager" }).click();
    await expect(page).toHaveURL(/\/admin\/categories\/manager$/);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Add New Category" }).first().click();
    await expect(page.getByRole("heading", { name: "New Category" })).toBeVisible();
    await page.getByRole("button", { name: "Save Category" }).click();
    await expect(page.getByText("Category name is required")).toBeVisible();
    await page.getByLabel("Category Name").fill(name);
    await page.getByLabel("Description").fill("Zulu beadwork, strung by hand.");
    // Wider than the server keeps: a PNG stays PNG, made 1280 px wide before it is sent.
    await page
      .getByLabel("Category Image")
      .setInputFiles(await pngFile("beads.png", "#0e7490", 2400, 1200));
    await expect(page.getByRole("img", { name: "Preview of beads.png" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Made smaller to upload" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save Category" }).click();
    await expect(toast(page, "Category created")).toBeVisible();
    const item = page
      .getByRole("region", { name: "Categories" })
      .getByRole("link", { name: new RegExp(name) });
    await expect(item).toContainText("0 products");
    // Thumbnails are decorative (alt=""): the name says it all.
    await expect(item.locator("img")).toHaveAttribute("src", /\/uploads\/categories\/.*\.webp$/);

    // The shop's category tile shows the picture.
    await page.goto("/crafts");
    const tile = page.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(tile.locator("img")).toHaveAttribute("srcset", /320w.*, \S+-1280\.webp 1280w$/);

    // Edit from the list; Cancel closes the form.
    await page.goto("/admin/categories/manager");
    await item.click();
    await expect(page.getByRole("heading", { name: `Edit "${name}"` })).toBeVisible();
    await expect(page.getByLabel("Category Name")).toHaveValue(name);
    await expect(page.getByRole("img", { name: "Current image" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: `Edit "${name}"` })).toBeHidden();
    await item.click();
    await page.getByLabel("Description").fill("Beadwork from KwaZulu-Natal.");
    await page.getByLabel("Category Image").setInputFiles(await pngFile("beads2.png", "#7c3aed"));
    await page.getByRole("button", { name: "Save Category" }).click();
    await expect(toast(page, "Category updated")).toBeVisible();
    await expect(item).toContainText("Beadwork from KwaZulu-Natal.");

    // Delete from the form, through the dialog.
    await item.click();
    await page.getByRole("button", { name: `Delete "${name}"` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Category Deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories\/manager$/);
    await expect(item).toHaveCount(0);
  });

  test("the lists say they are loading while the server answers", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto("/admin/products");
    // The term is put in the box without an input event: typed, it would also start a search
    // of its own after a pause (search as you type), on a slow machine before the click.
    await page
      .getByRole("searchbox", { name: "Search products" })
      .evaluate((box: HTMLInputElement) => {
        box.value = "walnut";
      });
    // Hold the lists' own data requests (not the layout's) until the loading state is seen.
    const products = await holdLoaderData(page, "routes/admin/products/index");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Loading products...")).toBeVisible();
    products.release();
    await expect(page.getByRole("row").filter({ hasText: "Walnut Phone Stand" })).toBeVisible();
    await expect(page.getByText("Loading products...")).toHaveCount(0);
    expect(products.held()).toBe(1);

    await page.unrouteAll({ behavior: "wait" });
    const categories = await holdLoaderData(page, "routes/admin/categories/index");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Categories", exact: true })
      .click();
    await expect(page.getByText("Loading categories...")).toBeVisible();
    categories.release();
    await expect(page.getByRole("heading", { name: "Categories Management" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Custom Gifts" })).toBeVisible();
  });

  test("a file over 5 MB the browser cannot redraw is refused there, before it is sent", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto("/admin/products/new");
    await page.getByLabel("Product Name").fill(`Zz Too Big ${unique()}`);
    await page.getByLabel("Price (ZAR)").fill("10");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // Hydrated (the hint names what this device does), then a slow phone: the attempt to
    // decode goes on only once the test has seen the message, so the click on Save is held.
    await expect(page.getByText(/made at most \d+ px wide on this device/)).toBeVisible();
    await page.evaluate(() => {
      const decode = HTMLImageElement.prototype.decode;
      const slowPhone = window as unknown as { finishDecoding: () => void };
      const decodable = new Promise<void>((resolve) => {
        slowPhone.finishDecoding = resolve;
      });
      HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
        return decodable.then(() => decode.call(this));
      };
    });
    await page.getByLabel("Add photos").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByRole("button", { name: "Create Product" }).click();
    const making = page.getByText("Making the photo smaller before it is sent…");
    await expect(making).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { finishDecoding: () => void }).finishDecoding(),
    );
    await expect(page.getByText("The image is larger than 5.0 MB.")).toBeVisible();
    // No copy could be made: the held save went on (and was refused), and says nothing stale.
    await expect(making).toHaveCount(0);
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
  });

  test("a phone photo over 5 MB is made smaller on the device, sent upright and saved", async ({
    page,
    loginAsAdmin,
  }) => {
    // What a phone's camera gives: thousands of pixels wide, over the 5 MB limit, and stored
    // sideways with an EXIF orientation (6: turn 90° clockwise to show it upright).
    const photo = test.info().outputPath("IMG_0042.jpg");
    await sharp({
      create: {
        width: 3600,
        height: 2400,
        channels: 3,
        // Noise compresses as badly as a photo can; sharp's type asks for a background too.
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toFile(photo);
    const photoBytes = fs.statSync(photo).size;
    expect(photoBytes).toBeGreaterThan(5 * 1024 * 1024);

    const name = `Zz Phone Photo ${unique()}`;
    await loginAsAdmin();
    await page.goto("/admin/products/new");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Price (ZAR)").fill("99");
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    await page.getByLabel("Add photos").setInputFiles(photo);
    // Saved at once: a click while the smaller copy is being made waits for it.
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(toast(page, "Product created")).toBeVisible();
    expect(posts).toHaveLength(1);
    // What went over the network: the request's length (Playwright keeps no copy of a
    // multipart body with a file).
    const sent = Number((await posts[0]!.allHeaders())["content-length"]);
    expect(sent).toBeGreaterThan(100_000);
    expect(sent).toBeLessThan(photoBytes / 2);

    // The shop shows it upright (taller than wide) at the largest width the server keeps.
    await page.goto("/crafts");
    await page.getByRole("article").filter({ hasText: name }).getByRole("link", { name }).click();
    const image = page.getByRole("img", { name });
    await expect(image).toHaveAttribute("srcset", /-1280\.webp 1280w/);
    const largest = (await image.getAttribute("srcset"))!.match(/(\S+-1280\.webp)/)![1]!;
    const stored = await sharp(await (await page.request.get(largest)).body()).metadata();
    expect(stored.width).toBe(1280);
    expect(stored.height).toBe(1920);

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Delete "${name}"` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete Product" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(toast(page, "Product deleted")).toBeVisible();
  });

  test("every admin catalogue page fits a 360 px screen", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/admin/categories/manager");
    const first = page.getByRole("region", { name: "Categories" }).getByRole("link").first();
    const editHref = await first.getAttribute("href");
    await page.goto("/admin/products");
    const productHref = await page
      .getByRole("link", { name: /^Edit/ })
      .first()
      .getAttribute("href");
    for (const path of [
      "/admin/products",
      "/admin/products/new",
      productHref!,
      "/admin/categories",
      "/admin/categories/new",
      "/admin/categories/manager",
      editHref!,
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
