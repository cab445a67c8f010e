import crypto from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { johannesburgDate } from "#app/lib/dates.ts";
import type { Database, DatabaseHandle } from "#app/server/db/client.server.ts";
import { changeOrderStatus } from "#app/server/orders/admin-orders.server.ts";
import { placeOrder } from "#app/server/orders/checkout.server.ts";
import {
  getBuyerOrder,
  hashOrderPageToken,
  isOrderPageToken,
} from "#app/server/orders/order-page.server.ts";
import { changeOrderPayment } from "#app/server/orders/payments.server.ts";
import { notifications, orders, products } from "#db/schema/index.ts";
import { sqlRows } from "#tests/factories/operations.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 014: the buyer's private order page, /orders/<token>. The confirmation e-mail carries
 * the only copy of the token; the page shows exactly its order, 404 for anything else, and
 * nothing of another customer's.
 */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

const thandi = { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" };
const sipho = { name: "Sipho Dlamini", email: "sipho.secret@example.com", phone: "071 999 8888" };

/** The order page link in a buyer's confirmation e-mail, as the outbox holds it. */
async function linkInConfirmation(email: string): Promise<string> {
  const [mail] = await handle.db
    .select({ text: notifications.textBody, html: notifications.htmlBody })
    .from(notifications)
    .where(sql`${notifications.recipient} = ${email} and ${notifications.kind} = 'order.customer'`);
  const link = mail!.text.match(/http:\/\/localhost:3000\/orders\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the confirmation links to the order page").toBeTruthy();
  expect(mail!.html).toContain(`href="${link}"`);
  return link!.replace("http://localhost:3000", "");
}

async function order(customer: typeof thandi, lines: { name: string; quantity: number }[]) {
  const result = await placeOrder(handle.db, services.env, {
    customer,
    idempotencyKey: crypto.randomUUID(),
    lines: lines.map((line) => ({ productId: ids[line.name]!, quantity: line.quantity })),
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

let thandiPath: string;
let thandiOrderId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows = await handle.db
    .insert(products)
    .values([
      { name: "Jewellery Box", price: "450.00" },
      { name: "Keyring", price: "85.50" },
      { name: "Secret Lamp", price: "999.00" },
    ])
    .returning({ id: products.id, name: products.name });
  for (const row of rows) ids[row.name] = row.id;
  services = createTestServices(handle);
  app = await createTestApp(services);
  const placed = await order(thandi, [
    { name: "Jewellery Box", quantity: 2 },
    { name: "Keyring", quantity: 1 },
  ]);
  thandiOrderId = placed.orderId;
  await order(sipho, [{ name: "Secret Lamp", quantity: 1 }]);
  thandiPath = await linkInConfirmation(thandi.email);
}, 120_000);
afterAll(() => handle.close());

describe("the token", () => {
  it("is 256 random bits in the e-mail, and only its SHA-256 is stored", async () => {
    const token = thandiPath.slice("/orders/".length);
    expect(isOrderPageToken(token)).toBe(true);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await handle.db
      .select({ hash: orders.accessTokenHash })
      .from(orders)
      .where(eq(orders.id, thandiOrderId));
    expect(row!.hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row!.hash).toBe(hashOrderPageToken(token));
    // The token itself is nowhere in the orders table.
    const found = await sqlRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from orders where orders::text like ${`%${token}%`}`,
    );
    expect(Number(found[0]!.n)).toBe(0);
  });

  it("differs for every order", async () => {
    const hashes = await handle.db.select({ hash: orders.accessTokenHash }).from(orders);
    expect(new Set(hashes.map((h) => h.hash)).size).toBe(hashes.length);
    expect(hashes.every((h) => h.hash?.length === 64)).toBe(true);
  });
});

describe("/orders/<token>", () => {
  it("shows exactly its order: lines, total, status, payment and what happens next", async () => {
    const response = await app.request(thandiPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toContain(`Order ${thandiOrderId.slice(0, 8).toUpperCase()}`);
    expect(html).toContain("Jewellery Box");
    expect(html).toContain("R450.00 each");
    expect(html).toContain("R900.00");
    expect(html).toContain("Keyring");
    expect(html).toContain("R985.50");
    expect(html).toContain("Pending");
    expect(html).toContain("Awaiting contact");
    expect(html).toContain(
      "After placing your order, we will contact you to arrange payment and delivery options.",
    );
    // Shipping comes before the total, as at checkout, so the total does not read as final.
    expect(html).toMatch(
      /Shipping<\/th><td[^>]*>To be calculated<\/td>.*Total<\/th><td[^>]*>R985\.50</s,
    );
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
    expect(html).toMatch(/<meta name="referrer" content="no-referrer"\/>/);
    // No canonical or sharing URL repeats the secret address.
    expect(html).not.toContain('rel="canonical"');
    // The company's contacts: call, WhatsApp, e-mail.
    expect(html).toContain('href="tel:+27314640192"');
    expect(html).toContain('href="https://wa.me/27314640192?text=');
    expect(html).toContain("mailto:info@kwezi-engineering.co.za");
  });

  it("leaks nothing of another customer's order", async () => {
    const html = await (await app.request(thandiPath)).text();
    for (const secret of [sipho.name, sipho.email, sipho.phone, "Secret Lamp", "R999.00"]) {
      expect(html).not.toContain(secret);
    }
    // Nor any order id (only the short reference of its own).
    const allIds = await handle.db.select({ id: orders.id }).from(orders);
    for (const { id } of allIds) expect(html).not.toContain(id);
    const data = await (await app.request(`${thandiPath}.data`)).text();
    expect(data).toContain("Jewellery Box");
    expect(data).not.toContain("Secret Lamp");
    expect(data).not.toContain(sipho.email);
    expect(data).not.toContain(thandiOrderId);
  });

  it("answers 404 for another well-formed token, without showing any order", async () => {
    for (const token of [
      crypto.randomBytes(32).toString("base64url"),
      // The stored hash is no key either.
      (await handle.db.select({ h: orders.accessTokenHash }).from(orders))[0]!.h!.slice(0, 43),
    ]) {
      const response = await app.request(`/orders/${token}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      const html = await response.text();
      expect(html).toContain("Order not found");
      expect(html).not.toContain(thandi.name);
      expect(html).not.toContain(sipho.name);
    }
    expect(
      (await app.request(`/orders/${crypto.randomBytes(32).toString("base64url")}.data`)).status,
    ).toBe(404);
  });

  it.each([
    "abc",
    "%27%20or%201=1--",
    "x".repeat(44),
    "x".repeat(42),
    `${"a".repeat(42)}!`,
    "00000000-0000-4000-8000-000000000000",
  ])("answers 404 for the malformed token %s", async (token) => {
    const response = await app.request(`/orders/${token}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(thandi.name);
  });

  it("never reaches the database for a malformed token", async () => {
    const untouchable = new Proxy({} as Database, {
      get() {
        throw new Error("the database was asked");
      },
    });
    for (const token of ["", "abc", "x".repeat(44), "../admin", `${"a".repeat(42)}=`]) {
      expect(await getBuyerOrder(untouchable, token)).toBeNull();
    }
  });

  it("shows the payment once arranged (with 'we will send our banking details') and paid", async () => {
    await changeOrderPayment(
      handle.db,
      services.env,
      { userId: null, email: "system" },
      {
        orderId: thandiOrderId,
        change: { status: "arranged", method: "eft", reference: null },
      },
    );
    let html = await (await app.request(thandiPath)).text();
    const reference = thandiOrderId.slice(0, 8).toUpperCase();
    expect(html).toContain("Payment arranged");
    // No account configured: nothing is "below", the page says what the e-mail says.
    expect(html).not.toContain("into our bank account below");
    expect(html).toContain(
      `We will send you our banking details. Please use ${reference} as the payment reference.`,
    );
    expect(html).toContain("Once your payment arrives, we&#x27;ll prepare your order.");

    const banked = createTestServices(handle, {
      EFT_ACCOUNT_NAME: "Kwezi Engineering (Pty) Ltd",
      EFT_BANK_NAME: "First National Bank",
      EFT_ACCOUNT_NUMBER: "6200 1234 567",
      EFT_BRANCH_CODE: "250655",
    });
    const bankedApp = await createTestApp(banked);
    html = await (await bankedApp.request(thandiPath)).text();
    expect(html).toContain("Please pay by EFT into our bank account below.");
    expect(html).toContain("6200 1234 567");
    expect(html).toContain("250655");
    expect(html).not.toContain("We will send you our banking details.");

    await changeOrderPayment(
      handle.db,
      services.env,
      { userId: null, email: "system" },
      {
        orderId: thandiOrderId,
        change: {
          status: "paid",
          method: "eft",
          reference: null,
          amountCents: 98_550,
          paidOn: johannesburgDate(new Date()),
        },
      },
    );
    html = await (await bankedApp.request(thandiPath)).text();
    expect(html).toContain(">Paid<");
    expect(html).toContain("We received R985.50 on");
    // Once paid, the bank account is no longer shown.
    expect(html).not.toContain("6200 1234 567");
  });

  it("says a shipped order is on its way, and asks for cash on delivery, not before", async () => {
    const lindiwe = { name: "Lindiwe Zulu", email: "lindiwe@example.co.za", phone: "083 555 1234" };
    const placed = await order(lindiwe, [{ name: "Keyring", quantity: 1 }]);
    const path = await linkInConfirmation(lindiwe.email);
    const system = { userId: null, email: "system" };
    await changeOrderPayment(handle.db, services.env, system, {
      orderId: placed.orderId,
      change: { status: "arranged", method: "cash", reference: null },
    });
    await changeOrderStatus(handle.db, services.env, system, {
      orderId: placed.orderId,
      status: "shipped",
    });
    const html = await (await app.request(path)).text();
    expect(html).toContain("Your order is on its way to you.");
    expect(html).toContain(
      "Please have the amount ready in cash when your order is delivered or collected.",
    );
    expect(html).not.toContain("Once your payment arrives");
  });

  it("works without JavaScript: plain links, no form", async () => {
    const html = await (await app.request(thandiPath)).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).not.toContain("<form");
    expect(main).not.toContain("<button");
  });

  it("leaves orders placed before the page existed without one", async () => {
    const [old] = await handle.db
      .insert(orders)
      .values({ customerName: "Old Order", email: "old@example.com", phone: "0821234567" })
      .returning();
    expect(old!.accessTokenHash).toBeNull();
    const stored = await handle.db.select().from(orders).where(like(orders.customerName, "Old%"));
    expect(stored).toHaveLength(1);
  });
});
