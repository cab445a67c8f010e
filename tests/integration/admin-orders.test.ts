import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS_VALUES } from "#app/lib/order-status.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  addOrderNote,
  changeOrderStatus,
  getOrder,
  getOrderHistory,
} from "#app/server/orders/admin-orders.server.ts";
import {
  countOrders,
  DIRECT_OFFSET_LIMIT,
  listOrders,
  ORDERS_PAGE_SIZE,
  type OrderListQuery,
  phoneSearchDigits,
  SEARCH_COUNT_LIMIT,
  SHORT_SEARCH_COUNT_LIMIT,
  searchLookupToken,
} from "#app/server/orders/order-list.server.ts";
import {
  auditLog,
  notifications,
  type OrderStatus,
  orderDayCounts,
  orderEvents,
  orderStatusCounts,
  orders,
} from "#db/schema/index.ts";
import { countedByStatus, createOrder, minutesAgo, sqlRows } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import type { TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 009, /admin/orders and /admin/orders/{id}: search, filter and pages in the database,
 * status changes with history, notes, e-mail and audit, 404s, through the domain functions
 * and through the real route handler.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "orders-admin@example.com",
  }));
}, 120_000);
afterAll(() => handle.close());

const query = (q: Partial<OrderListQuery> = {}): OrderListQuery => ({
  q: null,
  status: null,
  payment: null,
  overdue: false,
  page: 1,
  ...q,
});

const actor = () => ({ userId: admin.id, email: admin.email });

async function page(path: string) {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  return { response, html: await response.text() };
}

describe("the orders page on an empty shop", () => {
  // First in the file: the shared database has no orders yet.
  it("says 'No orders received yet', without pages", async () => {
    const { response, html } = await page("/admin/orders");
    expect(response.status).toBe(200);
    expect(html).toContain("No orders received yet");
    expect(html).toContain('placeholder="Search orders by customer name, email or phone..."');
    expect(html).toContain("All Statuses");
    expect(html).not.toContain('aria-label="Orders pages"');
  });
});

