import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants } from "#app/lib/image-variants.ts";
import { restoreBackupFile, writeBackupFile } from "#app/server/backup/backup.server.ts";
import { currentPrices, listProducts } from "#app/server/catalog/catalog.server.ts";
import {
  deleteProduct,
  getProductForEdit,
  listAdminProducts,
  saveProduct,
} from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import { createDiskStorage, uploadsDirectory } from "#app/server/storage/storage.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import { productPhotos, products } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { auditRows, followRedirect, postMultipart, productState } from "#tests/setup/catalog.ts";
import { filesUnder, HTML_FILE, pngImage } from "#tests/setup/images.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { storedFileBytes } from "#tests/setup/shop.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * A product's photos (docs/product.md §3.5 "Photos", decision 039): at most 8, in the order the
 * owner gives, the first the cover that lists and the cart show (`products.image_url`); each
 * decoded and re-encoded like any upload; removed photos' files go; a backup keeps them all.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: SessionUser;
let cookie: string;
let uploads: string;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  let user: { id: string; email: string };
  ({ handle, services, app, cookie, admin: user } = await createAdminApp());
  uploads = uploadsDirectory(services.env);
  admin = { userId: user.id, email: user.email, sessionId: "test", isAdmin: true };
}, 120_000);
afterAll(async () => {
  for (const h of handles) await h.close();
  await handle.close();
});

const pngFile = async (seed: number, name = `photo-${seed}.png`) =>
  new File([new Uint8Array(await pngImage(500, 400, seed))], name, { type: "image/png" });

/** The files of an image URL, as paths under uploads/. */
const filesOf = (url: string) =>
  (imageVariants(url) ?? []).map((v) => v.url.replace("/uploads/", ""));

const urlOf = (hash: string) => `/uploads/products/${hash}-500.webp`;

async function createWithPhotos(name: string, seeds: number[]) {
  const images = await Promise.all(
    seeds.map(async (seed) => processImage(await pngImage(500, 400, seed))),
  );
  const result = await saveProduct(services.db, services.storage, admin, null, {
    name,
    description: null,
    priceCents: 1000,
    categoryIds: [],
    addPhotos: images,
  });
  if (!result.ok) throw new Error(result.message);
  return { id: result.id, urls: images.map((image) => urlOf(image.hash)) };
}

const BASE = { description: null, priceCents: 1000, categoryIds: [] as string[] };

