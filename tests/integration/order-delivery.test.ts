import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatZar } from "#app/lib/admin-money.ts";
import { parseCsv } from "#app/lib/csv.ts";
import { johannesburgDate } from "#app/lib/dates.ts";
import type { OrderDelivery } from "#app/lib/orders.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { getOrder, getOrderHistory } from "#app/server/orders/admin-orders.server.ts";
import { changeOrderDelivery } from "#app/server/orders/delivery.server.ts";
import { ORDER_EXPORT_HEADER } from "#app/server/orders/order-export.server.ts";
import { listOrders } from "#app/server/orders/order-list.server.ts";
import { createOrderPageToken, getBuyerOrder } from "#app/server/orders/order-page.server.ts";
import { changeOrderPayment } from "#app/server/orders/payments.server.ts";
import { auditLog, notifications, orderEvents, orders } from "#db/schema/index.ts";
import { createOrder } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import type { TestServices } from "#tests/setup/services.ts";

/*
 * docs/product.md §3.9 "Delivery": once agreed, the owner records a collection or a delivery
 * with its charge; the total becomes the items plus the charge on the admin's pages, the
 * buyer's page, the payment e-mails and the CSV; each change is in the history and the audit
 * log; until then every place says "To be calculated".
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "delivery-admin@example.com",
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });
const COURIER: OrderDelivery = {
  method: "delivery",
  amountCents: 12_050,
  courier: "The Courier Guy",
  reference: "TCG123",
};

/** An order of 2 × R 85.50 (R 171.00) with a page token for the buyer. */
async function orderWithPage(email: string) {
  const order = await createOrder(services.db, {
    email,
    lines: [{ productName: "Keyring", price: "85.50", quantity: 2 }],
  });
  const page = createOrderPageToken();
  await services.db
    .update(orders)
    .set({ accessTokenHash: page.hash })
    .where(eq(orders.id, order.id));
  return { order, token: page.token };
}

describe("changeOrderDelivery", () => {
  it("records delivery: the total becomes items + charge, with a history event and an audit record", async () => {
    const { order } = await orderWithPage("delivery-1@example.com");
    const before = (await getOrder(services.db, order.id))!;
    expect(before).toMatchObject({ subtotalCents: 17_100, delivery: null, totalCents: 17_100 });

    const result = await changeOrderDelivery(services.db, actor(), {
      orderId: order.id,
      delivery: COURIER,
    });
    expect(result).toEqual({ ok: true, delivery: COURIER, changed: true });
    const after = (await getOrder(services.db, order.id))!;
    expect(after).toMatchObject({ subtotalCents: 17_100, delivery: COURIER, totalCents: 29_150 });

    const history = await getOrderHistory(services.db, order.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: "delivery",
      actorEmail: admin.email,
      deliveryDetails: { from: null, to: COURIER },
    });
    const audit = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.delivery")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ from: null, to: COURIER });

    // The same delivery again changes nothing and records nothing.
    expect(
      await changeOrderDelivery(services.db, actor(), { orderId: order.id, delivery: COURIER }),
    ).toEqual({ ok: true, delivery: COURIER, changed: false });
    expect(await getOrderHistory(services.db, order.id)).toHaveLength(1);

    // Collection, then cleared again ("To be calculated").
    const collection: OrderDelivery = {
      method: "collection",
      amountCents: 0,
      courier: null,
      reference: null,
    };
    await changeOrderDelivery(services.db, actor(), { orderId: order.id, delivery: collection });
    expect((await getOrder(services.db, order.id))!.totalCents).toBe(17_100);
    await changeOrderDelivery(services.db, actor(), { orderId: order.id, delivery: null });
    const cleared = (await getOrder(services.db, order.id))!;
    expect(cleared).toMatchObject({ delivery: null, totalCents: 17_100 });
    expect(
      (await getOrderHistory(services.db, order.id)).map((e) => e.deliveryDetails?.to),
    ).toEqual([null, collection, COURIER]);
  });

  it.each([
    ["a negative charge", { ...COURIER, amountCents: -1 }],
    ["a fractional cent", { ...COURIER, amountCents: 10.5 }],
    [
      "a collection with a charge",
      { method: "collection", amountCents: 100, courier: null, reference: null },
    ],
    [
      "a collection with a courier",
      { method: "collection", amountCents: 0, courier: "X", reference: null },
    ],
    ["a courier with a line break", { ...COURIER, courier: "The Courier\nGuy" }],
    ["a blank tracking reference", { ...COURIER, reference: "" }],
    ["a courier of 101 characters", { ...COURIER, courier: "c".repeat(101) }],
    ["an unknown method", { ...COURIER, method: "drone" }],
  ] as [string, OrderDelivery][])("refuses %s and writes nothing", async (_label, delivery) => {
    const order = await createOrder(services.db);
    expect(
      await changeOrderDelivery(services.db, actor(), { orderId: order.id, delivery }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect((await getOrder(services.db, order.id))!.delivery).toBeNull();
    expect(
      await services.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
    ).toEqual([]);
  });

  it("answers not-found for an unknown or malformed order id", async () => {
    for (const orderId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(
        await changeOrderDelivery(services.db, actor(), { orderId, delivery: COURIER }),
      ).toEqual({ ok: false, reason: "not-found" });
    }
  });

  it("the database refuses an inconsistent row even from code that skips the module", async () => {
    const order = await createOrder(services.db);
    await expect(
      services.db
        .update(orders)
        .set({ deliveryMethod: "collection", deliveryAmount: "50.00" })
        .where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    await expect(
      services.db
        .update(orders)
        .set({ deliveryMethod: null, deliveryAmount: "50.00" })
        .where(eq(orders.id, order.id)),
    ).rejects.toThrow();
  });
});

describe("the total with delivery, everywhere it is shown", () => {
  it("the buyer's page, the receipt, the admin list and the CSV add the charge; before, 'To be calculated'", async () => {
    const email = "delivery-everywhere@example.com";
    const { order, token } = await orderWithPage(email);

    const buyerBefore = await app.request(`/orders/${token}`);
    const beforeHtml = await buyerBefore.text();
    expect(beforeHtml).toContain("To be calculated");

    await changeOrderDelivery(services.db, actor(), { orderId: order.id, delivery: COURIER });
    expect(await getBuyerOrder(services.db, token)).toMatchObject({
      subtotalCents: 17_100,
      delivery: COURIER,
      totalCents: 29_150,
    });
    const buyerHtml = await (await app.request(`/orders/${token}`)).text();
    expect(buyerHtml).not.toContain("To be calculated");
    expect(buyerHtml).toContain("The Courier Guy, tracking TCG123");
    expect(buyerHtml).toContain("R291.50");

    await changeOrderPayment(services.db, services.env, actor(), {
      orderId: order.id,
      change: {
        status: "paid",
        method: "eft",
        reference: null,
        amountCents: 29_150,
        paidOn: johannesburgDate(new Date()),
      },
      notifyCustomer: true,
    });
    const [receipt] = await services.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipient, email), eq(notifications.kind, "order.payment_received")),
      );
    expect(receipt!.textBody).toContain(
      "Subtotal: R171.00\nDelivery: R120.50 (The Courier Guy, tracking TCG123)\nTotal: R291.50",
    );
    expect(receipt!.textBody).not.toContain("To be calculated");
    expect(receipt!.htmlBody).toContain("R291.50");

    const list = await listOrders(services.db, {
      q: email,
      status: null,
      payment: null,
      overdue: false,
      page: 1,
    });
    expect(list.orders.map((o) => o.totalCents)).toEqual([29_150]);

    const csv = await app.request(`/admin/orders/export.csv?q=${email}`, {
      headers: { Cookie: cookie },
    });
    const [header, ...rows] = parseCsv(await csv.text()).filter((r) => r.length > 1);
    expect(header).toEqual([...ORDER_EXPORT_HEADER]);
    const col = (name: (typeof ORDER_EXPORT_HEADER)[number]) => ORDER_EXPORT_HEADER.indexOf(name);
    expect(
      rows.map((r) => [r[col("Order Total (ZAR)")], r[col("Delivery")], r[col("Delivery (ZAR)")]]),
    ).toEqual([["291.50", "Delivery", "120.50"]]);
  });
});