describe("listOrders: pages of 10, newest first", () => {
  let db: DatabaseHandle;
  /** Every order of `db`, newest first, as the list must show them. */
  const expected: string[] = [];
  let added = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(() => db.close());

  async function addOrders(n: number) {
    for (let i = 0; i < n; i++) {
      // Orders come in pairs with the same timestamp: ties are ordered by id.
      const order = await createOrder(db.db, { createdAt: minutesAgo(-Math.floor(added / 2)) });
      added++;
      expected.push(order.id);
    }
    const rows = await db.db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders);
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    expected.splice(0, expected.length, ...rows.map((row) => row.id));
  }

  async function everyPage() {
    const first = await listOrders(db.db, query());
    const ids = [...first.orders.map((o) => o.id)];
    for (let p = 2; p <= first.pageCount; p++) {
      const next = await listOrders(db.db, query({ page: p }));
      expect(next.page).toBe(p);
      expect(next.orders.length).toBe(p < first.pageCount ? 10 : expected.length - (p - 1) * 10);
      ids.push(...next.orders.map((o) => o.id));
    }
    return { first, ids };
  }

  it("has one empty page at 0 orders", async () => {
    const result = await listOrders(db.db, query());
    expect(result).toMatchObject({ total: 0, page: 1, pageCount: 1, totalIsExact: true });
    expect(result.orders).toEqual([]);
    expect(await listOrders(db.db, query({ page: 5 }))).toMatchObject({ page: 1, total: 0 });
  });

  it("has one full page at 10 orders", async () => {
    await addOrders(10);
    const { first, ids } = await everyPage();
    expect(first).toMatchObject({ total: 10, pageCount: 1, pageSize: ORDERS_PAGE_SIZE });
    expect(ids).toEqual(expected);
  });

  it("has a second page with the oldest order at 11", async () => {
    await addOrders(1);
    const { first, ids } = await everyPage();
    expect(first).toMatchObject({ total: 11, pageCount: 2 });
    expect(ids).toEqual(expected);
    const second = await listOrders(db.db, query({ page: 2 }));
    expect(second.orders.map((o) => o.id)).toEqual([expected[10]]);
  });

  it("has 11 pages at 101 orders, each in order, with no order twice or missing", async () => {
    await addOrders(90);
    const { first, ids } = await everyPage();
    expect(first).toMatchObject({ total: 101, pageCount: 11 });
    // Pages 7-11 are read from the oldest end: the same orders in the same order.
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(101);
  });

  it("shows the last page for a page past the end", async () => {
    const result = await listOrders(db.db, query({ page: 99 }));
    expect(result.page).toBe(11);
    expect(result.orders.map((o) => o.id)).toEqual([expected[100]]);
  });

  it("keeps the per-status counters exact through inserts, updates and deletes", async () => {
    await db.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, expected[0]!));
    await db.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(
        sql`${orders.id} in (${sql.join(
          expected.slice(1, 4).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    await db.db.delete(orders).where(eq(orders.id, expected[5]!));
    const counted = await countedByStatus(db.db);
    for (const status of ORDER_STATUS_VALUES) {
      expect(await countOrders(db.db, status), status).toBe(counted[status] ?? 0);
    }
    expect(await countOrders(db.db, null)).toBe(100);
    const stored = await db.db.select().from(orderStatusCounts);
    expect(stored.reduce((sum, row) => sum + row.count, 0)).toBe(100);
  });
});

describe("listOrders: totals, search and filters", () => {
  let db: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    const make = async (key: string, options: Parameters<typeof createOrder>[1]) => {
      ids[key] = (await createOrder(db.db, options)).id;
    };
    await make("zanele", {
      customerName: "Zanele Qwabe",
      email: "Zanele.Qwabe@Example.co.za",
      phone: "082 555 0101",
      status: "pending",
      createdAt: minutesAgo(1),
      lines: [
        { productName: "Keyring", price: "0.10", quantity: 3 },
        { productName: "Jewellery Box", price: "19.99", quantity: 1 },
      ],
    });
    await make("sipho", {
      customerName: "Sipho Mthembu",
      email: "sipho@example.com",
      phone: "+27 71 222 3333",
      status: "processing",
      createdAt: minutesAgo(2),
    });
    await make("empty", {
      customerName: "No Lines Ltd",
      email: "nolines@example.com",
      phone: "031 000 1111",
      status: "shipped",
      createdAt: minutesAgo(3),
      lines: [],
    });
    await make("percent", {
      customerName: "Fifty_Percent 50% Off",
      email: "promo@example.com",
      phone: "+44 20 7946 0958",
      status: "delivered",
      createdAt: minutesAgo(4),
    });
    await make("cancelled", {
      customerName: "Thandi Qwabe",
      email: "thandi@example.com",
      phone: "083 444 5555",
      status: "cancelled",
      createdAt: minutesAgo(5),
    });
  }, 60_000);
  afterAll(() => db.close());

  const find = async (q: string | null, status: OrderStatus | null = null) =>
    (await listOrders(db.db, query({ q, status }))).orders.map((o) => o.id);

  it("sums item counts and totals in exact money, an order without lines as 0", async () => {
    const { orders: rows } = await listOrders(db.db, query());
    const zanele = rows.find((o) => o.id === ids.zanele)!;
    expect(zanele).toMatchObject({ itemCount: 4, totalCents: 30 + 1999 });
    expect(rows.find((o) => o.id === ids.empty)).toMatchObject({ itemCount: 0, totalCents: 0 });
    const detail = await getOrder(db.db, ids.zanele!);
    expect(
      detail?.items.map((i) => [i.productName, i.priceCents, i.quantity, i.subtotalCents]),
    ).toEqual([
      ["Jewellery Box", 1999, 1, 1999],
      ["Keyring", 10, 3, 30],
    ]);
  });

  it("finds a customer by part of the name, in any case", async () => {
    expect(await find("qwabe")).toEqual([ids.zanele, ids.cancelled]);
    expect(await find("ZANELE Q")).toEqual([ids.zanele]);
  });

  it("finds a customer by e-mail in any case", async () => {
    expect(await find("zanele.qwabe@example.CO.ZA")).toEqual([ids.zanele]);
    expect(await find("SIPHO@")).toEqual([ids.sipho]);
  });

  it("finds a customer by phone as stored and as typed in another form", async () => {
    expect(await find("082 555 0101")).toEqual([ids.zanele]);
    expect(await find("555 0101")).toEqual([ids.zanele]);
    expect(await find("+27 82 555 0101")).toEqual([ids.zanele]);
    expect(await find("0825550101")).toEqual([ids.zanele]);
    expect(await find("27825550101")).toEqual([ids.zanele]);
    expect(await find("071 222 3333")).toEqual([ids.sipho]);
    expect(await find("+44 20 7946")).toEqual([ids.percent]);
    expect(phoneSearchDigits("Thandi")).toBeNull();
    expect(phoneSearchDigits("082")).toBeNull();
  });

  it("takes LIKE wildcards literally", async () => {
    expect(await find("50%")).toEqual([ids.percent]);
    expect(await find("fifty_")).toEqual([ids.percent]);
    expect(await find("%")).toEqual([ids.percent]);
    expect(await find("_")).toEqual([ids.percent]);
  });

  it("filters by each status, alone and with a search", async () => {
    const byStatus: Record<OrderStatus, string[]> = {
      pending: [ids.zanele!],
      processing: [ids.sipho!],
      shipped: [ids.empty!],
      delivered: [ids.percent!],
      cancelled: [ids.cancelled!],
    };
    for (const status of ORDER_STATUS_VALUES) {
      const result = await listOrders(db.db, query({ status }));
      expect(
        result.orders.map((o) => o.id),
        status,
      ).toEqual(byStatus[status]);
      expect(result.total, status).toBe(1);
    }
    expect(await find("qwabe", "cancelled")).toEqual([ids.cancelled]);
    expect(await find("qwabe", "shipped")).toEqual([]);
  });

  it("counts a broad search only up to the limit and pages through the newest matches", async () => {
    await db.db.execute(sql`
      insert into orders (customer_name, email, phone, status, created_at, updated_at)
      select 'Broad Match ' || g, 'broad' || g || '@example.com', '060 000 0000', 'pending',
        timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => g),
        timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => g)
      from generate_series(1, ${SEARCH_COUNT_LIMIT + 5}) g`);
    const first = await listOrders(db.db, query({ q: "broad match" }));
    expect(first).toMatchObject({
      total: SEARCH_COUNT_LIMIT,
      totalIsExact: false,
      pageCount: SEARCH_COUNT_LIMIT / ORDERS_PAGE_SIZE,
    });
    expect(first.orders[0]?.customerName).toBe(`Broad Match ${SEARCH_COUNT_LIMIT + 5}`);
    const last = await listOrders(db.db, query({ q: "broad match", page: 100 }));
    expect(last.orders.map((o) => o.customerName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Broad Match ${SEARCH_COUNT_LIMIT + 5 - 990 - i}`),
    );
    // A narrower search is counted exactly again.
    // A term with no trigram (under three letters or digits in a row) stops counting sooner.
    expect(await listOrders(db.db, query({ q: "ch" }))).toMatchObject({
      total: SHORT_SEARCH_COUNT_LIMIT,
      totalIsExact: false,
      pageCount: SHORT_SEARCH_COUNT_LIMIT / ORDERS_PAGE_SIZE,
    });
    expect((await listOrders(db.db, query({ q: "ch" }))).orders[0]?.customerName).toBe(
      `Broad Match ${SEARCH_COUNT_LIMIT + 5}`,
    );
    expect(await listOrders(db.db, query({ q: "qw" }))).toMatchObject({
      total: 2,
      totalIsExact: true,
    });
    // "Broad Match 100" and 1000-1005.
    expect(await listOrders(db.db, query({ q: "broad match 100" }))).toMatchObject({
      total: 7,
      totalIsExact: true,
    });
  });
});