describe("adding photos through the product form", () => {
  it("stores several photos in the order chosen, each as WebP variants, the first the cover", async () => {
    const response = await postMultipart(app, "/admin/products/new", cookie, {
      name: "Form Three Photos",
      price: "150.00",
      image: [await pngFile(301), await pngFile(302), await pngFile(303)] as unknown as string[],
    });
    expect(response.status).toBe(302);
    expect((await followRedirect(app, response, cookie)).html).toContain("Product created");
    const [row] = await listAdminProducts(services.db, "Form Three Photos");
    const state = (await productState(services.db, row!.id))!;
    expect(state.photos).toHaveLength(3);
    expect(state.imageUrl).toBe(state.photos[0]);
    expect(row!.imageUrl).toBe(state.photos[0]);
    const files = filesUnder(uploads);
    for (const url of state.photos) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-500\.webp$/);
      expect(files).toEqual(expect.arrayContaining(filesOf(url)));
    }
    // The edit form lists them in order.
    expect((await getProductForEdit(services.db, row!.id))!.photos).toEqual(state.photos);
    const edit = await (
      await app.request(`/admin/products/${row!.id}`, { headers: { Cookie: cookie } })
    ).text();
    const positions = state.photos.map((url) => edit.indexOf(`value="${url}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("refuses a ninth photo with the message, and writes nothing", async () => {
    const { id, urls } = await createWithPhotos(
      "Seven Photos",
      [311, 312, 313, 314, 315, 316, 317],
    );
    const filesBefore = filesUnder(uploads);
    const response = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Seven Photos",
      price: "10.00",
      photos: urls,
      image: [await pngFile(318), await pngFile(319)] as unknown as string[],
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "A product has at most 8 photos; this would give it 9. Remove some, or add fewer.",
    );
    expect((await productState(services.db, id))!.photos).toEqual(urls);
    expect(filesUnder(uploads)).toEqual(filesBefore);

    // The domain refuses too (a form without its list of photos), and removes what it wrote.
    const refused = await saveProduct(services.db, services.storage, admin, id, {
      name: "Seven Photos",
      ...BASE,
      addPhotos: [
        await processImage(await pngImage(500, 400, 318)),
        await processImage(await pngImage(500, 400, 319)),
      ],
    });
    expect(refused).toEqual({
      ok: false,
      code: "photos",
      message: "A product has at most 8 photos; this would give it 9. Remove some, or add fewer.",
    });
    expect(filesUnder(uploads)).toEqual(filesBefore);

    // The eighth is accepted; removing one makes room for another in the same save.
    const eighth = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Seven Photos",
      price: "10.00",
      photos: urls,
      image: await pngFile(318),
    });
    expect(eighth.status).toBe(302);
    const eight = (await productState(services.db, id))!.photos;
    expect(eight).toHaveLength(8);
    const swapped = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Seven Photos",
      price: "10.00",
      photos: eight,
      removePhotos: eight[3]!,
      image: await pngFile(319),
    });
    expect(swapped.status).toBe(302);
    const after = (await productState(services.db, id))!.photos;
    expect(after).toHaveLength(8);
    expect(after).not.toContain(eight[3]);
    expect(after[7]).not.toBe(eight[7]);
  });

  it("refuses a bad file among several, naming it, and keeps the product as it was", async () => {
    const { id, urls } = await createWithPhotos("Bad Among Good", [321]);
    const filesBefore = filesUnder(uploads);
    const response = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Bad Among Good",
      price: "10.00",
      photos: urls,
      image: [
        await pngFile(322),
        new File([HTML_FILE], "page.png", { type: "image/png" }),
      ] as unknown as string[],
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(
      "page.png: The file is not an image: upload a JPEG, PNG, WebP, GIF or AVIF image.",
    );
    expect((await productState(services.db, id))!.photos).toEqual(urls);
    expect(filesUnder(uploads)).toEqual(filesBefore);
  });
});

describe("changing the order", () => {
  it("reorders; the new first photo is the cover in the admin list, the shop, the cart and the page", async () => {
    const { id, urls } = await createWithPhotos("Reorder Lamp", [331, 332, 333]);
    const [a, b, c] = urls as [string, string, string];
    const response = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Reorder Lamp",
      price: "10.00",
      photos: [c, a, b],
    });
    expect(response.status).toBe(302);
    expect((await productState(services.db, id))!.photos).toEqual([c, a, b]);
    expect((await listAdminProducts(services.db, "Reorder Lamp"))[0]!.imageUrl).toBe(c);
    const shop = await listProducts(services.db, {});
    expect(shop.find((p) => p.id === id)?.imageUrl).toBe(c);
    expect((await currentPrices(services.db, [id]))[0]!.imageUrl).toBe(c);
    const cartPrices = await (await app.request(`/resources/cart-prices?id=${id}`)).text();
    expect(cartPrices).toContain(c);
    expect(cartPrices).not.toContain(a);
    const audit = (await auditRows(services.db, "product", id)).at(-1)!;
    expect(audit.details).toMatchObject({ imageUrl: c, photos: [c, a, b] });

    // The product page: every photo, the cover first and the only one loaded at once.
    const html = await (await app.request(`/products/${id}`)).text();
    const imgs = [...html.matchAll(/<img [^>]*src="([^"]+)"[^>]*>/g)]
      .filter((m) => urls.includes(m[1]!))
      .map((m) => ({ src: m[1], eager: m[0].includes('loading="eager"') }));
    expect(imgs.slice(0, 3)).toEqual([
      { src: c, eager: true },
      { src: a, eager: false },
      { src: b, eager: false },
    ]);
    expect(imgs.filter((img) => img.eager)).toHaveLength(1);
    expect(html).toContain('aria-label="Choose a photo"');
    expect(html).toContain('href="#photo-3"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld.image).toEqual([c, a, b].map((url) => `http://localhost:3000${url}`));
  });

  it("refuses an order made from photos another save has changed, and a photo named twice", async () => {
    const { id, urls } = await createWithPhotos("Stale Order", [341, 342]);
    const [a, b] = urls as [string, string];
    const cases: Record<string, string | string[]>[] = [
      { photos: [a] }, // one missing: made before a photo was added
      { photos: [a, b, "/uploads/products/0123456789abcdef0123456789abcdef-500.webp"] },
      { photos: [a, a] },
      {
        photos: [a, b],
        removePhotos: "/uploads/products/0123456789abcdef0123456789abcdef-500.webp",
      },
    ];
    for (const fields of cases) {
      const response = await postMultipart(app, `/admin/products/${id}`, cookie, {
        name: "Stale Order",
        price: "10.00",
        ...fields,
      });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(await response.text()).toContain(
        "The photos were changed meanwhile: reload the page and try again.",
      );
      expect((await productState(services.db, id))!.photos).toEqual([a, b]);
    }
  });

  it("shows a product saved before photos (image_url only) as its one photo, kept when one is added", async () => {
    const { id, urls } = await createWithPhotos("Old Style", [351]);
    await services.db.delete(productPhotos).where(eq(productPhotos.productId, id));
    expect((await getProductForEdit(services.db, id))!.photos).toEqual(urls);
    const saved = await saveProduct(services.db, services.storage, admin, id, {
      name: "Old Style",
      ...BASE,
      photoOrder: urls,
      addPhotos: [await processImage(await pngImage(500, 400, 352))],
    });
    expect(saved.ok).toBe(true);
    const state = (await productState(services.db, id))!;
    expect(state.photos).toHaveLength(2);
    expect(state.photos[0]).toBe(urls[0]);
    expect(state.imageUrl).toBe(urls[0]);
  });
});

