import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants } from "#app/lib/image-variants.ts";
import {
  deleteProduct,
  getProductForEdit,
  listAdminProducts,
  saveProduct,
} from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import { uploadsDirectory } from "#app/server/storage/storage.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import { orderItems, orders, products } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import {
  auditRows,
  createCategory,
  expectInjectedFailure,
  followRedirect,
  injectCommitFailure,
  injectInsertFailure,
  postMultipart,
  productState,
} from "#tests/setup/catalog.ts";
import { filesUnder, jpegImage, pngImage } from "#tests/setup/images.ts";

/*
 * Acceptance, products: the admin list and its search (in the database), the form's
 * validation on the server, and create/update/delete of a product with its image and its
 * category links as one transaction with its audit record.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: SessionUser;
let cookie: string;
let uploads: string;

beforeAll(async () => {
  let user: { id: string; email: string };
  ({
    handle,
    services,
    app,
    cookie,
    admin: user,
  } = await createAdminApp({ email: "owner@shop.example" }));
  uploads = uploadsDirectory(services.env);
  admin = { userId: user.id, email: user.email, sessionId: "test", isAdmin: true };
}, 120_000);
afterAll(() => handle.close());

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The files of an image URL, as storage keys under uploads/. */
const filesOf = (url: string | null | undefined) =>
  (imageVariants(url) ?? []).map((v) => v.url.replace("/uploads/", ""));

const pngFile = async (seed: number, name = "photo.png") =>
  new File([new Uint8Array(await pngImage(900, 700, seed))], name, { type: "image/png" });

describe("the /admin/products page", () => {
  it("says 'No products added yet' before there are any", async () => {
    const html = await (
      await app.request("/admin/products", { headers: { Cookie: cookie } })
    ).text();
    expect(html).toContain("No products added yet");
    expect(html).toContain("Add New Product");
  });
});

describe("search", () => {
  it("matches name, description and category names, case-insensitively, in the database", async () => {
    const { db, storage } = services;
    const easter = await createCategory(db, "Srch Easter Collection", { isSpecial: true });
    const office = await createCategory(db, "Srch Office & Desk");
    const save = (name: string, description: string | null, categoryIds: string[]) =>
      saveProduct(db, storage, admin, null, { name, description, priceCents: 1000, categoryIds });
    await save("Srch Walnut Phone Stand", "A CNC-milled stand", [office]);
    await save("Srch Egg Set", "Hand-painted wooden eggs", [easter, office]);
    await save("Srch Plain Thing", null, []);
    await save("Srch 50% Off_Sale", "Literal percent and underscore", []);

    const names = async (q: string) => (await listAdminProducts(db, q)).map((p) => p.name);
    expect(await names("srch WALNUT")).toEqual(["Srch Walnut Phone Stand"]);
    expect(await names("HAND-painted")).toEqual(["Srch Egg Set"]);
    // A category name; a product in two matching categories appears once.
    expect(await names("easter coll")).toEqual(["Srch Egg Set"]);
    expect(await names("srch office")).toEqual(["Srch Egg Set", "Srch Walnut Phone Stand"]);
    // LIKE wildcards are literal text.
    expect(await names("50%")).toEqual(["Srch 50% Off_Sale"]);
    expect(await names("f_s")).toEqual(["Srch 50% Off_Sale"]);
    expect(await names("%")).toEqual(["Srch 50% Off_Sale"]);
    expect(await names("nothing like this")).toEqual([]);
    // Blank: everything, by name; categories come as chips by name.
    const all = await listAdminProducts(db, "   ");
    expect(all.map((p) => p.name)).toEqual([...all.map((p) => p.name)].sort());
    const eggs = all.find((p) => p.name === "Srch Egg Set")!;
    expect(eggs.categories.map((c) => c.name)).toEqual([
      "Srch Easter Collection",
      "Srch Office & Desk",
    ]);
    expect(eggs.categories[0]?.isSpecial).toBe(true);
    expect(all.find((p) => p.name === "Srch Plain Thing")?.categories).toEqual([]);
  });

  it("is kept in the URL and answered by the page, with the product's empty text", async () => {
    const found = await (
      await app.request("/admin/products?q=srch%20walnut", { headers: { Cookie: cookie } })
    ).text();
    expect(found).toContain("Srch Walnut Phone Stand");
    expect(found).not.toContain("Srch Egg Set");
    expect(found).toContain('value="srch walnut"');
    const none = await (
      await app.request("/admin/products?q=zzz-nothing", { headers: { Cookie: cookie } })
    ).text();
    expect(none).toContain("No products found for &quot;zzz-nothing&quot;");
  });
});

