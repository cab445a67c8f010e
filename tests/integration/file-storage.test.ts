import type { Server } from "node:http";
import { count, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants } from "#app/lib/image-variants.ts";
import { saveProduct } from "#app/server/catalog/products.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { processImage } from "#app/server/storage/images.server.ts";
import { serveUploads } from "#app/server/storage/serve-uploads.server.ts";
import {
  createDatabaseStorage,
  createDiskStorage,
  type FileStorage,
  uploadsDirectory,
} from "#app/server/storage/storage.server.ts";
import { products, storedFiles } from "#db/schema/index.ts";
import { expectInjectedFailure, injectInsertFailure } from "#tests/setup/catalog.ts";
import { filesUnder, pngImage } from "#tests/setup/images.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Both file storages (decision 015), on the real database: the local disk (PGlite's default)
 * and the stored_files table (PostgreSQL's default). Each keeps bytes and type, is served at
 * /uploads with immutable caching, nosniff and 304 on a matching ETag, and writes an image in
 * the transaction of its product: a save that fails after the image was written stores
 * nothing at all.
 */

let handle: DatabaseHandle;
const servers: Server[] = [];
const ACTOR = { userId: null, email: "storage test" };

beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await handle.close();
});

const backends: [string, () => { storage: FileStorage; dataDir: string }][] = [
  [
    "disk",
    () => {
      const dataDir = createTempDataDir();
      return { storage: createDiskStorage(uploadsDirectory({ DATA_DIR: dataDir })), dataDir };
    },
  ],
  ["database", () => ({ storage: createDatabaseStorage(), dataDir: createTempDataDir() })],
];

async function serve(storage: FileStorage, dataDir: string): Promise<string> {
  const app = express();
  app.use("/uploads", serveUploads({ storage, db: handle.db, dataDir }));
  app.use((_req, res) => res.status(404).send("not found"));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/** Everything the storage holds: files on disk, rows in stored_files. */
async function storedKeys(storage: FileStorage) {
  return storage.list(handle.db);
}

describe.each(backends)("%s storage", (kind, make) => {
  it("keeps the bytes and the content type, lists and deletes", async () => {
    const { storage } = make();
    const body = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 250]);
    const key = `products/${kind}0000000000000000000000000000-320.webp`.slice(0, 64);
    expect(await storage.exists(handle.db, key)).toBe(false);
    expect(await storage.read(handle.db, key)).toBeNull();
    await storage.put(handle.db, key, body, "image/webp");
    expect(await storage.exists(handle.db, key)).toBe(true);
    const read = await storage.read(handle.db, key);
    expect(Buffer.from(read!.body).equals(Buffer.from(body))).toBe(true);
    expect(read!.contentType).toBe("image/webp");
    expect(await storage.list(handle.db)).toContain(key);
    await storage.delete(handle.db, key);
    expect(await storage.exists(handle.db, key)).toBe(false);
    await storage.delete(handle.db, key); // a missing file is not an error
  });

  it("serves a file immutable, with nosniff, its type, and 304 for its ETag", async () => {
    const { storage, dataDir } = make();
    const body = await pngImage(40, 30, 7);
    const key = `categories/${kind}-etag-test-320.webp`;
    await storage.put(handle.db, key, body, "image/webp");
    const base = await serve(storage, dataDir);

    const first = await fetch(`${base}/uploads/${key}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await first.arrayBuffer()).equals(body)).toBe(true);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();

    const again = await fetch(`${base}/uploads/${key}`, {
      // As a browser revalidates (fetch alone would add "no-cache", an end-to-end reload).
      headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetch(`${base}/uploads/${key}`, {
      headers: { "If-None-Match": '"something-else"' },
    });
    expect(other.status).toBe(200);

    expect((await fetch(`${base}/uploads/${key.replace("etag", "none")}`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/../package.json`)).status).toBe(404);
    await storage.delete(handle.db, key);
  });

  it("stores an image only with its product: a failure after the image write leaves nothing", async () => {
    const { storage } = make();
    const image = await processImage(await pngImage(700, 500, kind === "disk" ? 31 : 32));
    const [before] = await handle.db.select({ n: count() }).from(products);
    const keysBefore = await storedKeys(storage);
    const undo = await injectInsertFailure(handle.db, "products");
    try {
      await expectInjectedFailure(
        saveProduct(handle.db, storage, ACTOR, null, {
          name: `Fails after the image (${kind})`,
          description: null,
          priceCents: 1000,
          categoryIds: [],
          addPhotos: [image],
        }),
      );
    } finally {
      await undo();
    }
    const [after] = await handle.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n);
    expect(await storedKeys(storage)).toEqual(keysBefore);

    // The same save without the failure stores the product and every variant.
    const saved = await saveProduct(handle.db, storage, ACTOR, null, {
      name: `Saved with its image (${kind})`,
      description: null,
      priceCents: 1000,
      categoryIds: [],
      addPhotos: [image],
    });
    expect(saved.ok).toBe(true);
    const [row] = await handle.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, (saved as { id: string }).id));
    const keys = imageVariants(row!.imageUrl!)!.map((v) => storage.keyFromUrl(v.url)!);
    for (const key of keys) expect(await storage.exists(handle.db, key)).toBe(true);
  });
});

it("the database storage keeps files in stored_files, not on disk", async () => {
  const dataDir = createTempDataDir();
  const storage = createDatabaseStorage();
  await storage.put(
    handle.db,
    "products/only-in-the-database-320.webp",
    new Uint8Array([1]),
    "image/webp",
  );
  const [row] = await handle.db.select({ n: count() }).from(storedFiles);
  expect(row!.n).toBeGreaterThan(0);
  expect(filesUnder(dataDir)).toEqual([]);
});