describe("removing photos", () => {
  it("removes their files, moves the cover on, and keeps files another product uses", async () => {
    const { id, urls } = await createWithPhotos("Remove Vase", [361, 362, 363]);
    const [a, b, c] = urls as [string, string, string];
    const other = await createWithPhotos("Shares A Photo", [362]);
    const response = await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Remove Vase",
      price: "10.00",
      photos: urls,
      removePhotos: [a, b],
    });
    expect(response.status).toBe(302);
    const state = (await productState(services.db, id))!;
    expect(state.photos).toEqual([c]);
    expect(state.imageUrl).toBe(c);
    const files = filesUnder(uploads);
    for (const gone of filesOf(a)) expect(files).not.toContain(gone);
    // b is the other product's photo too: its files stay.
    expect(other.urls).toEqual([b]);
    expect(files).toEqual(expect.arrayContaining(filesOf(b)));

    // Removing the last one leaves no cover.
    await postMultipart(app, `/admin/products/${id}`, cookie, {
      name: "Remove Vase",
      price: "10.00",
      photos: [c],
      removePhotos: c,
    });
    expect(await productState(services.db, id)).toMatchObject({ imageUrl: null, photos: [] });
    for (const gone of filesOf(c)) expect(filesUnder(uploads)).not.toContain(gone);
  });

  it("removes every photo's files when the product is deleted", async () => {
    const { id, urls } = await createWithPhotos("Delete Me", [371, 372, 373]);
    expect(await deleteProduct(services.db, services.storage, admin, id)).toEqual({
      ok: true,
      name: "Delete Me",
    });
    const files = filesUnder(uploads);
    for (const url of urls) for (const gone of filesOf(url)) expect(files).not.toContain(gone);
    expect(
      await services.db.select().from(productPhotos).where(eq(productPhotos.productId, id)),
    ).toEqual([]);
  });

  it("keeps a non-cover photo's files while a product still shows it", async () => {
    const one = await createWithPhotos("Keeps Second", [381, 382]);
    const two = await createWithPhotos("Had Second As Cover", [382]);
    await deleteProduct(services.db, services.storage, admin, two.id);
    // 382 is only a second photo of "Keeps Second" now: it is still referenced.
    expect(filesUnder(uploads)).toEqual(expect.arrayContaining(filesOf(one.urls[1]!)));
  });
});

describe("backup → restore", () => {
  it("keeps every photo of every product, in order, with its files", {
    timeout: 120_000,
  }, async () => {
    const { id, urls } = await createWithPhotos("Backed Up", [391, 392, 393]);
    const file = path.join(createTempDataDir(), "photos.backup");
    await writeBackupFile(services.db, services.storage, handle.kind, file);
    const target = await createTestDatabase();
    handles.push(target);
    const storage = createDiskStorage(uploadsDirectory({ DATA_DIR: createTempDataDir() }));
    await restoreBackupFile(target.db, storage, file);
    expect((await productState(target.db, id))!.photos).toEqual(urls);
    const [row] = await target.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, id));
    expect(row!.imageUrl).toBe(urls[0]);
    const sourceFiles = await storedFileBytes(services.db, services.storage);
    const restored = await storedFileBytes(target.db, storage);
    for (const url of urls) {
      for (const key of filesOf(url)) expect(restored[key]).toBe(sourceFiles[key]);
    }
  });
});