describe("listOrders: deep pages found by day (decision 009)", () => {
  let db: DatabaseHandle;
  // Enough that the filtered lists below also have pages further than DIRECT_OFFSET_LIMIT
  // from both ends.
  const COUNT = 24_000;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Orders a minute apart over about two weeks, so pages start inside days and cross
    // Johannesburg midnights; statuses and payments mixed as they would be.
    await db.db.execute(sql`
      insert into orders (customer_name, email, phone, status, payment_status, payment_method,
        payment_arranged_at, created_at, updated_at)
      select 'Deep ' || g, 'deep' || g || '@example.com', '060 000 0000',
        (array['pending', 'processing', 'shipped', 'delivered', 'delivered', 'cancelled'])[1 + g % 6],
        case when g % 4 = 0 then 'arranged' else 'awaiting_contact' end,
        case when g % 4 = 0 then 'eft' end,
        case when g % 4 = 0 then timestamptz '2026-03-01T00:00:00Z' end,
        timestamptz '2026-03-01T21:58:00Z' + make_interval(mins => g),
        timestamptz '2026-03-01T21:58:00Z' + make_interval(mins => g)
      from generate_series(1, ${COUNT}) g`);
    // Some changes after insertion, which the counters follow.
    await db.db.execute(
      sql`update orders set status = 'shipped' where customer_name in ('Deep 7', 'Deep 9000', 'Deep 16000')`,
    );
    await db.db.execute(sql`delete from orders where customer_name in ('Deep 11', 'Deep 12001')`);
  }, 120_000);
  afterAll(() => db.close());

  /** The same page read the plain way: skipping every order before it. */
  async function plainPage(filters: Partial<OrderListQuery>, page: number) {
    const rows = await sqlRows<{ id: string }>(
      db.db,
      sql`select id from orders
          where (${filters.status ?? null}::text is null or status = ${filters.status ?? null})
            and (${filters.payment ?? null}::text is null or payment_status = ${filters.payment ?? null})
          order by created_at desc, id desc
          limit ${ORDERS_PAGE_SIZE} offset ${(page - 1) * ORDERS_PAGE_SIZE}`,
    );
    return rows.map((row) => row.id);
  }

  it("keeps a counter per Johannesburg day, status and payment equal to the orders", async () => {
    const counted = await sqlRows<{ day: string; status: string; payment: string; n: number }>(
      db.db,
      sql`select (created_at at time zone 'Africa/Johannesburg')::date::text as day, status,
            payment_status as payment, count(*)::int as n
          from orders group by 1, 2, 3`,
    );
    const stored = await db.db.select().from(orderDayCounts);
    const key = (day: string, status: string, payment: string) => `${day} ${status} ${payment}`;
    const storedCounts = new Map(
      stored.map((row) => [key(row.day, row.status, row.paymentStatus), row.count]),
    );
    for (const row of counted) {
      expect(
        storedCounts.get(key(row.day, row.status, row.payment)),
        key(row.day, row.status, row.payment),
      ).toBe(row.n);
    }
    expect(stored.reduce((sum, row) => sum + row.count, 0)).toBe(COUNT - 2);
  });

  it("gives every page as skipping would, unfiltered and filtered", async () => {
    const cases: Partial<OrderListQuery>[] = [
      {},
      { status: "delivered" },
      { payment: "arranged" },
      { status: "delivered", payment: "awaiting_contact" },
    ];
    for (const filters of cases) {
      const total = (await listOrders(db.db, query(filters))).total;
      const pages = Math.ceil(total / ORDERS_PAGE_SIZE);
      // Pages around the threshold, in the middle and near each day's end.
      const middle = Math.ceil(pages / 2);
      for (const p of [
        Math.floor(DIRECT_OFFSET_LIMIT / ORDERS_PAGE_SIZE) + 2,
        middle - 37,
        middle,
        middle + 41,
        pages - Math.floor(DIRECT_OFFSET_LIMIT / ORDERS_PAGE_SIZE) - 3,
      ]) {
        if (p < 1 || p > pages) continue;
        const listed = await listOrders(db.db, query({ ...filters, page: p }));
        expect(
          listed.orders.map((o) => o.id),
          `${JSON.stringify(filters)} page ${p}`,
        ).toEqual(await plainPage(filters, p));
      }
    }
  });

  it("empties the day counters with the orders", async () => {
    await db.db.execute(sql`truncate orders cascade`);
    expect(await db.db.select().from(orderDayCounts)).toEqual([]);
    expect(await countOrders(db.db, null)).toBe(0);
  });
});

