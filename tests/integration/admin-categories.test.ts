import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageVariants } from "#app/lib/image-variants.ts";
import { listCategories } from "#app/server/catalog/catalog.server.ts";
import {
  categoryInUseMessage,
  deleteCategory,
  getCategory,
  listAdminCategories,
  saveCategory,
} from "#app/server/catalog/categories.server.ts";
import { listCategoryOptions, saveProduct } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import { uploadsDirectory } from "#app/server/storage/storage.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import {
  auditRows,
  createCategory,
  expectInjectedFailure,
  followRedirect,
  injectCommitFailure,
  injectInsertFailure,
  postMultipart,
} from "#tests/setup/catalog.ts";
import { filesUnder, jpegImage, pngImage } from "#tests/setup/images.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Acceptance, categories: the list with product counts from the database, the form
 * and the manager, names unique regardless of case, and no delete while products use one.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: SessionUser;
let cookie: string;
let uploads: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  uploads = uploadsDirectory(services.env);
  const user = await createTestUser(services.db, { admin: true, email: "cats@shop.example" });
  admin = { userId: user.id, email: user.email, sessionId: "test", isAdmin: true };
  cookie = (await signedInCookie(services, user.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const filesOf = (url: string | null | undefined) =>
  (imageVariants(url) ?? []).map((v) => v.url.replace("/uploads/", ""));
const get = (path: string) => app.request(path, { headers: { Cookie: cookie } });
const linkProduct = async (name: string, categoryIds: string[]) =>
  saveProduct(services.db, services.storage, admin, null, {
    name,
    description: null,
    priceCents: 1000,
    categoryIds,
  });

describe("the /admin/categories page", () => {
  it("says how to start when there are none", async () => {
    const html = await (await get("/admin/categories")).text();
    expect(html).toContain("Categories Management");
    expect(html).toContain("No categories found. Create your first category.");
    expect(html).toContain("Category Manager");
    expect(html).toContain("Add New Category");
  });

  it("lists categories by name with the database's product counts", async () => {
    const { db } = services;
    const easter = await createCategory(db, "Easter Collection", {
      isSpecial: true,
      description: "Seasonal décor",
    });
    const custom = await createCategory(db, "custom gifts");
    await createCategory(db, "Aprons");
    await linkProduct("Egg Set", [easter, custom]);
    await linkProduct("Bunny", [easter]);
    const rows = await listAdminCategories(db);
    expect(rows.map((r) => [r.name, r.productCount])).toEqual([
      ["Aprons", 0],
      ["custom gifts", 1],
      ["Easter Collection", 2],
    ]);
    const html = await (await get("/admin/categories")).text();
    expect(html).toContain("Seasonal décor");
    expect(html).toContain("No description");
    expect(html).toMatch(/Easter Collection[\s\S]*?>2<\/td>/);
  });
});

describe("saving a category", () => {
  it("refuses a name that exists in any letter case, with a clear message", async () => {
    const { db, storage } = services;
    for (const name of ["easter collection", "EASTER COLLECTION", "Custom Gifts"]) {
      const result = await saveCategory(db, storage, admin, null, { name });
      expect(result).toMatchObject({ ok: false, code: "duplicate" });
      expect((result as { message: string }).message).toMatch(
        /^A category named "(Easter Collection|custom gifts)" already exists\. Category names must be unique, whatever their upper and lower case\.$/,
      );
    }
    // Renaming a category to another letter case of its own name is fine.
    const [custom] = (await listAdminCategories(db)).filter((c) => c.name === "custom gifts");
    expect(await saveCategory(db, storage, admin, custom!.id, { name: "Custom Gifts" })).toEqual({
      ok: true,
      id: custom!.id,
      name: "Custom Gifts",
      created: false,
    });
    // Two creates racing for one name: the unique index lets exactly one through.
    const results = await Promise.all(
      ["Race Name", "RACE NAME"].map((name) => saveCategory(db, storage, admin, null, { name })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: "duplicate" });
  });

  it("keeps what a form does not send: the form changes name and switch, the manager the rest", async () => {
    const { db, storage } = services;
    const image = await processImage(await pngImage(600, 400, 7));
    const created = await saveCategory(db, storage, admin, null, {
      name: "Keep Fields",
      description: "With a picture",
      image,
    });
    const id = (created as { id: string }).id;
    await saveCategory(db, storage, admin, id, { name: "Keep Fields 2", isSpecial: true });
    expect(await getCategory(db, id)).toMatchObject({
      name: "Keep Fields 2",
      isSpecial: true,
      description: "With a picture",
      imageUrl: `/uploads/categories/${image.hash}-600.webp`,
    });
    expect((await auditRows(db, "category", id)).map((r) => r.action)).toEqual([
      "category.create",
      "category.update",
    ]);
  });

  it("keeps the old category, and writes no audit record, when the commit fails", async () => {
    const { db, storage } = services;
    const created = await saveCategory(db, storage, admin, null, { name: "Commit Keep" });
    const id = (created as { id: string }).id;
    const auditBefore = await auditRows(db, "category", id);
    const undo = await injectCommitFailure(db, "categories");
    try {
      await expectInjectedFailure(
        saveCategory(db, storage, admin, id, { name: "Commit Changed", isSpecial: true }),
      );
    } finally {
      await undo();
    }
    expect(await getCategory(db, id)).toMatchObject({ name: "Commit Keep", isSpecial: false });
    expect(await auditRows(db, "category", id)).toEqual(auditBefore);
  });

  it("rolls back with its audit record, leaving no new image file", async () => {
    const { db, storage } = services;
    const filesBefore = filesUnder(uploads);
    const undo = await injectInsertFailure(db, "audit_log");
    try {
      const image = await processImage(await jpegImage(800, 600, { seed: 8 }));
      await expectInjectedFailure(
        saveCategory(db, storage, admin, null, { name: "Never Stored", image }),
      );
    } finally {
      await undo();
    }
    expect((await listAdminCategories(db)).map((c) => c.name)).not.toContain("Never Stored");
    expect(filesUnder(uploads)).toEqual(filesBefore);
  });
});

describe("deleting a category", () => {
  it("refuses while products use it and says how many; deletes it once they do not", async () => {
    const { db, storage } = services;
    const [easter] = (await listAdminCategories(db)).filter((c) => c.name === "Easter Collection");
    expect(await deleteCategory(db, storage, admin, easter!.id)).toEqual({
      ok: false,
      code: "in-use",
      productCount: 2,
    });
    expect(categoryInUseMessage(2)).toBe(
      "Failed to delete category. It may be in use by products. It is used by 2 products: remove it from those products first.",
    );
    expect(categoryInUseMessage(1)).toContain(
      "It is used by 1 product: remove it from that product",
    );

    // Through the list's action: 409 with the product's words and the count, nothing deleted.
    const refused = await app.postForm(
      "/admin/categories.data",
      { intent: "delete", id: easter!.id },
      { headers: { Cookie: cookie } },
    );
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(body).toContain("Failed to delete category. It may be in use by products.");
    expect(body).toContain("It is used by 2 products");
    expect(await getCategory(db, easter!.id)).not.toBeNull();
    expect((await auditRows(db, "category", easter!.id)).map((r) => r.action)).not.toContain(
      "category.delete",
    );

    const image = await processImage(await pngImage(500, 500, 9));
    const unused = await saveCategory(db, storage, admin, null, { name: "Unused Cat", image });
    const id = (unused as { id: string }).id;
    const url = (await getCategory(db, id))!.imageUrl;
    const deleted = await app.postForm(
      "/admin/categories.data",
      { intent: "delete", id },
      { headers: { Cookie: cookie } },
    );
    expect(deleted.status).toBe(200);
    const text = await deleted.text();
    expect(text).toContain("Category Deleted");
    expect(text).toContain("The category has been successfully deleted.");
    expect(await getCategory(db, id)).toBeNull();
    for (const file of filesOf(url)) expect(filesUnder(uploads)).not.toContain(file);
    expect((await auditRows(db, "category", id)).map((r) => r.action)).toEqual([
      "category.create",
      "category.delete",
    ]);
    expect(await deleteCategory(db, storage, admin, id)).toEqual({ ok: false, code: "not-found" });
  });

  it("never leaves a product linked to a deleted category when both happen at once", async () => {
    const { db, storage } = services;
    const id = await createCategory(db, "Contested");
    const [deleted, saved] = await Promise.all([
      deleteCategory(db, storage, admin, id),
      linkProduct("Contested Product", [id]),
    ]);
    const exists = (await getCategory(db, id)) !== null;
    if (deleted.ok) {
      expect(exists).toBe(false);
      expect(saved).toMatchObject({ ok: false, code: "unknown-category" });
    } else {
      expect(deleted).toEqual({ ok: false, code: "in-use", productCount: 1 });
      expect(saved.ok).toBe(true);
      expect(exists).toBe(true);
    }
  });
});

describe("the category form", () => {
  it("answers a blank name with 400 and 'Category name is required'", async () => {
    const count = (await listAdminCategories(services.db)).length;
    for (const name of ["", "   "]) {
      const response = await app.postForm(
        "/admin/categories/new",
        { name },
        { headers: { Cookie: cookie } },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Category name is required");
    }
    const long = await app.postForm(
      "/admin/categories/new",
      { name: "x".repeat(101) },
      { headers: { Cookie: cookie } },
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Category name must be at most 100 characters");
    expect(await listAdminCategories(services.db)).toHaveLength(count);
  });

  it("creates a special category, shown on the product form and /crafts at once", async () => {
    const response = await app.postForm(
      "/admin/categories/new",
      { name: "  Heritage Day  ", isSpecial: "on" },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(302);
    const next = await followRedirect(app, response, cookie);
    expect(next.location).toBe("/admin/categories");
    expect(next.html).toContain("Category created");
    expect(next.html).toContain("Heritage Day");
    const options = await listCategoryOptions(services.db);
    expect(options.find((c) => c.name === "Heritage Day")).toMatchObject({ isSpecial: true });
    expect((await listCategories(services.db)).map((c) => c.name)).toContain("Heritage Day");
    expect(await (await app.request("/crafts")).text()).toContain("Heritage Day");
    const form = await (await get("/admin/products/new")).text();
    expect(form).toContain("Heritage Day");
  });

  it("refuses a clashing name with 422 and the message next to the name", async () => {
    const response = await app.postForm(
      "/admin/categories/new",
      { name: "heritage DAY" },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(422);
    const body = await response.text();
    expect(body).toContain("Error creating category");
    expect(body).toContain("A category named &quot;Heritage Day&quot; already exists.");
  });

  it("edits name and switch; an unknown id goes back with 'Error fetching category'", async () => {
    const [heritage] = (await listAdminCategories(services.db)).filter(
      (c) => c.name === "Heritage Day",
    );
    const page = await (await get(`/admin/categories/${heritage!.id}`)).text();
    expect(page).toContain("Update Category");
    expect(page).toContain("Special Category");
    expect(page).toMatch(/role="switch"[^>]*checked/);
    const response = await app.postForm(
      `/admin/categories/${heritage!.id}`,
      { name: "Heritage Month" },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(302);
    expect((await followRedirect(app, response, cookie)).html).toContain("Category updated");
    expect(await getCategory(services.db, heritage!.id)).toMatchObject({
      name: "Heritage Month",
      isSpecial: false,
    });
    for (const id of [UNKNOWN_ID, "nope"]) {
      const missing = await get(`/admin/categories/${id}`);
      expect(missing.status).toBe(302);
      const next = await followRedirect(app, missing, cookie);
      expect(next.location).toBe("/admin/categories");
      expect(next.html).toContain("Error fetching category");
    }
  });
});

describe("the category manager", () => {
  it("lists categories with thumbnails and opens one for editing with ?edit=", async () => {
    const [easter] = (await listAdminCategories(services.db)).filter(
      (c) => c.name === "Easter Collection",
    );
    const html = await (await get(`/admin/categories/manager?edit=${easter!.id}`)).text();
    expect(html).toContain("Category Manager");
    expect(html).toContain("Save Category");
    expect(html).toContain('value="Easter Collection"');
    expect(html).toContain("Seasonal décor");
    const missing = await get(`/admin/categories/manager?edit=${UNKNOWN_ID}`);
    expect(missing.status).toBe(302);
    expect((await followRedirect(app, missing, cookie)).html).toContain("Error fetching category");
  });

  it("creates with name, description and image; replacing the image removes the old files", async () => {
    const { db } = services;
    const first = new File([new Uint8Array(await jpegImage(900, 900, { seed: 3 }))], "a.jpg", {
      type: "image/jpeg",
    });
    const created = await postMultipart(app, "/admin/categories/manager?new", cookie, {
      intent: "save",
      name: "Manager Made",
      description: "From the manager",
      image: first,
    });
    expect(created.status).toBe(302);
    const next = await followRedirect(app, created, cookie);
    expect(next.location).toBe("/admin/categories/manager");
    expect(next.html).toContain("Category created");
    const [row] = (await listAdminCategories(db)).filter((c) => c.name === "Manager Made");
    expect(row).toMatchObject({ description: "From the manager" });
    expect(row!.imageUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}-900\.webp$/);
    expect(filesUnder(uploads)).toEqual(expect.arrayContaining(filesOf(row!.imageUrl)));
    expect(next.html).toContain(row!.imageUrl);

    const second = new File([new Uint8Array(await pngImage(1300, 700, 4))], "b.png", {
      type: "image/png",
    });
    const updated = await postMultipart(app, `/admin/categories/manager?edit=${row!.id}`, cookie, {
      intent: "save",
      id: row!.id,
      name: "Manager Made",
      description: "",
      image: second,
    });
    expect(updated.status).toBe(302);
    expect((await followRedirect(app, updated, cookie)).html).toContain("Category updated");
    const after = await getCategory(db, row!.id);
    expect(after).toMatchObject({ description: null });
    expect(after!.imageUrl).toMatch(/-1280\.webp$/);
    const files = filesUnder(uploads);
    expect(files).toEqual(expect.arrayContaining(filesOf(after!.imageUrl)));
    for (const old of filesOf(row!.imageUrl)) expect(files).not.toContain(old);
    // The public page shows the new picture at once.
    expect(await (await app.request("/crafts")).text()).toContain(after!.imageUrl!);
  });

  it("answers the product's 'Failed to save category: …' for a clash, and 'Category name is required'", async () => {
    const clash = await postMultipart(app, "/admin/categories/manager?new", cookie, {
      intent: "save",
      name: "MANAGER MADE",
    });
    expect(clash.status).toBe(422);
    const body = await clash.text();
    // The notice (in the page's data) and the message next to the name field.
    expect(body).toContain("Failed to save category: A category named");
    expect(body).toContain("A category named &quot;Manager Made&quot; already exists.");
    const blank = await postMultipart(app, "/admin/categories/manager?new", cookie, {
      intent: "save",
      name: " ",
    });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Category name is required");
    const unknownIntent = await app.postForm(
      "/admin/categories/manager",
      { intent: "explode" },
      { headers: { Cookie: cookie } },
    );
    expect(unknownIntent.status).toBe(400);
  });

  it("deletes from the manager, removing the image files", async () => {
    const { db } = services;
    const [row] = (await listAdminCategories(db)).filter((c) => c.name === "Manager Made");
    // Posted from the form showing it: afterwards the manager no longer shows it.
    const response = await app.postForm(
      `/admin/categories/manager?edit=${row!.id}`,
      { intent: "delete", id: row!.id },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(302);
    const next = await followRedirect(app, response, cookie);
    expect(next.location).toBe("/admin/categories/manager");
    expect(next.html).toContain("Category Deleted");
    expect(next.html).not.toContain("Error fetching category");
    expect(await getCategory(db, row!.id)).toBeNull();
    for (const file of filesOf(row!.imageUrl)) expect(filesUnder(uploads)).not.toContain(file);
  });
});

describe("when the database fails", () => {
  it("shows the product's error texts instead of the lists, and sends edits back to the list", async () => {
    const { db } = services;
    const product = await linkProduct("Failing Reads Product", []);
    // React Router reports the loader's error on the console; here it is expected.
    vi.spyOn(console, "error").mockImplementation(() => {});
    await db.execute(sql`alter table product_categories rename to product_categories_away`);
    try {
      const categories = await get("/admin/categories");
      expect(categories.status).toBe(500);
      expect(await categories.text()).toMatch(/Error loading categories: .+/);
      const products = await get("/admin/products");
      expect(products.status).toBe(500);
      expect(await products.text()).toContain("Error fetching products");
      const edit = await get(`/admin/products/${(product as { id: string }).id}`);
      expect(edit.status).toBe(302);
      const next = await followRedirect(app, edit, cookie);
      expect(next.location).toBe("/admin/products");
      expect(next.html).toContain("The product could not be loaded. Please try again.");
    } finally {
      await db.execute(sql`alter table product_categories_away rename to product_categories`);
    }
  });
});
