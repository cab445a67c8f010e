import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import { deleteCategory, saveCategory } from "#app/server/catalog/categories.server.ts";
import { deleteProduct, saveProduct } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { listenForChannel } from "#app/server/db/listen.server.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Every committed catalogue change announces itself on the catalogue channel, so every app
 * process drops its cached public pages (decision 011); a refused or failed change does not.
 */

let handle: DatabaseHandle;
let services: AppServices;
let events = 0;
let stop: () => Promise<void>;
const actor = { userId: null, email: "catalogue-events@example.co.za" };

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  stop = await listenForChannel(handle, CATALOG_CHANNEL, () => {
    events += 1;
  });
  // A PostgreSQL listener also reports its own connection once.
  await new Promise((resolve) => setTimeout(resolve, 300));
}, 60_000);
afterAll(async () => {
  await stop();
  await handle.close();
});

/** Waits long enough for a notification to arrive, and says how many did. */
async function eventsDuring(change: () => Promise<unknown>) {
  const before = events;
  await change();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return events - before;
}

describe("catalogue change notifications", () => {
  it("are sent for each committed save and delete, and not for refused ones", async () => {
    const { db, storage } = services;
    let categoryId = "";
    expect(
      await eventsDuring(async () => {
        const saved = await saveCategory(db, storage, actor, null, {
          name: "Wedding Gifts",
          isSpecial: true,
        });
        if (!saved.ok) throw new Error(saved.message);
        categoryId = saved.id;
      }),
    ).toBe(1);

    // A duplicate name is refused: nothing changed, nothing announced.
    expect(
      await eventsDuring(() =>
        saveCategory(db, storage, actor, null, { name: "wedding gifts", isSpecial: false }),
      ),
    ).toBe(0);

    let productId = "";
    expect(
      await eventsDuring(async () => {
        const saved = await saveProduct(db, storage, actor, null, {
          name: "Engraved Cake Topper",
          description: null,
          priceCents: 18_000,
          categoryIds: [categoryId],
        });
        if (!saved.ok) throw new Error(saved.message);
        productId = saved.id;
      }),
    ).toBe(1);

    // Still in use: refused.
    expect(await eventsDuring(() => deleteCategory(db, storage, actor, categoryId))).toBe(0);
    expect(
      await eventsDuring(() =>
        deleteProduct(db, storage, actor, "00000000-0000-4000-8000-000000000000"),
      ),
    ).toBe(0);
    expect(await eventsDuring(() => deleteProduct(db, storage, actor, productId))).toBe(1);
    expect(await eventsDuring(() => deleteCategory(db, storage, actor, categoryId))).toBe(1);
  });
});
