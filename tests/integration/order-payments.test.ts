import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#app/lib/csv.ts";
import { ORDER_STATUS_VALUES } from "#app/lib/order-status.ts";
import { PAYMENT_STATUS_VALUES } from "#app/lib/payment-status.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { getOrder, getOrderHistory } from "#app/server/orders/admin-orders.server.ts";
import { ORDER_EXPORT_HEADER } from "#app/server/orders/order-export.server.ts";
import {
  countOrders,
  listOrders,
  type OrderListQuery,
} from "#app/server/orders/order-list.server.ts";
import { changeOrderPayment } from "#app/server/orders/payments.server.ts";
import { auditLog, notifications, orders } from "#db/schema/index.ts";
import { createOrder, sqlRows } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices, type TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 014: an order's payment beside its status. Each transition with its history event and
 * audit record (one transaction with the optional e-mail), the payment filter and its
 * counters, and the CSV columns; through the domain and through the real route handler.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

const BANK = {
  EFT_ACCOUNT_NAME: "Kwezi Engineering (Pty) Ltd",
  EFT_BANK_NAME: "First National Bank",
  EFT_ACCOUNT_NUMBER: "6200 1234 567",
  EFT_BRANCH_CODE: "250655",
};

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "payments-admin@example.com",
    env: BANK,
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });
const NOW = new Date("2026-11-20T10:00:00Z");

const query = (q: Partial<OrderListQuery> = {}): OrderListQuery => ({
  q: null,
  status: null,
  payment: null,
  overdue: false,
  page: 1,
  ...q,
});

async function auditOf(orderId: string) {
  return services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.payment")))
    .orderBy(auditLog.createdAt);
}

async function mailsTo(email: string) {
  return services.db.select().from(notifications).where(eq(notifications.recipient, email));
}