describe("the delivery form through the route handler", () => {
  const post = (id: string, fields: Record<string, string>, headers = { Cookie: cookie }) =>
    app.postForm(`/admin/orders/${id}.data`, { intent: "delivery", ...fields }, { headers });

  it("records a delivery with its notice, and answers bad input with the field's message", async () => {
    const order = await createOrder(services.db);
    const saved = await post(order.id, {
      delivery: "delivery",
      amount: "95",
      courier: " PostNet ",
      reference: "",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(`Delivery is now: Delivery ${formatZar(9500)} (PostNet).`);
    expect((await getOrder(services.db, order.id))!.delivery).toEqual({
      method: "delivery",
      amountCents: 9500,
      courier: "PostNet",
      reference: null,
    });

    for (const [fields, message] of [
      [{ delivery: "delivery", amount: "" }, "Please enter the delivery charge, e.g. 120.00."],
      [{ delivery: "delivery", amount: "-5" }, "The delivery charge cannot be less than R0.00."],
      [{ delivery: "delivery", amount: "5.555" }, "The amount can have at most 2 decimal places."],
      [
        { delivery: "delivery", amount: "5", courier: "x".repeat(101) },
        "Please keep the courier under 100 characters.",
      ],
      [{ delivery: "by drone" }, "Please choose how the order reaches the buyer."],
    ] as const) {
      const refused = await post(order.id, fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    // A collection ignores an amount typed before the choice changed.
    const collection = await post(order.id, { delivery: "collection", amount: "95" });
    expect(collection.status).toBe(200);
    expect((await getOrder(services.db, order.id))!.delivery).toMatchObject({
      method: "collection",
      amountCents: 0,
    });
    const history = await (
      await app.request(`/admin/orders/${order.id}`, { headers: { Cookie: cookie } })
    ).text();
    expect(history).toContain(
      `Delivery changed from Delivery ${formatZar(9500)} (PostNet) to Collection`,
    );
  });

  it("changes nothing for a signed-out visitor or a signed-in non-admin", async () => {
    const order = await createOrder(services.db);
    const fields = { delivery: "delivery", amount: "10" };
    const signedOut = await app.postForm(`/admin/orders/${order.id}`, {
      intent: "delivery",
      ...fields,
    });
    expect([302, 303, 401, 403]).toContain(signedOut.status);
    const user = await createTestUser(services.db, { email: "not-admin-delivery@example.com" });
    const userCookie = (await signedInCookie(services, user.id)).cookie;
    const asUser = await app.postForm(
      `/admin/orders/${order.id}`,
      { intent: "delivery", ...fields },
      { headers: { Cookie: userCookie } },
    );
    expect([302, 303, 401, 403]).toContain(asUser.status);
    expect((await getOrder(services.db, order.id))!.delivery).toBeNull();
  });
});
