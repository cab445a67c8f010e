import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { johannesburgDate } from "#app/lib/dates.ts";
import { invoiceNumberText, vatIncludedCents } from "#app/lib/invoice.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { changeOrderStatus } from "#app/server/orders/admin-orders.server.ts";
import { changeOrderDelivery } from "#app/server/orders/delivery.server.ts";
import { getInvoice, issueInvoice } from "#app/server/orders/invoice.server.ts";
import { createOrderPageToken } from "#app/server/orders/order-page.server.ts";
import { changeOrderPayment } from "#app/server/orders/payments.server.ts";
import { auditLog, orders } from "#db/schema/index.ts";
import { createOrder } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import type { TestServices } from "#tests/setup/services.ts";

/*
 * docs/product.md §3.9 "Invoice": an order gets a sequential, gap-free invoice number (apart
 * from its id) when it is confirmed or when an admin opens its invoice; the admin's and the
 * buyer's printable page show it, a tax invoice with VAT included when VAT_NUMBER is set.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "invoice-admin@example.com",
    env: { VAT_NUMBER: "4123456789" },
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });

async function invoiceNumberOf(orderId: string) {
  const [row] = await services.db
    .select({ n: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.n;
}

async function allNumbers() {
  const rows = await services.db.select({ n: orders.invoiceNumber }).from(orders);
  return rows
    .map((r) => r.n)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
}

describe("invoice numbers", () => {
  it("are given on confirmation (payment arranged, or processing), once per order", async () => {
    const a = await createOrder(services.db);
    const b = await createOrder(services.db);
    expect(await invoiceNumberOf(a.id)).toBeNull();
    await changeOrderPayment(services.db, services.env, actor(), {
      orderId: a.id,
      change: { status: "arranged", method: "eft", reference: null },
    });
    const first = await invoiceNumberOf(a.id);
    expect(first).toBeGreaterThan(0);
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: b.id,
      status: "processing",
    });
    expect(await invoiceNumberOf(b.id)).toBe(first! + 1);
    // Confirmed again later: the number stays.
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: a.id,
      status: "shipped",
    });
    expect(await invoiceNumberOf(a.id)).toBe(first);
    // A cancelled order is not confirmed.
    const c = await createOrder(services.db);
    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: c.id,
      status: "cancelled",
    });
    expect(await invoiceNumberOf(c.id)).toBeNull();
  });

  it("stay gap-free and unique when 20 orders are confirmed at once", async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => createOrder(services.db)));
    const before = await allNumbers();
    const results = await Promise.all(
      created.map((order, i) =>
        i % 2
          ? issueInvoice(services.db, actor(), order.id)
          : changeOrderPayment(services.db, services.env, actor(), {
              orderId: order.id,
              change: {
                status: "paid",
                method: "cash",
                reference: null,
                amountCents: 100,
                paidOn: johannesburgDate(new Date()),
              },
            }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const after = await allNumbers();
    expect(after).toHaveLength(before.length + 20);
    // 1, 2, 3 … with no gap and no number twice.
    expect(after).toEqual(after.map((_, i) => i + 1));
  });

  it("a refused change takes no number, and issuing twice gives the same one", async () => {
    const order = await createOrder(services.db);
    const before = await allNumbers();
    // A paid date before the order was placed is refused after the row is locked.
    const refused = await changeOrderPayment(services.db, services.env, actor(), {
      orderId: order.id,
      change: {
        status: "paid",
        method: "cash",
        reference: null,
        amountCents: 1,
        paidOn: "2000-01-01",
      },
    });
    expect(refused).toMatchObject({ ok: false });
    expect(await allNumbers()).toEqual(before);
    const issued = await issueInvoice(services.db, actor(), order.id);
    expect(issued).toEqual({ ok: true, number: before.length + 1 });
    // Issued again: the same number, audited once.
    expect(await issueInvoice(services.db, actor(), order.id)).toEqual(issued);
    const audit = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.invoice")));
    expect(audit).toHaveLength(1);
  });

  it("answers not-found for an unknown or malformed order", async () => {
    expect(await issueInvoice(services.db, actor(), "nope")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(
      await issueInvoice(services.db, actor(), "00000000-0000-4000-8000-000000000000"),
    ).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the invoice document", () => {
  it("is a tax invoice with the VAT included when VAT_NUMBER is set, with delivery in the total", async () => {
    const order = await createOrder(services.db, {
      customerName: "Ayanda Invoice",
      lines: [{ productName: "Jewellery Box", price: "450.00", quantity: 2 }],
    });
    await changeOrderDelivery(services.db, actor(), {
      orderId: order.id,
      delivery: { method: "delivery", amountCents: 15_000, courier: "PostNet", reference: null },
    });
    const { number } = (await issueInvoice(services.db, actor(), order.id)) as { number: number };
    const invoice = (await getInvoice(services.db, services.env, order.id))!;
    expect(invoice).toMatchObject({
      number,
      subtotalCents: 90_000,
      totalCents: 105_000,
      vat: { number: "4123456789", includedCents: vatIncludedCents(105_000) },
    });
    expect(vatIncludedCents(105_000)).toBe(13_696);

    const page = await app.request(`/admin/orders/${order.id}/invoice`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    for (const text of [
      "Tax invoice",
      invoiceNumberText(number),
      "VAT number: 4123456789",
      "Ayanda Invoice",
      "Jewellery Box",
      "R1050.00",
      "VAT at 15% included in the total",
      "R136.96",
      "PostNet",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("is a plain invoice without a VAT line when VAT_NUMBER is unset", async () => {
    const order = await createOrder(services.db);
    await issueInvoice(services.db, actor(), order.id);
    const invoice = (await getInvoice(
      services.db,
      { ...services.env, VAT_NUMBER: undefined },
      order.id,
    ))!;
    expect(invoice.vat).toBeNull();
  });

  it("the admin's page offers to issue a number until there is one; a POST issues it", async () => {
    const order = await createOrder(services.db);
    const before = await app.request(`/admin/orders/${order.id}/invoice`, {
      headers: { Cookie: cookie },
    });
    expect(before.status).toBe(200);
    const html = await before.text();
    expect(html).toContain("has no invoice yet");
    expect(html).toContain("Issue the invoice");
    expect(await invoiceNumberOf(order.id)).toBeNull();
    const unknown = await app.request(
      "/admin/orders/00000000-0000-4000-8000-000000000000/invoice",
      { headers: { Cookie: cookie } },
    );
    expect(unknown.status).toBe(404);
    const posted = await app.postForm(
      `/admin/orders/${order.id}/invoice`,
      {},
      {
        headers: { Cookie: cookie },
      },
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`/admin/orders/${order.id}/invoice`);
    expect(await invoiceNumberOf(order.id)).not.toBeNull();
  });

  it("refuses a signed-out visitor: no document, no number", async () => {
    const order = await createOrder(services.db);
    const response = await app.postForm(`/admin/orders/${order.id}/invoice`, {});
    expect([302, 303, 401, 403]).toContain(response.status);
    expect(response.headers.get("location") ?? "").not.toContain("/invoice");
    expect(await invoiceNumberOf(order.id)).toBeNull();
    const get = await app.request(`/admin/orders/${order.id}/invoice`);
    expect(await get.text()).not.toContain("Invoice number");
  });

  it("the buyer's copy: 404 until the order is confirmed, then linked from their order page", async () => {
    const order = await createOrder(services.db, { customerName: "Buyer Copy" });
    const page = createOrderPageToken();
    await services.db
      .update(orders)
      .set({ accessTokenHash: page.hash })
      .where(eq(orders.id, order.id));
    // An admin's early invoice is not the buyer's until the order is confirmed.
    await issueInvoice(services.db, actor(), order.id);
    expect((await app.request(`/orders/${page.token}/invoice`)).status).toBe(404);
    expect(await (await app.request(`/orders/${page.token}`)).text()).not.toContain(
      "View or print your invoice",
    );

    await changeOrderStatus(services.db, services.env, actor(), {
      orderId: order.id,
      status: "processing",
    });
    const orderPage = await (await app.request(`/orders/${page.token}`)).text();
    expect(orderPage).toContain(`href="/orders/${page.token}/invoice"`);
    const copy = await app.request(`/orders/${page.token}/invoice`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await copy.text()).toContain("Buyer Copy");
    expect((await app.request(`/orders/${"x".repeat(43)}/invoice`)).status).toBe(404);
  });
});
