import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import { getDashboardTodo, getWeekComparison } from "#app/server/dashboard/dashboard.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { listOrders, type OrderListQuery } from "#app/server/orders/order-list.server.ts";
import { registerUser } from "#app/server/users/accounts.server.ts";
import { heldSubmissions } from "#db/schema/index.ts";
import { createOrder, createQuoteRequest, createSubscriber } from "#tests/factories/operations.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * The dashboard's to-do list: what waits and what is overdue, at its boundaries (a clock
 * passed in, no waiting), the overdue filter its items link to, and this week against last
 * week.
 */

const NOW = new Date("2026-11-25T10:00:00Z"); // Wednesday 12:00 in Johannesburg
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const query = (q: Partial<OrderListQuery>): OrderListQuery => ({
  q: null,
  status: null,
  payment: null,
  overdue: false,
  page: 1,
  ...q,
});

describe("getDashboardTodo: boundaries", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle.close());

  it("counts an order awaiting contact at 24 h, not at 23 h 59 min", async () => {
    const { db } = handle;
    await createOrder(db, { customerName: "Fresh", createdAt: ago(23 * HOUR + 59 * MINUTE) });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ awaitingContact: { overdue: 0 } });
    await createOrder(db, { customerName: "Due", createdAt: ago(24 * HOUR) });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ awaitingContact: { overdue: 1 } });
    // A minute later the fresh one is due too: the clock alone moves it.
    expect(await getDashboardTodo(db, new Date(NOW.getTime() + MINUTE))).toMatchObject({
      awaitingContact: { waiting: 2, overdue: 2 },
    });
  });

  it("leaves finished orders (delivered, cancelled) out", async () => {
    const { db } = handle;
    await createOrder(db, { status: "cancelled", createdAt: ago(3 * DAY) });
    await createOrder(db, { status: "delivered", createdAt: ago(3 * DAY) });
    await createOrder(db, { status: "shipped", customerName: "Shipped", createdAt: ago(3 * DAY) });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ awaitingContact: { overdue: 2 } });
  });

  it("counts an arranged, unpaid order at 7 days after it was arranged, not before", async () => {
    const { db } = handle;
    await createOrder(db, {
      createdAt: ago(30 * DAY),
      payment: { status: "arranged", arrangedAt: ago(7 * DAY - MINUTE) },
    });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ arrangedUnpaid: { overdue: 0 } });
    await createOrder(db, {
      createdAt: ago(30 * DAY),
      payment: { status: "arranged", arrangedAt: ago(7 * DAY) },
    });
    await createOrder(db, {
      status: "cancelled",
      createdAt: ago(30 * DAY),
      payment: { status: "arranged", arrangedAt: ago(20 * DAY) },
    });
    await createOrder(db, {
      createdAt: ago(30 * DAY),
      payment: { status: "paid", amount: "10.00", paidOn: "2026-11-01" },
    });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ arrangedUnpaid: { overdue: 1 } });
  });

  it("counts an open quote request at 48 h, not at 47 h 59 min, nor a resolved one", async () => {
    const { db } = handle;
    await createQuoteRequest(db, { createdAt: ago(47 * HOUR + 59 * MINUTE) });
    await createQuoteRequest(db, { createdAt: ago(10 * DAY), isResolved: true });
    expect(await getDashboardTodo(db, NOW)).toMatchObject({ openQuoteRequests: { overdue: 0 } });
    await createQuoteRequest(db, { createdAt: ago(48 * HOUR) });
    // Waiting counts every open one, overdue or not.
    expect(await getDashboardTodo(db, NOW)).toEqual({
      awaitingContact: { waiting: 3, overdue: 2 },
      arrangedUnpaid: { waiting: 2, overdue: 1 },
      openQuoteRequests: { waiting: 2, overdue: 1 },
      heldSubmissions: 0,
      accountsAwaitingApproval: 0,
    });
  });

  it("links each order item to a list filtered to exactly those orders", async () => {
    const { db } = handle;
    const todo = await getDashboardTodo(db, NOW);
    const awaiting = await listOrders(
      db,
      query({ payment: "awaiting_contact", overdue: true }),
      NOW,
    );
    expect(awaiting.total).toBe(todo.awaitingContact.overdue);
    expect(awaiting.orders.map((o) => o.customerName).sort()).toEqual(["Due", "Shipped"]);
    const unpaid = await listOrders(db, query({ payment: "arranged", overdue: true }), NOW);
    expect(unpaid.total).toBe(todo.arrangedUnpaid.overdue);
    // Without "overdue", every order in that state.
    const all = await listOrders(db, query({ payment: "awaiting_contact" }), NOW);
    expect(all.total).toBe(5);
  });
});

