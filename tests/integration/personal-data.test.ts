import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  ERASED,
  erasePersonalData,
  findPersonalData,
  personalDataCounts,
} from "#app/server/privacy/personal-data.server.ts";
import {
  auditLog,
  contactRequests,
  heldSubmissions,
  newsletterSubscribers,
  notifications,
  orderItems,
  orders,
  users,
} from "#db/schema/index.ts";
import { createOrder, createQuoteRequest, createSubscriber } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";

/*
 * docs/product.md §3.16: everything stored about one e-mail address, downloaded as JSON, and
 * erased at the person's request (POPIA): orders kept with the details replaced, the rest gone,
 * audited without the address; another person's records untouched.
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "privacy-admin@example.com",
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });

/** One person's records of every kind, and one record of someone else's beside each. */
async function seedPerson(email: string) {
  const upper = email.toUpperCase();
  await createSubscriber(services.db, { email });
  const order = await createOrder(services.db, {
    customerName: "Nomsa Private",
    email: upper,
    phone: "082 555 0101",
    note: "Leave it with the neighbour",
    lines: [{ productName: "Jewellery Box", price: "450.00", quantity: 1 }],
  });
  await services.db
    .update(orders)
    .set({ accessTokenHash: crypto.randomBytes(32).toString("hex") })
    .where(eq(orders.id, order.id));
  const request = await createQuoteRequest(services.db, { email, name: "Nomsa Private" });
  await services.db.insert(heldSubmissions).values({
    form: "contact",
    reason: "too-fast",
    name: "Nomsa Private",
    email,
    payload: { message: "hello" },
  });
  await services.db.insert(notifications).values([
    {
      kind: "order.customer",
      recipient: email,
      subject: "Your order",
      textBody: "Hi Nomsa",
      htmlBody: "<p>Hi</p>",
    },
    {
      kind: "quote.company",
      recipient: "office@example.co.za",
      subject: "New quote",
      textBody: `From ${email}`,
      htmlBody: "<p>x</p>",
    },
  ]);
  await createTestUser(services.db, { email });
  return { order, request };
}

async function seedSomeoneElse(email: string) {
  await createSubscriber(services.db, { email });
  const order = await createOrder(services.db, { customerName: "Other Person", email });
  await createQuoteRequest(services.db, { email });
  return { order };
}

describe("finding a person's data", () => {
  it("finds every kind of record by the address in any letter case, and nobody else's", async () => {
    const { order } = await seedPerson("find.me@example.com");
    await seedSomeoneElse("someone.else@example.com");
    const found = await findPersonalData(services.db, " Find.Me@Example.com ");
    expect(personalDataCounts(found)).toEqual({
      subscriber: 1,
      orders: 1,
      requests: 1,
      held: 1,
      emails: 2,
      account: 1,
    });
    expect(found.orders[0]).toMatchObject({
      id: order.id,
      name: "Nomsa Private",
      phone: "082 555 0101",
      note: "Leave it with the neighbour",
      items: [{ product: "Jewellery Box", price: "450.00", quantity: 1 }],
    });
    expect(JSON.stringify(found)).not.toContain("someone.else@example.com");
  });
});