describe("searching by an e-mail address or phone number's rare part (decision 009)", () => {
  it("looks up the longest run of letters or digits of an address or number only", () => {
    expect(searchLookupToken("Lwazi.Pillay624@mweb.co.za")).toBe("Pillay624");
    expect(searchLookupToken("+27 82 428 5641")).toBe("5641");
    expect(searchLookupToken("0824285641")).toBeNull();
    expect(searchLookupToken("khumalo")).toBeNull();
    expect(searchLookupToken("van der merwe")).toBeNull();
    expect(searchLookupToken("a@b.c")).toBeNull();
  });

  it("still finds exactly the orders that contain the whole term", async () => {
    const db = await createTestDatabase();
    try {
      const a = await createOrder(db.db, {
        customerName: "Lwazi Pillay",
        email: "lwazi.pillay624@mweb.co.za",
        phone: "082 428 5641",
      });
      await createOrder(db.db, {
        customerName: "Other Pillay",
        email: "pillay624@mweb.co.za",
        phone: "071 000 5641",
      });
      await createOrder(db.db, {
        customerName: "Third",
        email: "x.lwazi.pillay624@mweb.co.zanzibar",
        phone: "031 428 5641",
      });
      const ids = async (q: string) =>
        (await listOrders(db.db, query({ q }))).orders.map((o) => o.customerName).sort();
      expect(await ids("LWAZI.PILLAY624@MWEB.CO.ZA")).toEqual(["Lwazi Pillay", "Third"]);
      expect(await ids("+27 82 428 5641")).toEqual(["Lwazi Pillay"]);
      expect(await ids("428 5641")).toEqual(["Lwazi Pillay", "Third"]);
      expect(a.id).toBeTruthy();
    } finally {
      await db.close();
    }
  });
});

