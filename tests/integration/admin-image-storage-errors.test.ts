import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import { uploadsDirectory } from "#app/server/storage/storage.server.ts";
import { categories, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { databaseFingerprint } from "#tests/setup/db-fingerprint.ts";
import { filesUnder, pngImage } from "#tests/setup/images.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * docs/product.md §8.3 'Error uploading image: <reason>': an image we accept but cannot store (a real
 * disk failure, not a stand-in) is reported as an upload error with the reason, and leaves
 * nothing half-written: no product or category row changes, no file stays behind.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let dataDir: string;
let uploads: string;

const FOLDER_REASON = "The image storage folder on the server is missing or is not a folder.";
const NOT_A_FOLDER = "this regular file stands where the uploads folder should be\n";

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  dataDir = services.env.DATA_DIR;
  uploads = uploadsDirectory(services.env);
  const admin = await createTestUser(services.db, { admin: true });
  cookie = (await signedInCookie(services, admin.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

/** Every file under DATA_DIR (the blocking file included), to see that nothing was added. */
function allFiles() {
  return filesUnder(dataDir).map((f) => `${f}:${fs.statSync(path.join(dataDir, f)).size}`);
}

function blockUploadsWithAFile() {
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.writeFileSync(uploads, NOT_A_FOLDER);
}

function restoreUploadsFolder() {
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.mkdirSync(uploads);
}

const post = (target: string, form: FormData) =>
  app.request(target, { method: "POST", body: form, headers: { Cookie: cookie } });

function productForm(name: string, image: Buffer) {
  const form = new FormData();
  form.set("name", name);
  form.set("price", "25.00");
  form.set("image", new File([new Uint8Array(image)], "photo.png", { type: "image/png" }));
  return form;
}

function managerForm(name: string, image: Buffer, id?: string) {
  const form = new FormData();
  form.set("intent", "save");
  if (id) form.set("id", id);
  form.set("name", name);
  form.set("description", "Made by hand");
  form.set("image", new File([new Uint8Array(image)], "category.png", { type: "image/png" }));
  return form;
}

/** The answer an admin gets, for a form posted as a page and as a data request (JS). */
async function expectUploadError(response: Response, reason: string) {
  expect(response.status).toBe(500);
  const body = (await response.text()).replaceAll("<!-- -->", "");
  expect(body).toContain("Upload Error");
  expect(body).toContain(`Error uploading image: ${reason}`);
  // Not the generic failure, and no server path in what the admin sees.
  expect(body).not.toContain("problem on our side");
  expect(body).not.toContain(dataDir);
}

describe("an accepted image the server cannot store", () => {
  beforeEach(() => blockUploadsWithAFile());

  it("refuses a new product with 'Error uploading image: <reason>', saving nothing", async () => {
    const before = await databaseFingerprint(services.db);
    const files = allFiles();
    for (const target of ["/admin/products/new", "/admin/products/new.data"]) {
      const response = await post(target, productForm("Storage Probe", await pngImage(800, 600)));
      await expectUploadError(response, FOLDER_REASON);
    }
    expect(await databaseFingerprint(services.db)).toBe(before);
    expect(allFiles()).toEqual(files);
    expect(fs.readFileSync(uploads, "utf8")).toBe(NOT_A_FOLDER);
  });

  it("leaves an edited product exactly as it was", async () => {
    restoreUploadsFolder();
    const created = await post(
      "/admin/products/new",
      productForm("Storage Edit Probe", await pngImage(700, 500, 31)),
    );
    expect(created.status).toBe(302);
    const [product] = await services.db
      .select()
      .from(products)
      .where(eq(products.name, "Storage Edit Probe"));
    const keptFiles = filesUnder(uploads);
    expect(keptFiles).toHaveLength(3);

    // The folder's files become unreachable: the next image cannot be written.
    const moved = `${uploads}-moved`;
    fs.renameSync(uploads, moved);
    fs.writeFileSync(uploads, NOT_A_FOLDER);
    const before = await databaseFingerprint(services.db);
    const form = productForm("Storage Edit Probe renamed", await pngImage(900, 700, 32));
    const response = await post(`/admin/products/${product!.id}`, form);
    await expectUploadError(response, FOLDER_REASON);
    expect(await databaseFingerprint(services.db)).toBe(before);
    const [after] = await services.db.select().from(products).where(eq(products.id, product!.id));
    expect(after).toEqual(product);

    // The old image's files were not touched.
    fs.rmSync(uploads);
    fs.renameSync(moved, uploads);
    expect(filesUnder(uploads)).toEqual(keptFiles);
  });

  it("refuses a category image in the manager the same way", async () => {
    const before = await databaseFingerprint(services.db);
    const files = allFiles();
    for (const target of ["/admin/categories/manager", "/admin/categories/manager.data"]) {
      const response = await post(target, managerForm("Storage Category", await pngImage()));
      await expectUploadError(response, FOLDER_REASON);
    }
    const [category] = await services.db
      .insert(categories)
      .values({ name: "Storage Existing" })
      .returning();
    const withRow = await databaseFingerprint(services.db);
    const response = await post(
      "/admin/categories/manager",
      managerForm("Storage Existing renamed", await pngImage(600, 600, 33), category!.id),
    );
    await expectUploadError(response, FOLDER_REASON);
    expect(await databaseFingerprint(services.db)).toBe(withRow);
    await services.db.delete(categories).where(eq(categories.id, category!.id));
    expect(await databaseFingerprint(services.db)).toBe(before);
    expect(allFiles()).toEqual(files);
  });

  it("removes the variants it wrote when a later one fails, and works again once fixed", async () => {
    restoreUploadsFolder();
    const png = await pngImage(1500, 1000, 34);
    const { hash } = await processImage(png);
    // The largest variant cannot be written: a folder (with a file) stands at its name.
    const blocker = path.join(uploads, "products", `${hash}-1280.webp`);
    fs.mkdirSync(blocker, { recursive: true });
    fs.writeFileSync(path.join(blocker, "keep"), "x");
    const before = await databaseFingerprint(services.db);

    const response = await post("/admin/products/new", productForm("Storage Partial", png));
    await expectUploadError(response, FOLDER_REASON);
    expect(await databaseFingerprint(services.db)).toBe(before);
    // The 320 and 640 px files written first are gone again; no temporary file is left.
    expect(filesUnder(uploads)).toEqual([`products/${hash}-1280.webp/keep`]);

    fs.rmSync(blocker, { recursive: true });
    const again = await post("/admin/products/new", productForm("Storage Partial", png));
    expect(again.status).toBe(302);
    expect(filesUnder(uploads)).toEqual(
      [320, 640, 1280].map((w) => `products/${hash}-${w}.webp`).sort(),
    );
  });
});