describe("erasing a person's data", () => {
  it("erases everything but the orders, whose details are replaced; audited without the address", async () => {
    const email = "erase.me@example.com";
    const { order, request } = await seedPerson(email);
    const other = await seedSomeoneElse("keep.me@example.com");

    const result = await erasePersonalData(services.db, actor(), email.toUpperCase());
    expect(result).toEqual({
      ok: true,
      counts: { subscriber: 1, orders: 1, requests: 1, held: 1, emails: 2, account: 1 },
    });
    expect(personalDataCounts(await findPersonalData(services.db, email))).toEqual({
      subscriber: 0,
      orders: 0,
      requests: 0,
      held: 0,
      emails: 0,
      account: 0,
    });
    const [kept] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      customerName: ERASED.name,
      email: ERASED.email,
      phone: ERASED.phone,
      note: null,
      accessTokenHash: null,
    });
    // The order's lines and total stay for the accounting period.
    expect(
      await services.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    ).toHaveLength(1);
    expect(
      await services.db.select().from(contactRequests).where(eq(contactRequests.id, request.id)),
    ).toEqual([]);

    // Someone else's records are untouched.
    const [otherOrder] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.id, other.order.id));
    expect(otherOrder!.email).toBe("keep.me@example.com");
    expect(
      await services.db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = 'keep.me@example.com'`),
    ).toHaveLength(1);

    const audit = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "person.erase"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain("erase.me@example.com");
    expect(audit[0]!.details).toMatchObject({ email: "e***@example.com", orders: 1 });
    // No audit record anywhere still names the address.
    const all = await services.db.select({ details: auditLog.details }).from(auditLog);
    expect(JSON.stringify(all)).not.toContain(email);
  });

  it("refuses an admin's own account and changes nothing", async () => {
    const email = "admin.person@example.com";
    await createTestUser(services.db, { email, admin: true });
    await createSubscriber(services.db, { email });
    expect(await erasePersonalData(services.db, actor(), email)).toEqual({
      ok: false,
      reason: "admin-account",
    });
    expect(await services.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(personalDataCounts(await findPersonalData(services.db, email)).subscriber).toBe(1);
  });
});

describe("the Personal Data page and its download", () => {
  it("an admin looks the address up, downloads it as JSON (audited) and erases it after confirming", async () => {
    const email = "page.person@example.com";
    await seedPerson(email);
    const page = await app.request(`/admin/personal-data?email=${encodeURIComponent(email)}`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Stored about ${email}`);
    expect(html).toContain("Download as JSON");

    const download = await app.request(
      `/admin/personal-data/export.json?email=${encodeURIComponent(email.toUpperCase())}`,
      { headers: { Cookie: cookie } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("application/json");
    expect(download.headers.get("content-disposition")).toContain("attachment;");
    const json = JSON.parse(await download.text());
    expect(json.email).toBe(email);
    expect(json.orders).toHaveLength(1);
    expect(json.newsletterSubscription.email).toBe(email);
    expect(
      await services.db.select().from(auditLog).where(eq(auditLog.action, "person.export")),
    ).not.toHaveLength(0);

    const unconfirmed = await app.postForm(
      "/admin/personal-data",
      { intent: "erase", email },
      { headers: { Cookie: cookie } },
    );
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm");
    expect(personalDataCounts(await findPersonalData(services.db, email)).orders).toBe(1);

    const erased = await app.postForm(
      "/admin/personal-data",
      { intent: "erase", email, confirm: "on" },
      { headers: { Cookie: cookie } },
    );
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain("Personal data erased");
    expect(personalDataCounts(await findPersonalData(services.db, email)).orders).toBe(0);
  });

  it("a bad address is a 400 with a message; a non-admin gets nothing and erases nothing", async () => {
    const bad = await app.request("/admin/personal-data?email=not-an-address", {
      headers: { Cookie: cookie },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter the person");
    const badDownload = await app.request("/admin/personal-data/export.json?email=nope", {
      headers: { Cookie: cookie },
    });
    expect(badDownload.status).toBe(400);

    const email = "guarded.person@example.com";
    await createSubscriber(services.db, { email });
    const user = await createTestUser(services.db, { email: "not.admin@example.com" });
    const userCookie = (await signedInCookie(services, user.id)).cookie;
    const download = await app.request(
      `/admin/personal-data/export.json?email=${encodeURIComponent(email)}`,
      { headers: { Cookie: userCookie } },
    );
    expect(await download.text()).not.toContain(email);
    const erase = await app.postForm(
      "/admin/personal-data",
      { intent: "erase", email, confirm: "on" },
      { headers: { Cookie: userCookie } },
    );
    expect([302, 303, 401, 403]).toContain(erase.status);
    expect(personalDataCounts(await findPersonalData(services.db, email)).subscriber).toBe(1);
  });
});