describe("saving a product", () => {
  it("creates the product, its image and its links with an audit record", async () => {
    const { db, storage } = services;
    const mothers = await createCategory(db, "Tx Mother's Day", { isSpecial: true });
    const custom = await createCategory(db, "Tx Custom Gifts");
    const image = await processImage(await pngImage(900, 700, 31));
    const result = await saveProduct(db, storage, admin, null, {
      name: "Tx Jewellery Box",
      description: "Kiaat",
      priceCents: 45050,
      categoryIds: [mothers, custom, mothers.toUpperCase()],
      addPhotos: [image],
    });
    expect(result).toMatchObject({ ok: true, name: "Tx Jewellery Box", created: true });
    const id = (result as { id: string }).id;
    const state = await productState(db, id);
    expect(state).toMatchObject({
      name: "Tx Jewellery Box",
      description: "Kiaat",
      price: "450.50",
      imageUrl: `/uploads/products/${image.hash}-900.webp`,
      categories: ["Tx Custom Gifts", "Tx Mother's Day"],
    });
    expect(filesUnder(uploads)).toEqual(expect.arrayContaining(filesOf(state!.imageUrl)));
    const audit = await auditRows(db, "product", id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "product.create",
        actorEmail: "owner@shop.example",
        actorUserId: admin.userId,
        details: expect.objectContaining({ name: "Tx Jewellery Box", priceCents: 45050 }),
      }),
    ]);
  });

  it("updates fields, links and image together; kept links keep their date; the old image goes", async () => {
    const { db, storage } = services;
    const a = await createCategory(db, "Upd A");
    const b = await createCategory(db, "Upd B");
    const c = await createCategory(db, "Upd C");
    const first = await processImage(await pngImage(800, 800, 41));
    const created = await saveProduct(db, storage, admin, null, {
      name: "Upd Lamp",
      description: null,
      priceCents: 10000,
      categoryIds: [a, b],
      addPhotos: [first],
    });
    const id = (created as { id: string }).id;
    const before = (await productState(db, id))!;

    const second = await processImage(await jpegImage(1000, 800, { seed: 42 }));
    const updated = await saveProduct(db, storage, admin, id, {
      name: "Upd Lamp (large)",
      description: "Now larger",
      priceCents: 12550,
      categoryIds: [b, c],
      addPhotos: [second],
      removePhotos: [before.imageUrl!],
    });
    expect(updated).toEqual({ ok: true, id, name: "Upd Lamp (large)", created: false });
    const after = (await productState(db, id))!;
    expect(after).toMatchObject({
      name: "Upd Lamp (large)",
      description: "Now larger",
      price: "125.50",
      categories: ["Upd B", "Upd C"],
      imageUrl: `/uploads/products/${second.hash}-1000.webp`,
    });
    // Link B was kept, not re-created: the public card's first category does not jump.
    expect(after.linkDates[0]).toEqual(before.linkDates[1]);
    const files = filesUnder(uploads);
    expect(files).toEqual(expect.arrayContaining(filesOf(after.imageUrl)));
    for (const old of filesOf(before.imageUrl)) expect(files).not.toContain(old);
    expect((await auditRows(db, "product", id)).map((r) => r.action)).toEqual([
      "product.create",
      "product.update",
    ]);

    // Without a new photo the photo stays; removing it takes it (and its files) away.
    await saveProduct(db, storage, admin, id, {
      name: "Upd Lamp (large)",
      description: null,
      priceCents: 12550,
      categoryIds: [],
    });
    expect((await productState(db, id))!.imageUrl).toBe(after.imageUrl);
    expect((await productState(db, id))!.categories).toEqual([]);
    await saveProduct(db, storage, admin, id, {
      name: "Upd Lamp (large)",
      description: null,
      priceCents: 12550,
      categoryIds: [],
      removePhotos: [after.imageUrl!],
    });
    expect((await productState(db, id))!.imageUrl).toBeNull();
    for (const old of filesOf(after.imageUrl)) expect(filesUnder(uploads)).not.toContain(old);
  });

  it("keeps the old state when the save fails halfway (injected failure on a new link)", async () => {
    const { db, storage } = services;
    const keep = await createCategory(db, "Fail Keep");
    const poison = await createCategory(db, "Fail Poison");
    const original = await processImage(await pngImage(640, 640, 51));
    const created = await saveProduct(db, storage, admin, null, {
      name: "Fail Vase",
      description: "Blue",
      priceCents: 20000,
      categoryIds: [keep],
      addPhotos: [original],
    });
    const id = (created as { id: string }).id;
    const before = await productState(db, id);
    const filesBefore = filesUnder(uploads);
    const auditBefore = await auditRows(db, "product", id);

    // The product row is updated, the link to "Keep" deleted, then inserting the link to
    // "Poison" fails: everything must roll back.
    const undo = await injectInsertFailure(
      db,
      "product_categories",
      `new.category_id = '${poison}'`,
    );
    try {
      const replacement = await processImage(await jpegImage(1400, 900, { seed: 52 }));
      await expectInjectedFailure(
        saveProduct(db, storage, admin, id, {
          name: "Fail Vase RENAMED",
          description: null,
          priceCents: 1,
          categoryIds: [poison],
          addPhotos: [replacement],
        }),
      );
      // The new image's files were written inside the transaction, and removed again.
      for (const file of filesOf(`/uploads/products/${replacement.hash}-1280.webp`)) {
        expect(filesUnder(uploads)).not.toContain(file);
      }
    } finally {
      await undo();
    }
    expect(await productState(db, id)).toEqual(before);
    expect(filesUnder(uploads)).toEqual(filesBefore);
    expect(await auditRows(db, "product", id)).toEqual(auditBefore);
  });

  it("creates nothing when the audit record cannot be written (same transaction)", async () => {
    const { db, storage } = services;
    const countBefore = (await listAdminProducts(db)).length;
    const filesBefore = filesUnder(uploads);
    const undo = await injectInsertFailure(db, "audit_log");
    try {
      const category = await createCategory(db, "Audit Fail Cat");
      const image = await processImage(await pngImage(500, 500, 61));
      await expectInjectedFailure(
        saveProduct(db, storage, admin, null, {
          name: "Audit Fail Product",
          description: null,
          priceCents: 100,
          categoryIds: [category],
          addPhotos: [image],
        }),
      );
    } finally {
      await undo();
    }
    expect(await listAdminProducts(db)).toHaveLength(countBefore);
    expect(filesUnder(uploads)).toEqual(filesBefore);
  });

  it("leaves nothing at all, audit record included, when the commit itself fails", async () => {
    const { db, storage } = services;
    const category = await createCategory(db, "Commit Fail Cat");
    const auditBefore = await auditRows(db, "product");
    const filesBefore = filesUnder(uploads);
    const image = await processImage(await pngImage(450, 450, 65));
    const undo = await injectCommitFailure(db, "products");
    try {
      await expectInjectedFailure(
        saveProduct(db, storage, admin, null, {
          name: "Commit Fail Product",
          description: null,
          priceCents: 100,
          categoryIds: [category],
          addPhotos: [image],
        }),
      );
    } finally {
      await undo();
    }
    expect(await listAdminProducts(db, "Commit Fail Product")).toEqual([]);
    expect(await auditRows(db, "product")).toEqual(auditBefore);
    expect(filesUnder(uploads)).toEqual(filesBefore);
  });

  it("refuses unknown categories and unknown products, writing nothing", async () => {
    const { db, storage } = services;
    const countBefore = (await listAdminProducts(db)).length;
    expect(
      await saveProduct(db, storage, admin, null, {
        name: "Ghost Category Product",
        description: null,
        priceCents: 100,
        categoryIds: [UNKNOWN_ID],
      }),
    ).toMatchObject({ ok: false, code: "unknown-category" });
    expect(
      await saveProduct(db, storage, admin, UNKNOWN_ID, {
        name: "Nobody",
        description: null,
        priceCents: 100,
        categoryIds: [],
      }),
    ).toMatchObject({ ok: false, code: "not-found" });
    expect(
      await saveProduct(db, storage, admin, "not-a-uuid", {
        name: "Nobody",
        description: null,
        priceCents: 100,
        categoryIds: [],
      }),
    ).toMatchObject({ ok: false, code: "not-found" });
    expect(await listAdminProducts(db)).toHaveLength(countBefore);
  });

  it("keeps an image shared by two products until neither uses it", async () => {
    const { db, storage } = services;
    const png = await pngImage(700, 500, 71);
    const save = async (name: string) =>
      (
        (await saveProduct(db, storage, admin, null, {
          name,
          description: null,
          priceCents: 100,
          categoryIds: [],
          addPhotos: [await processImage(png)],
        })) as { id: string }
      ).id;
    const one = await save("Shared One");
    const two = await save("Shared Two");
    const url = (await productState(db, one))!.imageUrl;
    expect((await productState(db, two))!.imageUrl).toBe(url);
    expect(await deleteProduct(db, storage, admin, one)).toEqual({ ok: true, name: "Shared One" });
    expect(filesUnder(uploads)).toEqual(expect.arrayContaining(filesOf(url)));
    expect(await deleteProduct(db, storage, admin, two)).toEqual({ ok: true, name: "Shared Two" });
    for (const file of filesOf(url)) expect(filesUnder(uploads)).not.toContain(file);
  });

  it("leaves exactly the winner's files when two saves replacing one product's photo race", async () => {
    const { db, storage } = services;
    const created = await saveProduct(db, storage, admin, null, {
      name: "Race Product",
      description: null,
      priceCents: 100,
      categoryIds: [],
      addPhotos: [await processImage(await pngImage(400, 400, 81))],
    });
    const id = (created as { id: string }).id;
    const firstUrl = (await productState(db, id))!.imageUrl;
    const [x, y] = [
      await processImage(await pngImage(400, 400, 82)),
      await processImage(await pngImage(400, 400, 83)),
    ];
    const results = await Promise.all(
      [x, y].map((image) =>
        saveProduct(db, storage, admin, id, {
          name: "Race Product",
          description: null,
          priceCents: 100,
          categoryIds: [],
          photoOrder: [firstUrl!],
          removePhotos: [firstUrl!],
          addPhotos: [image],
        }),
      ),
    );
    // The second save was made from photos the first has changed: it is refused.
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      code: "photos",
      message: "The photos were changed meanwhile: reload the page and try again.",
    });
    expect((await productState(db, id))!.photos).toHaveLength(1);
    const finalUrl = (await productState(db, id))!.imageUrl;
    const files = filesUnder(uploads);
    expect(files).toEqual(expect.arrayContaining(filesOf(finalUrl)));
    const loser = [x, y].find((image) => !finalUrl?.includes(image.hash))!;
    for (const stale of [
      ...filesOf(firstUrl),
      ...filesOf(`/uploads/products/${loser.hash}-400.webp`),
    ]) {
      expect(files).not.toContain(stale);
    }
  });
});

