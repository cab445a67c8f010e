import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { readRowCount } from "#app/server/db/row-counts.server.ts";
import { contactRequests, newsletterSubscribers, ROW_COUNT } from "#db/schema/index.ts";
import { sqlRows } from "#tests/factories/operations.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 009: the subscribers' and quote requests' totals come from counters kept by triggers
 * (migration 0011). They must equal counting the rows after anything that writes them.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(() => handle.close());

async function counted() {
  const [row] = await sqlRows<{ subscribers: number; open: number; resolved: number }>(
    handle.db,
    sql`select (select count(*)::int from newsletter_subscribers) as subscribers,
          (select count(*)::int from contact_requests where not is_resolved) as open,
          (select count(*)::int from contact_requests where is_resolved) as resolved`,
  );
  return row!;
}

async function expectCountersExact() {
  const { subscribers, open, resolved } = await counted();
  expect(await readRowCount(handle.db, ROW_COUNT.subscribers)).toBe(subscribers);
  expect(await readRowCount(handle.db, ROW_COUNT.openRequests)).toBe(open);
  expect(await readRowCount(handle.db, ROW_COUNT.resolvedRequests)).toBe(resolved);
}

const request = (name: string, isResolved = false) => ({
  name,
  email: `${name.toLowerCase()}@example.co.za`,
  service: "Web Development",
  message: "Please quote.",
  isResolved,
});

describe("row counters", () => {
  it("start at zero", async () => {
    await expectCountersExact();
    expect(await readRowCount(handle.db, ROW_COUNT.subscribers)).toBe(0);
  });

  it("follow inserts, one at a time and in bulk, and deletes", async () => {
    await handle.db.insert(newsletterSubscribers).values({ email: "one@example.co.za" });
    await handle.db
      .insert(newsletterSubscribers)
      .values([{ email: "two@example.co.za" }, { email: "three@example.co.za" }]);
    await handle.db.execute(
      sql`insert into newsletter_subscribers (email) select 'bulk' || g || '@example.co.za' from generate_series(1, 250) g`,
    );
    await handle.db
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "two@example.co.za"));
    await handle.db.insert(contactRequests).values([request("Ayanda"), request("Bongani", true)]);
    await handle.db.insert(contactRequests).values(request("Karabo"));
    await expectCountersExact();
    expect(await readRowCount(handle.db, ROW_COUNT.subscribers)).toBe(252);
  });

  it("follow a request resolved, reopened and deleted, and a failed insert", async () => {
    await handle.db
      .update(contactRequests)
      .set({ isResolved: true })
      .where(eq(contactRequests.name, "Ayanda"));
    await expectCountersExact();
    await handle.db.update(contactRequests).set({ isResolved: false });
    await expectCountersExact();
    await handle.db.delete(contactRequests).where(eq(contactRequests.name, "Karabo"));
    await expectCountersExact();
    // A duplicate address is refused: nothing is counted.
    await expect(
      handle.db.insert(newsletterSubscribers).values({ email: "ONE@example.co.za" }),
    ).rejects.toThrow();
    await expectCountersExact();
  });

  it("are emptied by a truncate", async () => {
    await handle.db.execute(sql`truncate newsletter_subscribers, contact_requests`);
    await expectCountersExact();
    expect(await readRowCount(handle.db, ROW_COUNT.openRequests, ROW_COUNT.resolvedRequests)).toBe(
      0,
    );
  });
});
