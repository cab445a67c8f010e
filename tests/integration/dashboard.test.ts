import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import { getOrdersPerWeek } from "#app/server/dashboard/dashboard.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  categories,
  contactRequests,
  newsletterSubscribers,
  orders,
  products,
} from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;

const order = (createdAt: Date, status: "pending" | "shipped" = "pending") => ({
  customerName: "Buyer",
  email: "buyer@example.com",
  phone: "0310000000",
  status,
  createdAt,
  updatedAt: createdAt,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());

describe("dashboard", () => {
  it("shows exact counts, open quote requests and pending orders, rendered by the server", async () => {
    const { db } = services;
    await db.insert(categories).values({ name: "Gifts" });
    await db
      .insert(products)
      .values(Array.from({ length: 7 }, (_, i) => ({ name: `Product ${i}`, price: "12.50" })));
    const now = new Date();
    await db.insert(orders).values([order(now), order(now), order(now, "shipped")]);
    await db
      .insert(newsletterSubscribers)
      .values([{ email: "a@example.com" }, { email: "b@example.com" }]);
    await db.insert(contactRequests).values([
      { name: "A", email: "a@example.com", service: "iot", message: "Hi", isResolved: true },
      { name: "B", email: "b@example.com", service: "other", message: "Hi" },
      { name: "C", email: "c@example.com", service: "General Contact", message: "Hi" },
      { name: "D", email: "d@example.com", service: "hardware", message: "Hi" },
    ]);
    const admin = await createTestUser(db, { admin: true });
    const { cookie } = await signedInCookie(services, admin.id);
    const response = await app.request("/admin/dashboard", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const count = (to: string) =>
      html.match(new RegExp(`data-testid="count-${to}"[^>]*>(\\d+)<`))?.[1];
    expect(count("/admin/products")).toBe("7");
    expect(count("/admin/orders")).toBe("3");
    expect(count("/admin/subscribers")).toBe("2");
    expect(count("/admin/quote-requests")).toBe("4");
    expect(html).toContain(">2 pending<");
    expect(html).toContain(">3 open<");
    expect(html).toContain("Orders per week");
    for (const to of ["products", "orders", "subscribers", "quote-requests"]) {
      expect(html).toContain(`href="/admin/${to}"`);
    }
  });

  it("counts orders per Johannesburg week, 12 weeks with empty weeks as 0", async () => {
    const { db } = services;
    // Wednesday 2026-11-18 12:00 SAST; its week starts Monday 2026-11-16 00:00 SAST
    // (= 2026-11-15 22:00 UTC).
    const now = new Date("2026-11-18T10:00:00Z");
    await db.delete(orders);
    await db.insert(orders).values([
      order(new Date("2026-11-15T22:00:00Z")), // Monday 00:00 SAST: this week
      order(new Date("2026-11-15T21:59:59Z")), // Sunday 23:59:59 SAST: last week
      order(new Date("2026-11-18T09:00:00Z")),
      order(new Date("2026-08-24T10:00:00Z")), // the week starting 24 Aug: 12 weeks ago, outside
      order(new Date("2026-08-31T10:00:00Z")), // the oldest week shown
    ]);
    const weeks = await getOrdersPerWeek(db, now);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: "2026-08-31", count: 1 });
    expect(weeks.at(-1)).toEqual({ weekStart: "2026-11-16", count: 2 });
    expect(weeks.at(-2)).toEqual({ weekStart: "2026-11-09", count: 1 });
    expect(weeks.slice(1, -2).every((w) => w.count === 0)).toBe(true);
  });
});