describe("deleting a product", () => {
  it("removes the product, its links and its image files; order lines keep name and price", async () => {
    const { db, storage } = services;
    const category = await createCategory(db, "Del Cat");
    const created = await saveProduct(db, storage, admin, null, {
      name: "Del Candle",
      description: null,
      priceCents: 32000,
      categoryIds: [category],
      addPhotos: [await processImage(await pngImage(500, 500, 91))],
    });
    const id = (created as { id: string }).id;
    const url = (await productState(db, id))!.imageUrl;
    const [order] = await db
      .insert(orders)
      .values({ customerName: "Buyer", email: "b@example.com", phone: "0310000000" })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: id,
      productName: "Del Candle",
      price: "320.00",
      quantity: 1,
    });

    expect(await deleteProduct(db, storage, admin, id)).toEqual({ ok: true, name: "Del Candle" });
    expect(await productState(db, id)).toBeNull();
    for (const file of filesOf(url)) expect(filesUnder(uploads)).not.toContain(file);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ productId: null, productName: "Del Candle", price: "320.00" });
    expect((await auditRows(db, "product", id)).map((r) => r.action)).toEqual([
      "product.create",
      "product.delete",
    ]);
    expect(await deleteProduct(db, storage, admin, id)).toEqual({ ok: false, code: "not-found" });
    expect(await deleteProduct(db, storage, admin, "x")).toEqual({ ok: false, code: "not-found" });
  });
});