describe("getWeekComparison", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle.close());

  it("compares this week (from Monday 00:00 in Johannesburg) with all of last week", async () => {
    const { db } = handle;
    // This week began on Monday 23 November 2026, 00:00 SAST = 22 November 22:00 UTC.
    const monday = new Date("2026-11-22T22:00:00Z");
    await createOrder(db, { createdAt: monday });
    await createOrder(db, { createdAt: new Date(monday.getTime() + DAY) });
    await createOrder(db, { createdAt: new Date(monday.getTime() - 1) }); // Sunday 23:59:59
    await createOrder(db, { createdAt: new Date(monday.getTime() - 7 * DAY) }); // last Monday
    await createOrder(db, { createdAt: new Date(monday.getTime() - 7 * DAY - 1) }); // before
    await createOrder(db, {
      createdAt: new Date(monday.getTime() - 10 * DAY),
      payment: { status: "paid", amount: "450.50", paidOn: "2026-11-23" },
    });
    await createOrder(db, {
      createdAt: new Date(monday.getTime() - 10 * DAY),
      payment: { status: "paid", amount: "0.25", paidOn: "2026-11-25" },
    });
    await createOrder(db, {
      createdAt: new Date(monday.getTime() - 10 * DAY),
      payment: { status: "paid", amount: "100.00", paidOn: "2026-11-22" },
    });
    await createSubscriber(db, { createdAt: new Date(monday.getTime() + HOUR) });
    await createSubscriber(db, { createdAt: new Date(monday.getTime() - HOUR) });
    await createSubscriber(db, { createdAt: new Date(monday.getTime() - 2 * HOUR) });

    expect(await getWeekComparison(db, NOW)).toEqual({
      weekStart: "2026-11-23",
      newOrders: { thisWeek: 2, lastWeek: 2 },
      paidRevenueCents: { thisWeek: 45_075, lastWeek: 10_000 },
      subscribers: { thisWeek: 1, lastWeek: 2 },
    });
  });
});

describe("the dashboard page", () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    services = createTestServices(handle);
    app = await createTestApp(services);
    const admin = await createTestUser(services.db, { admin: true });
    cookie = (await signedInCookie(services, admin.id)).cookie;
  }, 120_000);
  afterAll(() => handle.close());

  const dashboard = async () =>
    (await app.request("/admin/dashboard", { headers: { Cookie: cookie } })).text();

  it("says 'Nothing to do' only when nothing waits; lists new work, overdue first and marked", async () => {
    expect(await dashboard()).toContain(
      "Nothing to do: no order, payment, quote request, held submission or account is waiting.",
    );
    // A new order waiting for its first call is work, though not overdue.
    await createOrder(services.db, { createdAt: new Date(Date.now() - HOUR) });
    let html = await dashboard();
    expect(html).not.toContain("Nothing to do");
    expect(html).toContain("1 new order awaiting contact");
    expect(html.match(/<a[^>]*data-todo="new-orders"[^>]*>/)?.[0]).toContain(
      'href="/admin/orders?payment=awaiting_contact"',
    );

    await createOrder(services.db, { createdAt: new Date(Date.now() - 2 * DAY) });
    await createQuoteRequest(services.db, { createdAt: new Date(Date.now() - 3 * DAY) });
    await createQuoteRequest(services.db, { createdAt: new Date(Date.now() - HOUR) });
    html = await dashboard();
    const link = html.match(/<a[^>]*data-todo="awaiting-contact"[^>]*>/)?.[0];
    expect(link).toContain('href="/admin/orders?payment=awaiting_contact&amp;overdue=1"');
    expect(link).toContain('data-overdue="true"');
    expect(html).toContain("1 order awaiting contact for 24 hours or more");
    expect(html).toContain("1 open quote request older than 48 hours");
    expect(html).toContain("1 open quote request waiting for an answer");
    expect(html).not.toContain('data-todo="arranged-unpaid"');
    // Overdue first, each marked in words; then what waits.
    const order = ["awaiting-contact", "open-quotes", "new-orders", "quotes-waiting"].map((key) =>
      html.indexOf(`data-todo="${key}"`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/>Overdue</g)).toHaveLength(2);
    // Above the product's cards.
    expect(html.indexOf('data-todo="awaiting-contact"')).toBeLessThan(
      html.indexOf('data-testid="count-/admin/products"'),
    );
    expect(html).toContain("This week");
    expect(html).toContain("Paid revenue");
  });

  it("counts held submissions and accounts awaiting approval, linked to their lists", async () => {
    await services.db.insert(heldSubmissions).values({
      form: "quote",
      reason: "too-fast",
      name: "Held Hlengiwe",
      email: "held@example.com",
      payload: { name: "Held Hlengiwe" },
    });
    await registerUser(services.db, "asker@example.co.za", "asker-password-1", {
      requestsAccessAt: new Date(),
    });
    const html = await dashboard();
    expect(html).toContain("1 submission held as possible spam");
    expect(html.match(/<a[^>]*data-todo="held"[^>]*>/)?.[0]).toContain('href="/admin/held"');
    expect(html).toContain("1 account awaiting approval");
    expect(html.match(/<a[^>]*data-todo="accounts"[^>]*>/)?.[0]).toContain(
      'href="/admin/users?awaiting=1"',
    );
  });
});