describe("changeOrderStatus", () => {
  it("sets any status from any other, updated_at, the history and the audit log", async () => {
    const old = new Date("2026-01-01T08:00:00Z");
    const order = await createOrder(services.db, {
      customerName: "Lerato Status",
      createdAt: old,
      updatedAt: old,
    });
    let previous: OrderStatus = "pending";
    for (const status of [...ORDER_STATUS_VALUES.slice(1), ...ORDER_STATUS_VALUES]) {
      if (status === previous) continue;
      const result = await changeOrderStatus(services.db, services.env, actor(), {
        orderId: order.id,
        status,
      });
      expect(result).toEqual({ ok: true, status, changed: true, notified: false });
      previous = status;
    }
    const [stored] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("cancelled");
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(stored!.createdAt.getTime()).toBe(old.getTime());

    const history = await getOrderHistory(services.db, order.id);
    // Every status once to each of the others in turn: nine changes.
    expect(history).toHaveLength(9);
    expect(history[0]).toMatchObject({
      kind: "status",
      fromStatus: "delivered",
      toStatus: "cancelled",
      actorEmail: admin.email,
    });
    expect(history.at(-1)).toMatchObject({ fromStatus: "pending", toStatus: "processing" });

    const audits = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.status")));
    expect(audits).toHaveLength(9);
    expect(audits[0]).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      entity: "order",
    });
    expect(audits.map((a) => a.details)).toContainEqual({
      from: "delivered",
      to: "cancelled",
      customerNotified: false,
    });
  });

  it("changes nothing when the order already has that status", async () => {
    const order = await createOrder(services.db, { status: "processing" });
    const result = await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "processing",
    });
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(await getOrderHistory(services.db, order.id)).toEqual([]);
  });

  it("answers not-found for an unknown or malformed id", async () => {
    for (const orderId of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1; drop"]) {
      expect(
        await changeOrderStatus(services.db, services.env, actor(), { orderId, status: "shipped" }),
      ).toEqual({ ok: false, reason: "not-found" });
    }
  });

  it("e-mails the customer through the outbox on shipped and cancelled, only when asked", async () => {
    const outbox = async (orderId: string) =>
      services.db
        .select()
        .from(notifications)
        .where(sql`${notifications.subject} like ${`%${orderId.slice(0, 8).toUpperCase()}%`}`);
    const order = await createOrder(services.db, {
      customerName: "Ayanda Mail",
      email: "ayanda.mail@example.co.za",
      lines: [{ productName: "Night Light", price: "520.00", quantity: 2 }],
    });
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "processing",
      notifyCustomer: true,
    });
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "shipped",
    });
    expect(await outbox(order.id)).toEqual([]);
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "pending",
    });
    const shipped = await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "shipped",
      notifyCustomer: true,
    });
    expect(shipped).toMatchObject({ notified: true });
    const cancelled = await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "cancelled",
      notifyCustomer: true,
    });
    expect(cancelled).toMatchObject({ notified: true });
    const mails = await outbox(order.id);
    expect(mails.map((m) => m.kind).sort()).toEqual(["order.cancelled", "order.shipped"]);
    for (const mail of mails) {
      expect(mail).toMatchObject({
        recipient: "ayanda.mail@example.co.za",
        replyTo: services.env.NOTIFY_EMAIL,
        status: "pending",
      });
      expect(mail.textBody).toContain("2 × Night Light @ R520.00 = R1040.00");
    }
  });

  it("writes all or nothing: a failing audit record leaves the order, history and outbox untouched", async () => {
    const order = await createOrder(services.db, { status: "pending" });
    const before = await services.db.$count(notifications);
    await services.db.execute(
      sql`alter table audit_log add constraint test_refuse_status check (action <> 'order.status') not valid`,
    );
    try {
      await expect(
        changeOrderStatus(services.db, services.env, actor(), {
          orderId: order.id,
          status: "shipped",
          notifyCustomer: true,
        }),
      ).rejects.toThrow();
    } finally {
      await services.db.execute(sql`alter table audit_log drop constraint test_refuse_status`);
    }
    const [stored] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("pending");
    expect(stored!.updatedAt.getTime()).toBe(order.updatedAt.getTime());
    expect(await getOrderHistory(services.db, order.id)).toEqual([]);
    expect(await services.db.$count(notifications)).toBe(before);
  });
});

