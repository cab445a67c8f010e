import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "#app/lib/validation/checkout.ts";
import { NAME_LINK_MESSAGE, UNSUPPORTED_CHARACTER_MESSAGE } from "#app/lib/validation/text.ts";
import { systemClock } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp, MAX_FORM_AGE_MS, MIN_FILL_MS } from "#app/server/http/honeypot.server.ts";
import { CHECKOUT_ERRORS, placeOrder } from "#app/server/orders/checkout.server.ts";
import { CHECKOUT_CONFIRM_MESSAGE } from "#app/server/orders/checkout-action.server.ts";
import { notifications, orderItems, orders, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
const catalogue: Record<string, { id: string; priceCents: number }> = {};

const customer = { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows = await handle.db
    .insert(products)
    .values([
      { name: "Jewellery Box", price: "450.00" },
      { name: "Keyring", price: "85.50" },
      { name: "Night Light", price: "520.00" },
    ])
    .returning({ id: products.id, name: products.name, price: products.price });
  for (const row of rows) {
    catalogue[row.name] = { id: row.id, priceCents: Math.round(Number(row.price) * 100) };
  }
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());

async function counts() {
  const [o] = await handle.db.select({ n: count() }).from(orders);
  const [i] = await handle.db.select({ n: count() }).from(orderItems);
  const [m] = await handle.db.select({ n: count() }).from(notifications);
  return { orders: o!.n, items: i!.n, notifications: m!.n };
}

const box = () => catalogue["Jewellery Box"]!;
const keyring = () => catalogue.Keyring!;

describe("placeOrder (domain)", () => {
  it("stores the order, its items priced by the database and both notifications", async () => {
    const before = await counts();
    const result = await placeOrder(handle.db, services.env, {
      customer,
      idempotencyKey: crypto.randomUUID(),
      lines: [
        { productId: box().id, quantity: 2, expectedPriceCents: 45000 },
        { productId: keyring().id, quantity: 3 },
      ],
    });
    expect(result).toMatchObject({ ok: true, totalCents: 2 * 45000 + 3 * 8550, duplicate: false });
    if (!result.ok) throw new Error("unreachable");

    const [order] = await handle.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      customerName: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      status: "pending",
    });
    const items = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(
      items
        .map((i) => [i.productName, i.price, i.quantity, i.productId])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Jewellery Box", "450.00", 2, box().id],
      ["Keyring", "85.50", 3, keyring().id],
    ]);

    const reference = result.orderId.slice(0, 8).toUpperCase();
    const mails = await handle.db.select().from(notifications);
    const mine = mails.filter((m) => m.subject.includes(reference));
    expect(mine.map((m) => [m.kind, m.recipient]).sort()).toEqual([
      ["order.company", "office@example.co.za"],
      ["order.customer", "thandi@example.co.za"],
    ]);
    const confirmation = mine.find((m) => m.kind === "order.customer")!;
    expect(confirmation.textBody).toContain("R1156.50"); // total
    expect(confirmation.textBody).toContain("we will contact you to arrange payment and delivery");

    expect(await counts()).toEqual({
      orders: before.orders + 1,
      items: before.items + 2,
      notifications: before.notifications + 2,
    });
  });

  it.each([
    [
      "a tampered (lower) price",
      () => [{ productId: box().id, quantity: 1, expectedPriceCents: 1 }],
      "price-changed",
    ],
    [
      "a higher price than the shop's",
      () => [{ productId: box().id, quantity: 1, expectedPriceCents: 99999 }],
      "price-changed",
    ],
    ["an unknown product", () => [{ productId: UNKNOWN_ID, quantity: 1 }], "unknown-products"],
    [
      "a malformed product id",
      () => [{ productId: "'; drop table orders; --", quantity: 1 }],
      "unknown-products",
    ],
    [
      "one unknown among known products",
      () => [
        { productId: box().id, quantity: 1 },
        { productId: UNKNOWN_ID, quantity: 1 },
      ],
      "unknown-products",
    ],
    ["quantity 0", () => [{ productId: box().id, quantity: 0 }], "invalid-quantity"],
    ["a negative quantity", () => [{ productId: box().id, quantity: -2 }], "invalid-quantity"],
    ["a fractional quantity", () => [{ productId: box().id, quantity: 1.5 }], "invalid-quantity"],
    [
      "quantity 100 (above the cap)",
      () => [{ productId: box().id, quantity: 100 }],
      "invalid-quantity",
    ],
    [
      "a huge quantity",
      () => [{ productId: box().id, quantity: 1_000_000_000 }],
      "invalid-quantity",
    ],
    [
      "the same product twice above the cap",
      () => [
        { productId: box().id, quantity: 60 },
        { productId: box().id, quantity: 40 },
      ],
      "invalid-quantity",
    ],
    ["an empty cart", () => [], "empty-cart"],
  ] as const)("refuses %s and stores nothing", async (_label, lines, code) => {
    const before = await counts();
    const result = await placeOrder(handle.db, services.env, {
      customer,
      idempotencyKey: crypto.randomUUID(),
      lines: lines().map((line) => ({ ...line })),
    });
    expect(result).toMatchObject({ ok: false, code, message: CHECKOUT_ERRORS[code] });
    expect(await counts()).toEqual(before);
  });

  it.each([
    { ...customer, name: "  " },
    { ...customer, email: "not-an-email" },
    { ...customer, phone: "12345" },
    { ...customer, phone: "" },
  ])("refuses invalid contact details %o and stores nothing", async (details) => {
    const before = await counts();
    const result = await placeOrder(handle.db, services.env, {
      customer: details,
      idempotencyKey: crypto.randomUUID(),
      lines: [{ productId: box().id, quantity: 1 }],
    });
    expect(result).toMatchObject({ ok: false, code: "invalid-contact" });
    expect(await counts()).toEqual(before);
  });

  it("is all or nothing: a failure after the items insert leaves no order and no items", async () => {
    const before = await counts();
    // The outbox insert runs after the order and its items; a blank company address makes
    // the notifications check constraint fail there.
    const brokenEnv = {
      ...services.env,
      business: { ...services.env.business, alertEmail: " " },
    };
    await expect(
      placeOrder(handle.db, brokenEnv, {
        customer,
        idempotencyKey: crypto.randomUUID(),
        lines: [
          { productId: box().id, quantity: 1 },
          { productId: keyring().id, quantity: 1 },
        ],
      }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it("stores one order for concurrent submissions with the same idempotency key", async () => {
    const before = await counts();
    const idempotencyKey = crypto.randomUUID();
    const submit = () =>
      placeOrder(handle.db, services.env, {
        customer,
        idempotencyKey,
        lines: [{ productId: keyring().id, quantity: 2 }],
      });
    const results = await Promise.all([submit(), submit(), submit()]);
    const ids = new Set(results.map((r) => (r.ok ? r.orderId : "failed")));
    expect(ids.size).toBe(1);
    expect(ids.has("failed")).toBe(false);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(results.every((r) => r.ok && r.totalCents === 2 * 8550)).toBe(true);
    expect(await counts()).toEqual({
      orders: before.orders + 1,
      items: before.items + 1,
      notifications: before.notifications + 2,
    });
    // A later resubmit of the same form is the same order again.
    const again = await submit();
    expect(again).toMatchObject({ ok: true, duplicate: true, orderId: [...ids][0] });
  });

  it("stores 50 concurrent distinct orders, each with its correct total", async () => {
    const before = await counts();
    const planned = Array.from({ length: 50 }, (_, n) => ({
      key: crypto.randomUUID(),
      boxes: (n % 3) + 1,
      keyrings: (n % 7) + 1,
    }));
    const results = await Promise.all(
      planned.map((plan, n) =>
        placeOrder(handle.db, services.env, {
          customer: { ...customer, name: `Customer ${n}` },
          idempotencyKey: plan.key,
          lines: [
            { productId: box().id, quantity: plan.boxes, expectedPriceCents: 45000 },
            { productId: keyring().id, quantity: plan.keyrings, expectedPriceCents: 8550 },
          ],
        }),
      ),
    );
    expect(results.every((r) => r.ok && !r.duplicate)).toBe(true);
    for (const [n, result] of results.entries()) {
      if (!result.ok) throw new Error("unreachable");
      const plan = planned[n]!;
      const expected = plan.boxes * 45000 + plan.keyrings * 8550;
      expect(result.totalCents).toBe(expected);
      const items = await handle.db
        .select({ price: orderItems.price, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, result.orderId));
      const stored = items.reduce(
        (sum, item) => sum + Math.round(Number(item.price) * 100) * item.quantity,
        0,
      );
      expect(stored).toBe(expected);
    }
    expect(await counts()).toEqual({
      orders: before.orders + 50,
      items: before.items + 100,
      notifications: before.notifications + 100,
    });
  }, 60_000);
});

let buyerCounter = 0;
/** The checkout form as the page posts it. */
function form(
  lines: { productId: string; quantity: number | string; priceCents?: number }[],
  overrides: Record<string, string> = {},
) {
  // A buyer of their own per form: the per-buyer limit (5 in 10 minutes) is tested in
  // form-rate-limits.test.ts, not here.
  buyerCounter += 1;
  const body = new URLSearchParams({
    name: customer.name,
    email: `buyer${buyerCounter}@example.co.za`,
    phone: `082 ${String(2_000_000 + buyerCounter).slice(-7)}`,
    idempotencyKey: crypto.randomUUID(),
    form_stamp: createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000),
    hp_website: "",
    ...overrides,
  });
  lines.forEach((line, n) => {
    body.set(`lines[${n}].productId`, line.productId);
    body.set(`lines[${n}].quantity`, String(line.quantity));
    if (line.priceCents !== undefined) body.set(`lines[${n}].priceCents`, String(line.priceCents));
  });
  return body;
}

let address = 0;
/** A distinct client address per request, so the checkout rate limit stays out of the way. */
const nextAddress = () => `10.0.0.${++address}`;

describe("the /checkout action", () => {
  it("places a valid order and redirects home with the success notice", async () => {
    const before = await counts();
    const response = await app.postForm(
      "/checkout",
      form([{ productId: box().id, quantity: 1, priceCents: 45000 }]),
      { clientAddress: nextAddress() },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toContain("en_toast=");
    expect((await counts()).orders).toBe(before.orders + 1);
    // The flashed toast is the product's success notice.
    const home = await app.request("/", {
      headers: { Cookie: response.headers.get("set-cookie")!.split(";")[0]! },
    });
    const html = (await home.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Order placed successfully");
    expect(html).toContain(
      "Thank you for your order! We'll contact you shortly to finalize the details.",
    );
  });

  it("sends an empty cart back to /crafts with 'Cart is empty'", async () => {
    const before = await counts();
    const response = await app.postForm("/checkout", form([]), { clientAddress: nextAddress() });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/crafts");
    const crafts = await app.request("/crafts", {
      headers: { Cookie: response.headers.get("set-cookie")!.split(";")[0]! },
    });
    const html = await crafts.text();
    expect(html).toContain("Cart is empty");
    expect(html).toContain("Please add products to your cart before checkout.");
    expect(await counts()).toEqual(before);
  });

  it("refuses invalid contact details with the field messages (400) and stores nothing", async () => {
    const before = await counts();
    const response = await app.postForm(
      "/checkout",
      form([{ productId: box().id, quantity: 1 }], { name: "", email: "nope", phone: "123" }),
      { clientAddress: nextAddress() },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(CHECKOUT_MESSAGES.nameRequired);
    expect(html).toContain(CHECKOUT_MESSAGES.emailInvalid);
    expect(html).toContain(CHECKOUT_MESSAGES.phoneInvalid.slice(0, 40));
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      "a C1 control character (NEL)",
      "Thandi\u0085Your account is suspended",
      UNSUPPORTED_CHARACTER_MESSAGE,
    ],
    ["a link", "Thandi www.win-a-prize.example", NAME_LINK_MESSAGE],
    ["markup", "<b>Thandi</b>", NAME_LINK_MESSAGE],
  ])(
    "refuses a name with %s (400), saying why, and stores and e-mails nothing",
    async (_label, name, message) => {
      const before = await counts();
      const response = await app.postForm(
        "/checkout",
        form([{ productId: box().id, quantity: 1 }], { name }),
        { clientAddress: nextAddress() },
      );
      expect(response.status).toBe(400);
      // The form is drawn in the browser (the cart lives there): the messages are in its data.
      const html = (await response.text()).replaceAll("\\u003c", "<").replaceAll("\\u003e", ">");
      expect(html).toContain(message);
      expect(await counts()).toEqual(before);
    },
  );

  it.each([
    ["a tampered price", { productId: "box", quantity: 1, priceCents: 100 }, 409, "price-changed"],
    ["an unknown product", { productId: UNKNOWN_ID, quantity: 1 }, 422, "unknown-products"],
    ["quantity 0", { productId: "box", quantity: 0 }, 422, "invalid-quantity"],
    ["a huge quantity", { productId: "box", quantity: 5000 }, 422, "invalid-quantity"],
  ] as const)(
    "refuses %s with its message and 'Error placing order'",
    async (_label, line, status, code) => {
      const before = await counts();
      const productId = line.productId === "box" ? box().id : line.productId;
      const response = await app.postForm("/checkout", form([{ ...line, productId }]), {
        clientAddress: nextAddress(),
      });
      expect(response.status).toBe(status);
      const html = (await response.text()).replaceAll("&#x27;", "'");
      expect(html).toContain(CHECKOUT_ERRORS[code]);
      expect(html).toContain("Error placing order");
      expect(await counts()).toEqual(before);
    },
  );

  it.each([
    ["a quantity past any number", { quantity: "1e9" }],
    ["a quantity that is not a number", { quantity: "two" }],
    ["an absurd product id", { productId: "x".repeat(500) }],
    ["a missing form key", { idempotencyKey: "" }],
  ] as const)(
    "refuses a hand-made post with %s (400), saying so on screen, and stores nothing",
    async (_label, change) => {
      const before = await counts();
      const body = new URLSearchParams(form([{ productId: box().id, quantity: 1 }]));
      for (const [field, value] of Object.entries(change)) {
        const name = field === "idempotencyKey" ? field : `lines[0].${field}`;
        body.set(name, value);
      }
      const response = await app.postForm("/checkout", body, { clientAddress: nextAddress() });
      expect(response.status).toBe(400);
      const html = (await response.text()).replaceAll("&#x27;", "'");
      expect(html).toContain("Error placing order");
      expect(html).toContain("Your order could not be read.");
      expect(await counts()).toEqual(before);
    },
  );

  describe("the note with the order (docs/product.md §6.1 'Anything we should know?')", () => {
    const orderByEmail = async (email: string) => {
      const [order] = await handle.db.select().from(orders).where(eq(orders.email, email));
      return order;
    };

    it("stores the note as written (line endings as LF, trimmed) and shows it to staff only", async () => {
      const body = form([{ productId: box().id, quantity: 1, priceCents: 45000 }], {
        note: "  Needed by Friday, please.\r\nGift wrap: yes <b>thanks</b>  ",
      });
      const response = await app.postForm("/checkout", body, { clientAddress: nextAddress() });
      expect(response.status).toBe(302);
      const order = await orderByEmail(body.get("email")!);
      expect(order?.note).toBe("Needed by Friday, please.\nGift wrap: yes <b>thanks</b>");

      const reference = order!.id.slice(0, 8).toUpperCase();
      const mails = (await handle.db.select().from(notifications)).filter((m) =>
        m.subject.includes(reference),
      );
      const staff = mails.find((m) => m.kind === "order.company")!;
      expect(staff.textBody).toContain(
        "Note from the buyer:\nNeeded by Friday, please.\nGift wrap: yes <b>thanks</b>",
      );
      // In the HTML it is text, escaped, never markup.
      expect(staff.htmlBody).toContain("Note from the buyer");
      expect(staff.htmlBody).toContain("Gift wrap: yes &lt;b&gt;thanks&lt;/b&gt;");
      const buyer = mails.find((m) => m.kind === "order.customer")!;
      expect(buyer.textBody).not.toContain("Needed by Friday");
    });

    it.each([
      ["left out", undefined],
      ["empty", ""],
      ["white space alone", " \r\n\t "],
    ])("an order without a note (%s) stores null and the alert has no note", async (_l, note) => {
      const body = form(
        [{ productId: box().id, quantity: 1, priceCents: 45000 }],
        note === undefined ? {} : { note },
      );
      const response = await app.postForm("/checkout", body, { clientAddress: nextAddress() });
      expect(response.status).toBe(302);
      const order = await orderByEmail(body.get("email")!);
      expect(order?.note).toBeNull();
      const staff = (await handle.db.select().from(notifications)).find(
        (m) =>
          m.kind === "order.company" && m.subject.includes(order!.id.slice(0, 8).toUpperCase()),
      );
      expect(staff?.textBody).not.toContain("Note from the buyer");
    });

    it("takes a note of exactly 500 characters", async () => {
      const body = form([{ productId: box().id, quantity: 1, priceCents: 45000 }], {
        note: "x".repeat(500),
      });
      const response = await app.postForm("/checkout", body, { clientAddress: nextAddress() });
      expect(response.status).toBe(302);
      expect((await orderByEmail(body.get("email")!))?.note).toHaveLength(500);
    });

    it.each([
      ["501 characters", "x".repeat(501), CHECKOUT_MESSAGES.noteTooLong],
      ["a control character", "Gift wrap\u0000please", UNSUPPORTED_CHARACTER_MESSAGE],
    ])(
      "refuses a note of %s with its message (400) and stores nothing",
      async (_l, note, message) => {
        const before = await counts();
        const response = await app.postForm(
          "/checkout",
          form([{ productId: box().id, quantity: 1, priceCents: 45000 }], { note }),
          { clientAddress: nextAddress() },
        );
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message);
        expect(await counts()).toEqual(before);
      },
    );

    it("placeOrder checks the note again: a domain call with a long note stores nothing", async () => {
      const before = await counts();
      const result = await placeOrder(handle.db, services.env, {
        customer,
        note: "y".repeat(501),
        idempotencyKey: crypto.randomUUID(),
        lines: [{ productId: box().id, quantity: 1 }],
      });
      expect(result).toMatchObject({ ok: false, code: "invalid-contact" });
      expect(await counts()).toEqual(before);
    });
  });

  it("a double submit of one form (same key) stores one order and both get the success", async () => {
    const before = await counts();
    const body = form([{ productId: keyring().id, quantity: 1, priceCents: 8550 }]);
    const responses = await Promise.all([
      app.postForm("/checkout", body, { clientAddress: nextAddress() }),
      app.postForm("/checkout", body, { clientAddress: nextAddress() }),
    ]);
    expect(responses.map((r) => [r.status, r.headers.get("location")])).toEqual([
      [302, "/"],
      [302, "/"],
    ]);
    expect((await counts()).orders).toBe(before.orders + 1);
  });

  it("rate-limits checkout submissions per client address (429)", async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) {
      const response = await app.postForm(
        "/checkout",
        form([{ productId: box().id, quantity: 1 }], { phone: "bad" }),
        { clientAddress: ip },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

/**
 * Runs `send` with the services' clock `ms` ahead of now, as if a person took that long; the
 * clock is the system's again afterwards. Nothing waits.
 */
async function later<T>(ms: number, send: () => Promise<T>): Promise<T> {
  services.clock = () => new Date(Date.now() + ms);
  try {
    return await send();
  } finally {
    services.clock = systemClock;
  }
}

describe("the checkout's honeypot and form stamp (decision 016): no order silently dropped", () => {
  const line = () => [{ productId: keyring().id, quantity: 1, priceCents: 8550 }];
  const post = (body: URLSearchParams) =>
    app.postForm("/checkout", body, { clientAddress: nextAddress() });
  const confirmStampOf = (html: string) => {
    const match =
      /confirmStamp\\?",\\?"([^"\\]+)/.exec(html) ?? /"confirmStamp","([^"]+)"/.exec(html);
    return match?.[1];
  };

  it.each([
    [
      "sent faster than a person types",
      () => createFormStamp(services.env.SESSION_SECRET, Date.now()),
    ],
    [
      "from a page open for over 12 hours",
      () => createFormStamp(services.env.SESSION_SECRET, Date.now() - MAX_FORM_AGE_MS - 1000),
    ],
    ["without a valid stamp", () => "forged.stamp.value"],
  ])(
    "an order %s asks the buyer to confirm (409), stores nothing, and the confirmation places it",
    async (_label, stamp) => {
      const before = await counts();
      const body = form(line(), { form_stamp: stamp() });
      const asked = await post(body);
      expect(asked.status).toBe(409);
      const html = (await asked.text()).replaceAll("&#x27;", "'");
      expect(html).toContain(CHECKOUT_CONFIRM_MESSAGE);
      expect(await counts()).toEqual(before);
      const confirmStamp = confirmStampOf(html);
      expect(confirmStamp).toBeTruthy();
      // The buyer reads the notice and presses Confirm Order: the same form with the new stamp.
      body.set("form_stamp", confirmStamp!);
      const placed = await later(MIN_FILL_MS, () => post(body));
      expect(placed.status).toBe(302);
      expect((await counts()).orders).toBe(before.orders + 1);
    },
  );

  /* The confirm notice cannot be turned round by a script (decision 016). */
  describe("the confirm stamp", () => {
    async function askedToConfirm(body: URLSearchParams) {
      body.set("form_stamp", "");
      const asked = await post(body);
      expect(asked.status).toBe(409);
      const confirmStamp = confirmStampOf(await asked.text());
      expect(confirmStamp).toBeTruthy();
      return confirmStamp!;
    }

    it("sent back at once is too fast: no order, no e-mail, and it is spent", async () => {
      const before = await counts();
      const body = form(line());
      body.set("form_stamp", await askedToConfirm(body));
      const again = await post(body);
      expect(again.status).toBe(409);
      expect(await counts()).toEqual(before);
      // Once old enough, the spent stamp is refused as used: the buyer is asked once more.
      const replayed = await later(MIN_FILL_MS, () => post(body));
      expect(replayed.status).toBe(409);
      expect(await counts()).toEqual(before);
    });

    it("places one order: sent with another checkout's key it asks again", async () => {
      const before = await counts();
      const confirmStamp = await askedToConfirm(form(line()));
      const other = form(line(), { form_stamp: confirmStamp });
      const refused = await later(MIN_FILL_MS, () => post(other));
      expect(refused.status).toBe(409);
      expect(await counts()).toEqual(before);
    });

    it("is usable once: a second order with it asks to confirm", async () => {
      const before = await counts();
      const body = form(line());
      const confirmStamp = await askedToConfirm(body);
      body.set("form_stamp", confirmStamp);
      expect((await later(MIN_FILL_MS, () => post(body))).status).toBe(302);
      // The same checkout again (a double click): the same order, nothing new.
      expect((await later(MIN_FILL_MS, () => post(body))).status).toBe(302);
      expect((await counts()).orders).toBe(before.orders + 1);
      expect((await counts()).notifications).toBe(before.notifications + 2);
    });
  });

  it("a second order with a used stamp asks to confirm; a resubmit of the same form is the same order", async () => {
    const before = await counts();
    const stamp = createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000);
    const first = form(line(), { form_stamp: stamp });
    expect((await post(first)).status).toBe(302);
    // The same form again (a double click, a retry): its key finds the stored order.
    expect((await post(first)).status).toBe(302);
    expect((await counts()).orders).toBe(before.orders + 1);
    // Another order (another key) with that stamp: a replay, so the buyer confirms.
    const second = await post(form(line(), { form_stamp: stamp }));
    expect(second.status).toBe(409);
    expect((await second.text()).replaceAll("&#x27;", "'")).toContain(CHECKOUT_CONFIRM_MESSAGE);
    expect((await counts()).orders).toBe(before.orders + 1);
  });

  it("a filled honeypot places no order and says how to order by phone (400), never a fake success", async () => {
    const before = await counts();
    const response = await post(form(line(), { hp_website: "http://spam.example" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please call us on +27 31 464 0192 or message us on WhatsApp");
    expect(html).toContain("https://wa.me/27314640192");
    expect(await counts()).toEqual(before);
  });
});
