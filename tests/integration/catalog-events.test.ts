import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CHANNEL } from "#app/server/catalog/catalog-events.server.ts";
import { deleteCategory, saveCategory } from "#app/server/catalog/categories.server.ts";
import { deleteProduct, saveProduct } from "#app/server/catalog/products.server.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { listenWithPayloads } from "#tests/setup/catalog.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Every committed catalogue change announces itself on the catalogue channel, so every app
 * process drops its cached public pages (decision 011); a refused or failed change does not.
 */

let handle: DatabaseHandle;
let services: AppServices;
/** The payloads heard on the catalogue channel, in the order they were sent. */
const heard: string[] = [];
let stop: () => Promise<void>;
const actor = { userId: null, email: "catalogue-events@example.co.za" };

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  stop = await listenWithPayloads(handle, (payload) => heard.push(payload));
}, 60_000);
afterAll(async () => {
  await stop();
  await handle.close();
});

/**
 * How many notifications a change sent. No waiting for one to arrive: a marker notification
 * is sent after the change, and one connection hears notifications in commit order, so once
 * the marker is heard every notification of the change has been heard too (docs/testing.md
 * "Time in tests").
 */
async function eventsDuring(change: () => Promise<unknown>) {
  const before = heard.length;
  await change();
  const marker = `marker-${crypto.randomUUID()}`;
  await services.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${marker})`);
  await expect.poll(() => heard.includes(marker)).toBe(true);
  return heard.slice(before).filter((payload) => payload !== marker).length;
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