describe("addOrderNote", () => {
  it("keeps a note in the order's history with who wrote it, and audits it", async () => {
    const order = await createOrder(services.db);
    const result = await addOrderNote(services.db, actor(), {
      orderId: order.id,
      note: "  Called the customer; delivery on Friday.  ",
    });
    expect(result.ok).toBe(true);
    const [entry] = await getOrderHistory(services.db, order.id);
    expect(entry).toMatchObject({
      kind: "note",
      note: "Called the customer; delivery on Friday.",
      actorEmail: admin.email,
      fromStatus: null,
    });
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.note")));
    expect(audit?.actorEmail).toBe(admin.email);
  });

  it("refuses an empty note and an unknown order", async () => {
    const order = await createOrder(services.db);
    expect(await addOrderNote(services.db, actor(), { orderId: order.id, note: "   " })).toEqual({
      ok: false,
      reason: "empty",
    });
    expect(
      await addOrderNote(services.db, actor(), {
        orderId: "00000000-0000-4000-8000-000000000000",
        note: "x",
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await services.db.$count(orderEvents, eq(orderEvents.orderId, order.id))).toBe(0);
  });
});

describe("the orders pages through the route handler", () => {
  const tag = `pager${Date.now().toString(36)}`;

  it("lists the cards, searches and filters in the URL, and pages only above 10 results", async () => {
    for (let i = 0; i < 10; i++) {
      await createOrder(services.db, {
        customerName: `Route Customer ${i}`,
        email: `${tag}-${i}@example.com`,
        status: i === 0 ? "delivered" : "pending",
        createdAt: minutesAgo(i),
      });
    }
    const ten = await page(`/admin/orders?q=${tag}`);
    expect(ten.html).toContain("Route Customer 9");
    expect(ten.html).toContain("10 orders");
    expect(ten.html).not.toContain('aria-label="Orders pages"');
    // The server renders the cards themselves, never the skeletons a client navigation shows.
    expect(ten.html).not.toContain('data-testid="order-skeleton"');
    expect(ten.html).not.toContain('aria-busy="true"');

    await createOrder(services.db, {
      customerName: "Route Customer 10",
      email: `${tag}-10@example.com`,
    });
    const eleven = await page(`/admin/orders?q=${tag}`);
    expect(eleven.html).toContain('aria-label="Orders pages"');
    expect(eleven.html).toContain("Showing 1–10 of 11 orders");
    const second = await page(`/admin/orders?q=${tag}&page=2`);
    expect(second.html).toContain("Route Customer 9");
    expect(second.html).not.toContain("Route Customer 10<");

    const delivered = await page(`/admin/orders?q=${tag}&status=delivered`);
    expect(delivered.html).toContain("Route Customer 0");
    expect(delivered.html).not.toContain("Route Customer 1<");
    expect(delivered.html).toContain('data-finished="true"');

    const none = await page(`/admin/orders?q=${tag}&status=cancelled`);
    expect(none.html).toContain("No orders match your filters");
  });

  it("loads the dialog's order with ?order=", async () => {
    const order = await createOrder(services.db, {
      lines: [{ productName: "Dialog Lamp", price: "99.50", quantity: 2 }],
    });
    const response = await app.request(`/admin/orders.data?order=${order.id}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Dialog Lamp");
  });

  it("shows the full page of an order", async () => {
    const order = await createOrder(services.db, {
      customerName: "Full Page Customer",
      phone: "082 123 4567",
      lines: [{ productName: "Walnut Stand", price: "250.00", quantity: 1 }],
    });
    const { response, html } = await page(`/admin/orders/${order.id}`);
    expect(response.status).toBe(200);
    for (const text of [
      "Order Items",
      "Customer Details",
      "Order Information",
      "Full Page Customer",
      "Walnut Stand",
      "Back",
      "https://wa.me/27821234567?text=",
      'href="tel:+27821234567"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it("answers an unknown or malformed id with 404 and the not-found view, never a 500", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1'%20or%201=1"]) {
      const { response, html } = await page(`/admin/orders/${id}`);
      expect(response.status, id).toBe(404);
      expect(html).toContain("Order not found");
      expect(html).toContain("The requested order does not exist.");
      expect(html).toContain("Back to Orders");
    }
  });

  it("changes the status with the product's notice, and refuses bad input", async () => {
    const order = await createOrder(services.db, { email: "route-status@example.com" });
    const post = (fields: Record<string, string>, id = order.id) =>
      app.postForm(`/admin/orders/${id}.data`, fields, { headers: { Cookie: cookie } });

    const ok = await post({ intent: "status", status: "shipped", notify: "on" });
    expect(ok.status).toBe(200);
    const body = await ok.text();
    expect(body).toContain("Status updated");
    expect(body).toContain("Order status has been updated to shipped.");
    const [stored] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe("shipped");
    const mails = await services.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, "route-status@example.com"));
    expect(mails.map((m) => m.kind)).toEqual(["order.shipped"]);

    const bad = await post({ intent: "status", status: "lost" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Error updating status");
    const unknown = await post(
      { intent: "status", status: "pending" },
      "00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("The requested order does not exist.");

    const emptyNote = await post({ intent: "note", note: "  " });
    expect(emptyNote.status).toBe(400);
    expect(await emptyNote.text()).toContain("Please write a note.");
    const note = await post({ intent: "note", note: "Paid by EFT." });
    expect(note.status).toBe(200);
    const history = await getOrderHistory(services.db, order.id);
    expect(history.map((h) => h.kind)).toEqual(["note", "status"]);
    const full = await page(`/admin/orders/${order.id}`);
    expect(full.html).toContain("Paid by EFT.");
    expect(full.html).toContain("Status changed from Pending to Shipped");
  });

  it("counts every order with the counters exactly as count(*) does", async () => {
    const rows = await sqlRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from orders`,
    );
    expect(await countOrders(services.db, null)).toBe(Number(rows[0]!.n));
  });
});