describe("changeOrderPayment", () => {
  it("starts every order awaiting contact", async () => {
    const order = await createOrder(services.db);
    expect((await getOrder(services.db, order.id))!.payment).toEqual({
      status: "awaiting_contact",
      method: null,
      reference: null,
      amountCents: null,
      paidOn: null,
      arrangedAt: null,
    });
  });

  it("records awaiting contact → arranged → paid, each with its history and audit rows", async () => {
    const order = await createOrder(services.db, {
      createdAt: new Date("2026-11-18T08:00:00Z"),
      lines: [{ productName: "Clock", price: "450.00", quantity: 1 }],
    });
    const arrangedAt = new Date("2026-11-19T09:00:00Z");
    const arranged = await changeOrderPayment(
      services.db,
      services.env,
      actor(),
      {
        orderId: order.id,
        change: { status: "arranged", method: "eft", reference: "THANDI-1" },
      },
      arrangedAt,
    );
    expect(arranged).toEqual({ ok: true, payment: "arranged", changed: true, notified: false });
    const afterArranged = (await getOrder(services.db, order.id))!;
    expect(afterArranged.payment).toEqual({
      status: "arranged",
      method: "eft",
      reference: "THANDI-1",
      amountCents: null,
      paidOn: null,
      arrangedAt,
    });
    expect(afterArranged.updatedAt).toEqual(arrangedAt);

    const paid = await changeOrderPayment(
      services.db,
      services.env,
      actor(),
      {
        orderId: order.id,
        change: {
          status: "paid",
          method: "eft",
          reference: "THANDI-1",
          amountCents: 48_550,
          paidOn: "2026-11-20",
        },
      },
      NOW,
    );
    expect(paid).toEqual({ ok: true, payment: "paid", changed: true, notified: false });
    const stored = (await getOrder(services.db, order.id))!;
    expect(stored.payment).toEqual({
      status: "paid",
      method: "eft",
      reference: "THANDI-1",
      amountCents: 48_550,
      paidOn: "2026-11-20",
      // Kept: when it was arranged stays on record.
      arrangedAt,
    });
    // Exact money in the database.
    const [raw] = await sqlRows<{ amount: string }>(
      services.db,
      sql`select payment_amount::text as amount from orders where id = ${order.id}`,
    );
    expect(raw!.amount).toBe("485.50");

    const history = await getOrderHistory(services.db, order.id);
    expect(
      history.map((h) => ({
        kind: h.kind,
        from: h.fromPayment,
        to: h.toPayment,
        details: h.paymentDetails,
        by: h.actorEmail,
      })),
    ).toEqual([
      {
        kind: "payment",
        from: "arranged",
        to: "paid",
        details: {
          method: "eft",
          reference: "THANDI-1",
          amountCents: 48_550,
          paidOn: "2026-11-20",
          customerNotified: false,
        },
        by: admin.email,
      },
      {
        kind: "payment",
        from: "awaiting_contact",
        to: "arranged",
        details: { method: "eft", reference: "THANDI-1", customerNotified: false },
        by: admin.email,
      },
    ]);
    const audit = await auditOf(order.id);
    expect(audit.map((a) => [a.actorEmail, a.details])).toEqual([
      [
        admin.email,
        {
          from: "awaiting_contact",
          to: "arranged",
          method: "eft",
          reference: "THANDI-1",
          customerNotified: false,
        },
      ],
      [
        admin.email,
        {
          from: "arranged",
          to: "paid",
          method: "eft",
          reference: "THANDI-1",
          amountCents: 48_550,
          paidOn: "2026-11-20",
          customerNotified: false,
        },
      ],
    ]);
  });

  it("goes straight to paid, back to awaiting contact, and keeps the arranged clock on a new method", async () => {
    const order = await createOrder(services.db, { createdAt: new Date("2026-11-01T08:00:00Z") });
    const at = (day: string) => new Date(`2026-11-${day}T08:00:00Z`);
    const change = (payment: Parameters<typeof changeOrderPayment>[3]["change"], now: Date) =>
      changeOrderPayment(
        services.db,
        services.env,
        actor(),
        { orderId: order.id, change: payment },
        now,
      );
    const cash = await change(
      {
        status: "paid",
        method: "cash",
        reference: null,
        amountCents: 10_000,
        paidOn: "2026-11-02",
      },
      at("02"),
    );
    expect(cash).toMatchObject({ ok: true, payment: "paid", changed: true });
    expect((await getOrder(services.db, order.id))!.payment.arrangedAt).toBeNull();

    const back = await change({ status: "awaiting_contact" }, at("03"));
    expect(back).toMatchObject({ ok: true, payment: "awaiting_contact", changed: true });
    expect((await getOrder(services.db, order.id))!.payment).toMatchObject({
      status: "awaiting_contact",
      method: null,
      amountCents: null,
      paidOn: null,
    });

    await change({ status: "arranged", method: "eft", reference: null }, at("05"));
    await change({ status: "arranged", method: "card_machine", reference: null }, at("08"));
    expect((await getOrder(services.db, order.id))!.payment).toMatchObject({
      method: "card_machine",
      arrangedAt: at("05"),
    });
    expect((await getOrderHistory(services.db, order.id)).map((h) => h.toPayment)).toEqual([
      "arranged",
      "arranged",
      "awaiting_contact",
      "paid",
    ]);
  });

  it("changes nothing when the payment is already recorded so", async () => {
    const order = await createOrder(services.db);
    const change = { status: "arranged" as const, method: "other" as const, reference: "x" };
    await changeOrderPayment(services.db, services.env, actor(), { orderId: order.id, change });
    const again = await changeOrderPayment(services.db, services.env, actor(), {
      orderId: order.id,
      change,
      notifyCustomer: true,
    });
    expect(again).toEqual({ ok: true, payment: "arranged", changed: false, notified: false });
    expect(await getOrderHistory(services.db, order.id)).toHaveLength(1);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it("refuses an unknown order, bad details, a future date and a date before the order", async () => {
    const order = await createOrder(services.db, { createdAt: new Date("2026-11-10T21:30:00Z") });
    const pay = (paidOn: string, amountCents = 100) =>
      changeOrderPayment(
        services.db,
        services.env,
        actor(),
        {
          orderId: order.id,
          change: { status: "paid", method: "eft", reference: null, amountCents, paidOn },
        },
        NOW,
      );
    expect(
      await changeOrderPayment(services.db, services.env, actor(), {
        orderId: "00000000-0000-4000-8000-000000000000",
        change: { status: "awaiting_contact" },
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(
      await changeOrderPayment(services.db, services.env, actor(), {
        orderId: "not-a-uuid",
        change: { status: "awaiting_contact" },
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await pay("2026-11-21")).toEqual({ ok: false, reason: "future-date" });
    // Placed at 23:30 on 10 November in Johannesburg: the 10th is the earliest payment date.
    expect(await pay("2026-11-09")).toEqual({ ok: false, reason: "before-order" });
    expect(await pay("2026-11-31")).toEqual({ ok: false, reason: "invalid" });
    expect(await pay("2026-11-12", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(await pay("2026-11-12", 12.5)).toEqual({ ok: false, reason: "invalid" });
    expect(
      await changeOrderPayment(services.db, services.env, actor(), {
        orderId: order.id,
        change: { status: "arranged", method: "bitcoin" as "eft", reference: null },
      }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await getOrderHistory(services.db, order.id)).toEqual([]);
    expect(await pay("2026-11-10")).toMatchObject({ ok: true, changed: true });
  });

  it("e-mails the buyer how to pay (with the bank account) and the receipt, only when asked", async () => {
    const email = "payer@example.co.za";
    const order = await createOrder(services.db, {
      email,
      createdAt: new Date("2026-11-18T08:00:00Z"),
      lines: [{ productName: "Night Light", price: "520.00", quantity: 2 }],
    });
    await changeOrderPayment(
      services.db,
      services.env,
      actor(),
      { orderId: order.id, change: { status: "arranged", method: "cash", reference: null } },
      new Date("2026-11-18T09:00:00Z"),
    );
    expect(await mailsTo(email)).toEqual([]);
    const arranged = await changeOrderPayment(
      services.db,
      services.env,
      actor(),
      {
        orderId: order.id,
        change: { status: "arranged", method: "eft", reference: null },
        notifyCustomer: true,
      },
      new Date("2026-11-18T10:00:00Z"),
    );
    expect(arranged).toMatchObject({ notified: true });
    const paid = await changeOrderPayment(
      services.db,
      services.env,
      actor(),
      {
        orderId: order.id,
        change: {
          status: "paid",
          method: "eft",
          reference: null,
          amountCents: 104_000,
          paidOn: "2026-11-19",
        },
        notifyCustomer: true,
      },
      NOW,
    );
    expect(paid).toMatchObject({ notified: true });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      "order.payment_arranged",
      "order.payment_received",
    ]);
    const howToPay = mails.find((m) => m.kind === "order.payment_arranged")!;
    expect(howToPay.replyTo).toBe(services.env.NOTIFY_EMAIL);
    expect(howToPay.textBody).toContain("Account number: 6200 1234 567");
    expect(howToPay.textBody).toContain("Branch code: 250655");
    expect(howToPay.textBody).toContain(
      `Please use ${order.id.slice(0, 8).toUpperCase()} as the payment reference.`,
    );
    expect(howToPay.textBody).toContain("2 × Night Light @ R520.00 = R1040.00");
    const receipt = mails.find((m) => m.kind === "order.payment_received")!;
    expect(receipt.textBody).toContain("We received your payment of R1040.00 on 19 November 2026");
    // Both in the history as e-mailed.
    const history = await getOrderHistory(services.db, order.id);
    expect(history.slice(0, 2).map((h) => h.paymentDetails?.customerNotified)).toEqual([
      true,
      true,
    ]);
  });

  it("says the banking details will follow when none are configured", async () => {
    const plain = createTestServices(handle);
    const email = "no-bank@example.co.za";
    const order = await createOrder(services.db, { email });
    await changeOrderPayment(plain.db, plain.env, actor(), {
      orderId: order.id,
      change: { status: "arranged", method: "eft", reference: null },
      notifyCustomer: true,
    });
    const [mail] = await mailsTo(email);
    expect(mail!.textBody).toContain("We will send you our banking details.");
    expect(mail!.textBody).not.toContain("Account number");
  });

  it("writes all or nothing: a failing audit record leaves the order, history and outbox untouched", async () => {
    const order = await createOrder(services.db);
    const before = await services.db.$count(notifications);
    await services.db.execute(
      sql`alter table audit_log add constraint test_refuse_payment check (action <> 'order.payment') not valid`,
    );
    try {
      await expect(
        changeOrderPayment(services.db, services.env, actor(), {
          orderId: order.id,
          change: { status: "arranged", method: "eft", reference: null },
          notifyCustomer: true,
        }),
      ).rejects.toThrow();
    } finally {
      await services.db.execute(sql`alter table audit_log drop constraint test_refuse_payment`);
    }
    const stored = (await getOrder(services.db, order.id))!;
    expect(stored.payment.status).toBe("awaiting_contact");
    expect(stored.updatedAt.getTime()).toBe(order.updatedAt.getTime());
    expect(await getOrderHistory(services.db, order.id)).toEqual([]);
    expect(await services.db.$count(notifications)).toBe(before);
  });

  it("lets the database refuse a payment state without its details", async () => {
    const order = await createOrder(services.db);
    await expect(
      services.db.execute(
        sql`update orders set payment_status = 'paid', payment_method = 'eft' where id = ${order.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      services.db.execute(
        sql`update orders set payment_status = 'arranged', payment_method = 'eft' where id = ${order.id}`,
      ),
    ).rejects.toThrow(); // no payment_arranged_at
    await expect(
      services.db.execute(
        sql`update orders set payment_status = 'refunded' where id = ${order.id}`,
      ),
    ).rejects.toThrow();
  });
});

describe("the payment filter, its counters and the CSV", () => {
  let db: DatabaseHandle;
  // Another database: its changes are made by the system, not by a user of the first one.
  const system = { userId: null, email: "system" };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    const make = async (key: string, options: Parameters<typeof createOrder>[1]) => {
      ids[key] = (await createOrder(db.db, options)).id;
    };
    await make("awaiting", { customerName: "Awa Waiting", createdAt: NOW });
    await make("arranged", {
      customerName: "Arno Arranged",
      status: "processing",
      createdAt: new Date(NOW.getTime() - 60_000),
      payment: { status: "arranged", method: "card_machine", arrangedAt: NOW },
    });
    await make("paid", {
      customerName: "Pat Paid",
      status: "delivered",
      createdAt: new Date(NOW.getTime() - 120_000),
      lines: [
        { productName: "Clock", price: "450.00", quantity: 1 },
        { productName: "Keyring", price: "85.50", quantity: 2 },
      ],
      payment: { status: "paid", method: "eft", amount: "621.00", paidOn: "2026-11-19" },
    });
    await make("paid2", {
      customerName: "Pam Paid",
      createdAt: new Date(NOW.getTime() - 180_000),
      payment: { status: "paid", method: "cash", amount: "100.00", paidOn: "2026-11-18" },
    });
  }, 60_000);
  afterAll(() => db.close());

  it("filters by each payment state, alone and with a status and a search", async () => {
    const names = async (q: Partial<OrderListQuery>) =>
      (await listOrders(db.db, query(q))).orders.map((o) => o.customerName);
    expect(await names({ payment: "awaiting_contact" })).toEqual(["Awa Waiting"]);
    expect(await names({ payment: "arranged" })).toEqual(["Arno Arranged"]);
    expect(await names({ payment: "paid" })).toEqual(["Pat Paid", "Pam Paid"]);
    expect(await names({ payment: "paid", status: "delivered" })).toEqual(["Pat Paid"]);
    expect(await names({ payment: "paid", q: "pam" })).toEqual(["Pam Paid"]);
    expect(await names({ payment: "arranged", status: "pending" })).toEqual([]);
    const list = await listOrders(db.db, query({ payment: "paid" }));
    expect(list).toMatchObject({ total: 2, totalIsExact: true });
    expect(list.orders.map((o) => o.paymentStatus)).toEqual(["paid", "paid"]);
  });

  it("keeps the counters per status and payment exact through payment changes", async () => {
    await changeOrderPayment(
      db.db,
      services.env,
      system,
      {
        orderId: ids.awaiting!,
        change: { status: "arranged", method: "eft", reference: null },
      },
      NOW,
    );
    await changeOrderPayment(
      db.db,
      services.env,
      system,
      { orderId: ids.paid2!, change: { status: "awaiting_contact" } },
      NOW,
    );
    const counted = await sqlRows<{ status: string; payment: string; n: number }>(
      db.db,
      sql`select status, payment_status as payment, count(*)::int as n from orders group by 1, 2`,
    );
    for (const status of [...ORDER_STATUS_VALUES, null]) {
      for (const payment of [...PAYMENT_STATUS_VALUES, null]) {
        const expected = counted
          .filter((row) => status === null || row.status === status)
          .filter((row) => payment === null || row.payment === payment)
          .reduce((sum, row) => sum + Number(row.n), 0);
        expect(await countOrders(db.db, status, payment), `${status} ${payment}`).toBe(expected);
      }
    }
    // Put back for the CSV below.
    await changeOrderPayment(
      db.db,
      services.env,
      system,
      { orderId: ids.awaiting!, change: { status: "awaiting_contact" } },
      NOW,
    );
    await changeOrderPayment(
      db.db,
      services.env,
      system,
      {
        orderId: ids.paid2!,
        change: {
          status: "paid",
          method: "cash",
          reference: null,
          amountCents: 10_000,
          paidOn: "2026-11-20",
        },
      },
      NOW,
    );
  });

  it("exports the payment columns, and only the filtered payment state", async () => {
    const filteredServices = createTestServices(db);
    const filteredApp = await createTestApp(filteredServices);
    const csvAdmin = await createTestUser(db.db, { admin: true, email: "csv-pay@example.com" });
    const csvCookie = (await signedInCookie(filteredServices, csvAdmin.id)).cookie;
    const response = await filteredApp.request("/admin/orders/export.csv?payment=paid", {
      headers: { Cookie: csvCookie },
    });
    expect(response.status).toBe(200);
    const [header, ...records] = parseCsv((await response.text()).replace(/^\uFEFF/, "")).filter(
      (record) => record.length > 1,
    );
    expect(header).toEqual([...ORDER_EXPORT_HEADER]);
    const column = (name: string) => header!.indexOf(name);
    expect(column("Payment")).toBe(column("Status") + 1);
    const rows = records.map((record) => ({
      name: record[column("Customer Name")],
      payment: record[column("Payment")],
      method: record[column("Payment Method")],
      amount: record[column("Amount Paid (ZAR)")],
      paidOn: record[column("Date Paid")],
      product: record[column("Product")],
    }));
    expect(rows).toEqual([
      {
        name: "Pat Paid",
        payment: "Paid",
        method: "EFT",
        amount: "621.00",
        paidOn: "2026-11-19",
        product: "Clock",
      },
      {
        name: "Pat Paid",
        payment: "Paid",
        method: "EFT",
        amount: "621.00",
        paidOn: "2026-11-19",
        product: "Keyring",
      },
      {
        name: "Pam Paid",
        payment: "Paid",
        method: "Cash on delivery/collection",
        amount: "100.00",
        paidOn: "2026-11-20",
        product: expect.any(String),
      },
    ]);
    const arranged = await filteredApp.request("/admin/orders/export.csv?payment=arranged", {
      headers: { Cookie: csvCookie },
    });
    const arrangedRows = parseCsv(await arranged.text()).filter((r) => r.length > 1);
    expect(
      arrangedRows.slice(1).map((r) => [r[column("Payment")], r[column("Date Paid")]]),
    ).toEqual([["Payment arranged", ""]]);
  });
});

describe("the payment form through the route handler", () => {
  const post = (id: string, fields: Record<string, string>) =>
    app.postForm(
      `/admin/orders/${id}.data`,
      { intent: "payment", ...fields },
      {
        headers: { Cookie: cookie },
      },
    );

  it("records a payment with its notice, and answers bad input with the field's message", async () => {
    const order = await createOrder(services.db, { email: "route-pay@example.com" });
    const arranged = await post(order.id, { payment: "arranged", method: "eft", notify: "on" });
    expect(arranged.status).toBe(200);
    const body = await arranged.text();
    expect(body).toContain("Payment updated");
    expect(body).toContain("The payment is now: Payment arranged. The customer has been e-mailed.");
    expect((await mailsTo("route-pay@example.com")).map((m) => m.kind)).toEqual([
      "order.payment_arranged",
    ]);

    const noMethod = await post(order.id, { payment: "arranged", method: "" });
    expect(noMethod.status).toBe(400);
    expect(await noMethod.text()).toContain("Please choose how the buyer pays.");
    const future = await post(order.id, {
      payment: "paid",
      method: "eft",
      amount: "10",
      paidOn: "2999-01-01",
    });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("The payment date cannot be in the future.");
    const unknown = await post("00000000-0000-4000-8000-000000000000", {
      payment: "awaiting_contact",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("The requested order does not exist.");

    const stored = (await getOrder(services.db, order.id))!;
    expect(stored.payment).toMatchObject({ status: "arranged", method: "eft" });
    const pagePath = `/admin/orders/${order.id}`;
    const page = await app.request(pagePath, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Payment changed from Awaiting contact to Payment arranged");
    expect(html).toContain('data-payment-status="arranged"');
  });

  it("refuses a signed-out visitor", async () => {
    const order = await createOrder(services.db);
    const response = await app.postForm(`/admin/orders/${order.id}`, {
      intent: "payment",
      payment: "paid",
      method: "cash",
      amount: "10",
      paidOn: "2026-11-20",
    });
    expect([302, 303, 401, 403]).toContain(response.status);
    expect((await getOrder(services.db, order.id))!.payment.status).toBe("awaiting_contact");
  });

  it("shows the payment badge on the cards and filters the list page by payment", async () => {
    const mark = `PayBadge${Date.now()}`;
    const paidOrder = await createOrder(services.db, {
      customerName: `${mark} Paid`,
      payment: { status: "paid", method: "cash", amount: "10.00", paidOn: "2026-11-18" },
    });
    await createOrder(services.db, { customerName: `${mark} Waiting` });
    const response = await app.request(`/admin/orders?q=${mark}&payment=paid`, {
      headers: { Cookie: cookie },
    });
    const html = await response.text();
    expect(html).toContain(`${mark} Paid`);
    expect(html).not.toContain(`${mark} Waiting`);
    expect(html).toContain("All Payments");
    expect(html).toMatch(/data-payment-status="paid"[^>]*>.*?Payment: <\/span>Paid/s);
    const row = await services.db.select().from(orders).where(eq(orders.id, paidOrder.id));
    expect(row[0]!.paymentStatus).toBe("paid");
  });
});