describe("the product form and list actions", () => {
  it("answers bad input with 400 and the product's messages, storing nothing", async () => {
    const countBefore = (await listAdminProducts(services.db)).length;
    const cases: [Record<string, string>, string[]][] = [
      [{ name: "   ", price: "" }, ["Product name is required", "Valid price is required"]],
      [{ name: "Ok", price: "abc" }, ["Valid price is required"]],
      [{ name: "Ok", price: "-1" }, ["Price must be 0 or more"]],
      [{ name: "Ok", price: "1.234" }, ["Price can have at most 2 decimal places"]],
      [{ name: "Ok", price: "99999999999" }, ["Price must be at most R9 999 999 999.99"]],
      [{ name: "x".repeat(201), price: "1" }, ["Product name must be at most 200 characters"]],
      [{ name: "Ok", price: "1", categoryIds: "nope" }, ["Choose categories from the list"]],
    ];
    for (const [fields, messages] of cases) {
      const response = await postMultipart(app, "/admin/products/new", cookie, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = await response.text();
      for (const message of messages) expect(body).toContain(message);
    }
    // Also as a plain urlencoded post (no JavaScript, no file).
    const plain = await app.postForm(
      "/admin/products/new",
      { name: "", price: "" },
      { headers: { Cookie: cookie } },
    );
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain("Product name is required");
    expect(await listAdminProducts(services.db)).toHaveLength(countBefore);
  });

  it("creates through the form, with a toast, and the public pages show it at once", async () => {
    const { db } = services;
    const cat = await createCategory(db, "Form Public Cat");
    const response = await postMultipart(app, "/admin/products/new", cookie, {
      name: "Form Ocean Coasters",
      description: "Four resin coasters",
      price: "299.90",
      categoryIds: [cat],
      image: await pngFile(101),
    });
    expect(response.status).toBe(302);
    const next = await followRedirect(app, response, cookie);
    expect(next.location).toBe("/admin/products");
    expect(next.html).toContain("Product created");
    expect(next.html).toContain("Form Ocean Coasters");
    expect(next.html).toMatch(/R\s299,90/);

    const [row] = await listAdminProducts(db, "Form Ocean Coasters");
    expect(row).toMatchObject({ priceCents: 29990, categories: [{ name: "Form Public Cat" }] });
    const crafts = await (await app.request("/crafts")).text();
    expect(crafts).toContain("Form Ocean Coasters");
    expect(crafts).toContain("R299.90");
    const filtered = await (await app.request("/crafts?category=form%20public%20cat")).text();
    expect(filtered).toContain("Form Ocean Coasters");
    const page = await app.request(`/products/${row!.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Four resin coasters");
    const sitemap = await (await app.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`/products/${row!.id}`);
  });

  it("edits through the form: the public page changes at once", async () => {
    const { db } = services;
    const [row] = await listAdminProducts(db, "Form Ocean Coasters");
    const editPage = await (
      await app.request(`/admin/products/${row!.id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(editPage).toContain("Update Product");
    expect(editPage).toContain('value="299.90"');
    expect(editPage).toContain("Regular Categories");
    expect(editPage).toContain("Special Categories");

    const response = await postMultipart(app, `/admin/products/${row!.id}`, cookie, {
      name: "Form Ocean Coasters (set of 6)",
      description: "",
      price: "349",
    });
    expect(response.status).toBe(302);
    expect((await followRedirect(app, response, cookie)).html).toContain("Product updated");
    const product = await getProductForEdit(db, row!.id);
    expect(product).toMatchObject({
      name: "Form Ocean Coasters (set of 6)",
      description: null,
      priceCents: 34900,
      categoryIds: [],
      imageUrl: row!.imageUrl,
    });
    const page = await (await app.request(`/products/${row!.id}`)).text();
    expect(page).toContain("Form Ocean Coasters (set of 6)");
    expect(page).toContain("R349.00");
  });

  it("returns an edit opened from a searched list to that search, links included", async () => {
    const [row] = await listAdminProducts(services.db, "Form Ocean Coasters");
    const list = await (
      await app.request("/admin/products?q=ocean", { headers: { Cookie: cookie } })
    ).text();
    expect(list).toContain(`href="/admin/products/${row!.id}?q=ocean"`);
    const editPage = await (
      await app.request(`/admin/products/${row!.id}?q=ocean`, { headers: { Cookie: cookie } })
    ).text();
    // Back and Cancel, and the form's action (so the save knows the search without JavaScript).
    expect(editPage.match(/href="\/admin\/products\?q=ocean"/g)).toHaveLength(2);
    expect(editPage).toContain(`action="/admin/products/${row!.id}?q=ocean"`);

    const response = await postMultipart(app, `/admin/products/${row!.id}?q=ocean`, cookie, {
      name: row!.name,
      description: "",
      price: "349",
    });
    expect(response.status).toBe(302);
    const next = await followRedirect(app, response, cookie);
    expect(next.location).toBe("/admin/products?q=ocean");
    expect(next.html).toContain("Product updated");
  });

  it("sends an unknown id back to the list with 'Error fetching product'", async () => {
    for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
      const response = await app.request(`/admin/products/${id}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(302);
      const next = await followRedirect(app, response, cookie);
      expect(next.location).toBe("/admin/products");
      expect(next.html).toContain("Error fetching product");
    }
    // Saving a product deleted meanwhile: back to the list, nothing created.
    const count = (await listAdminProducts(services.db)).length;
    const response = await postMultipart(app, `/admin/products/${UNKNOWN_ID}`, cookie, {
      name: "Gone",
      price: "1",
    });
    expect(response.status).toBe(302);
    expect((await followRedirect(app, response, cookie)).html).toContain("Error updating product");
    expect(await listAdminProducts(services.db)).toHaveLength(count);
  });

  it("answers a failed save with 500, the product's error title, and the old state", async () => {
    const { db } = services;
    const [row] = await listAdminProducts(db, "Form Ocean Coasters");
    const before = await productState(db, row!.id);
    const undo = await injectInsertFailure(db, "audit_log");
    try {
      const response = await postMultipart(app, `/admin/products/${row!.id}`, cookie, {
        name: "Should Not Stick",
        price: "1.00",
        image: await pngFile(111),
      });
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(body).toContain("Error updating product");
      expect(body).not.toContain("injected failure");
    } finally {
      await undo();
    }
    expect(await productState(db, row!.id)).toEqual(before);
  });

  it("deletes from the list with the product's toast; the public pages forget it", async () => {
    const { db } = services;
    const [row] = await listAdminProducts(db, "Form Ocean Coasters");
    const response = await app.postForm(
      "/admin/products.data",
      { intent: "delete", id: row!.id },
      { headers: { Cookie: cookie } },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Product deleted");
    expect(body).toContain("Form Ocean Coasters (set of 6) has been successfully deleted.");
    expect(await db.select().from(products).where(eq(products.id, row!.id))).toEqual([]);
    expect((await app.request(`/products/${row!.id}`)).status).toBe(404);
    expect(await (await app.request("/crafts")).text()).not.toContain("Form Ocean Coasters");
    expect(await (await app.request("/sitemap.xml")).text()).not.toContain(row!.id);

    const again = await app.postForm(
      "/admin/products.data",
      { intent: "delete", id: row!.id },
      { headers: { Cookie: cookie } },
    );
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error deleting product");
    const bad = await app.postForm(
      "/admin/products.data",
      { intent: "delete", id: "x" },
      { headers: { Cookie: cookie } },
    );
    expect(bad.status).toBe(400);
  });

  it("asks again without JavaScript: ?delete=<id> shows the question inline", async () => {
    const [row] = await listAdminProducts(services.db, "Srch Plain Thing");
    const html = await (
      await app.request(`/admin/products?delete=${row!.id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(html).toContain("Delete Product");
    expect(html).toContain(
      "Are you sure you want to delete &quot;Srch Plain Thing&quot;? This action cannot be undone.",
    );
  });
});
