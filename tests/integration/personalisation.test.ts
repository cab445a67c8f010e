import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonalisationRules } from "#app/lib/personalisation.ts";
import {
  LINE_BREAK_MESSAGE,
  UNSUPPORTED_CHARACTER_MESSAGE,
} from "#app/lib/validation/text-rules.ts";
import { personalisationValues } from "#app/server/catalog/personalisation.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { getOrder } from "#app/server/orders/admin-orders.server.ts";
import { type CheckoutLineInput, placeOrder } from "#app/server/orders/checkout.server.ts";
import { orderExportBatches } from "#app/server/orders/order-export.server.ts";
import { notifications, orderItems, orders, products } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { auditRows, postMultipart } from "#tests/setup/catalog.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Personalisation at checkout (docs/product.md §5.1 and §6.1, decision 040): the server checks
 * each line's text against the product's rules as they are now (required, maximum length,
 * choices, the single-line text rules) and refuses with a message naming the line; prices
 * and totals do not change; two texts of one product are two order lines.
 */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

const ENGRAVE: PersonalisationRules = {
  label: "Name to engrave",
  maxLength: 12,
  required: true,
  choices: null,
};
const COLOUR: PersonalisationRules = {
  label: "Colour",
  maxLength: 10,
  required: false,
  choices: ["Red", "Blue"],
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows = await handle.db
    .insert(products)
    .values([
      { name: "Keyring", price: "85.00", ...personalisationValues(ENGRAVE) },
      { name: "Coaster", price: "60.00", ...personalisationValues(COLOUR) },
      { name: "Jewellery Box", price: "450.00" },
    ])
    .returning({ id: products.id, name: products.name });
  for (const row of rows) ids[row.name] = row.id;
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());

const customer = { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567" };

function order(lines: CheckoutLineInput[]) {
  return placeOrder(handle.db, services.env, {
    customer,
    idempotencyKey: crypto.randomUUID(),
    lines,
  });
}

async function counts() {
  const [o] = await handle.db.select({ n: count() }).from(orders);
  const [i] = await handle.db.select({ n: count() }).from(orderItems);
  const [m] = await handle.db.select({ n: count() }).from(notifications);
  return { orders: o!.n, items: i!.n, notifications: m!.n };
}

async function setRules(name: string, rules: PersonalisationRules | null) {
  await handle.db
    .update(products)
    .set(personalisationValues(rules))
    .where(eq(products.id, ids[name]!));
}

describe("placeOrder with personalised lines", () => {
  it("stores two keyrings with two names as two lines, at the product's price", async () => {
    const before = await counts();
    const result = await order([
      { productId: ids.Keyring!, quantity: 1, personalisation: "Sipho", expectedPriceCents: 8500 },
      { productId: ids.Keyring!, quantity: 2, personalisation: " Thandi " },
      { productId: ids["Jewellery Box"]!, quantity: 1 },
    ]);
    expect(result).toMatchObject({ ok: true, totalCents: 3 * 8500 + 45000 });
    if (!result.ok) throw new Error("unreachable");
    const items = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(
      items
        .map((i) => [i.productName, i.price, i.quantity, i.personalisation, i.personalisationLabel])
        .sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    ).toEqual([
      ["Jewellery Box", "450.00", 1, null, null],
      ["Keyring", "85.00", 1, "Sipho", "Name to engrave"],
      ["Keyring", "85.00", 2, "Thandi", "Name to engrave"],
    ]);
    expect(await counts()).toMatchObject({ items: before.items + 3 });

    // The order as the admin reads it: same lines, same total.
    const detail = await getOrder(handle.db, result.orderId);
    expect(detail?.totalCents).toBe(3 * 8500 + 45000);
    expect(detail?.items.map((i) => i.personalisation).sort()).toEqual(["Sipho", "Thandi", null]);

    // Both e-mails name each line's text, in text and in HTML.
    const reference = result.orderId.slice(0, 8).toUpperCase();
    const mails = (await handle.db.select().from(notifications)).filter((m) =>
      m.subject.includes(reference),
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).toContain(
        "1 × Keyring @ R85.00 = R85.00\n    Name to engrave: “Sipho”",
      );
      expect(mail.textBody).toContain("Name to engrave: “Thandi”");
      expect(mail.htmlBody).toContain("Name to engrave: “Sipho”");
    }
  });

  it("adds up the same text sent twice into one line", async () => {
    const result = await order([
      { productId: ids.Keyring!, quantity: 1, personalisation: "Lwazi" },
      { productId: ids.Keyring!, quantity: 2, personalisation: "Lwazi " },
    ]);
    if (!result.ok) throw new Error(result.message);
    const items = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(items.map((i) => [i.personalisation, i.quantity])).toEqual([["Lwazi", 3]]);
    expect(result.totalCents).toBe(3 * 8500);
  });

  it("takes an optional choice, or none", async () => {
    const result = await order([
      { productId: ids.Coaster!, quantity: 1, personalisation: "Blue" },
      { productId: ids.Coaster!, quantity: 1 },
    ]);
    if (!result.ok) throw new Error(result.message);
    const items = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(items.map((i) => i.personalisation).sort()).toEqual(["Blue", null]);
  });

  it.each([
    [
      "a missing required text",
      () => ({ productId: ids.Keyring!, quantity: 1 }),
      "Keyring: Name to engrave is required.",
    ],
    [
      "a blank required text",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "   " }),
      "Keyring: Name to engrave is required.",
    ],
    [
      "a text over the maximum length",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "Nomvula-Thandeka" }),
      "Keyring (“Nomvula-Thandeka”): Name to engrave must be at most 12 characters.",
    ],
    [
      "a text not among the choices",
      () => ({ productId: ids.Coaster!, quantity: 1, personalisation: "Green" }),
      "Coaster (“Green”): Colour must be one of: Red, Blue.",
    ],
    [
      "a line break",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "Sipho\nPAY NOW" }),
      `Keyring (“Sipho\nPAY NOW”): ${LINE_BREAK_MESSAGE}`,
    ],
    [
      "a trailing line break",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "Sipho\r\n" }),
      `Keyring (“Sipho”): ${LINE_BREAK_MESSAGE}`,
    ],
    [
      "a Unicode line separator",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "Si\u2028pho" }),
      `Keyring (“Si\u2028pho”): ${LINE_BREAK_MESSAGE}`,
    ],
    [
      "a control character",
      () => ({ productId: ids.Keyring!, quantity: 1, personalisation: "Si\u0000pho" }),
      `Keyring (“Si\u0000pho”): ${UNSUPPORTED_CHARACTER_MESSAGE}`,
    ],
    [
      "a text for a product that asks for none",
      () => ({ productId: ids["Jewellery Box"]!, quantity: 1, personalisation: "Sipho" }),
      "Jewellery Box (“Sipho”): This product is no longer personalised: remove the text.",
    ],
  ] as const)("refuses %s, naming the line, and stores nothing", async (_label, line, message) => {
    const before = await counts();
    const result = await order([{ productId: ids["Jewellery Box"]!, quantity: 1 }, line()]);
    expect(result).toMatchObject({ ok: false, code: "personalisation", message });
    expect(await counts()).toEqual(before);
  });

  it("names every line that breaks the rules", async () => {
    const result = await order([
      { productId: ids.Keyring!, quantity: 1, personalisation: "Sipho" },
      { productId: ids.Keyring!, quantity: 1 },
      { productId: ids.Coaster!, quantity: 1, personalisation: "Pink" },
    ]);
    expect(result).toMatchObject({
      ok: false,
      code: "personalisation",
      message:
        "Keyring: Name to engrave is required. Coaster (“Pink”): Colour must be one of: Red, Blue.",
    });
  });

  it("checks the product's rules as they are now, not as when it was put in the cart", async () => {
    const cart = [{ productId: ids.Keyring!, quantity: 1, personalisation: "Nokuthula" }];
    try {
      await setRules("Keyring", { ...ENGRAVE, maxLength: 6 });
      expect(await order(cart)).toMatchObject({
        ok: false,
        message: "Keyring (“Nokuthula”): Name to engrave must be at most 6 characters.",
      });
      await setRules("Keyring", { ...ENGRAVE, choices: ["Sipho", "Thandi"] });
      expect(await order(cart)).toMatchObject({
        ok: false,
        message: "Keyring (“Nokuthula”): Name to engrave must be one of: Sipho, Thandi.",
      });
      // Personalisation turned off: the text is refused; a plain line is taken.
      await setRules("Keyring", null);
      expect(await order(cart)).toMatchObject({ ok: false, code: "personalisation" });
      expect(await order([{ productId: ids.Keyring!, quantity: 1 }])).toMatchObject({ ok: true });
      // Turned on and required since: a line without a text is refused.
      await setRules("Keyring", ENGRAVE);
      expect(await order([{ productId: ids.Keyring!, quantity: 1 }])).toMatchObject({
        ok: false,
        message: "Keyring: Name to engrave is required.",
      });
      expect(await order(cart)).toMatchObject({ ok: true, totalCents: 8500 });
    } finally {
      await setRules("Keyring", ENGRAVE);
    }
  });

  it("puts the label and the text in the CSV export", async () => {
    const result = await order([
      { productId: ids.Keyring!, quantity: 1, personalisation: "Ayanda" },
    ]);
    if (!result.ok) throw new Error(result.message);
    const rows: string[][] = [];
    for await (const batch of orderExportBatches(handle.db, {
      q: null,
      status: null,
      payment: null,
      overdue: false,
    }))
      rows.push(...batch);
    const mine = rows.filter((row) => row[0] === result.orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.slice(-2)).toEqual(["Name to engrave", "Ayanda"]);
  });
});

let buyer = 0;
let address = 0;
function form(lines: { productId: string; quantity: number; personalisation?: string }[]) {
  buyer += 1;
  const body = new URLSearchParams({
    name: customer.name,
    email: `personal${buyer}@example.co.za`,
    phone: `082 ${String(3_000_000 + buyer).slice(-7)}`,
    idempotencyKey: crypto.randomUUID(),
    form_stamp: createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000),
    hp_website: "",
  });
  lines.forEach((line, n) => {
    body.set(`lines[${n}].productId`, line.productId);
    body.set(`lines[${n}].quantity`, String(line.quantity));
    if (line.personalisation !== undefined) {
      body.set(`lines[${n}].personalisation`, line.personalisation);
    }
  });
  return body;
}

describe("the /checkout action with personalised lines", () => {
  it("places an order whose lines carry their texts", async () => {
    const before = await counts();
    const response = await app.postForm(
      "/checkout",
      form([
        { productId: ids.Keyring!, quantity: 1, personalisation: "Sipho" },
        { productId: ids.Keyring!, quantity: 1, personalisation: "Thandi" },
      ]),
      { clientAddress: `10.33.0.${++address}` },
    );
    expect(response.status).toBe(302);
    expect(await counts()).toMatchObject({ orders: before.orders + 1, items: before.items + 2 });
  });

  it("refuses a text that breaks the rules with 422 and a message naming the line", async () => {
    const before = await counts();
    const response = await app.postForm(
      "/checkout",
      form([{ productId: ids.Keyring!, quantity: 1, personalisation: "Nomvula-Thandeka" }]),
      { clientAddress: `10.33.0.${++address}` },
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Name to engrave must be at most 12 characters.");
    expect(html).toContain("Nomvula-Thandeka");
    expect(html).toContain("Error placing order");
    expect(await counts()).toEqual(before);
  });

  it("refuses a personalisation of absurd size as an unreadable order (400)", async () => {
    const before = await counts();
    const response = await app.postForm(
      "/checkout",
      form([{ productId: ids.Keyring!, quantity: 1, personalisation: "x".repeat(5000) }]),
      { clientAddress: `10.33.0.${++address}` },
    );
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("the admin's product form (docs/product.md §3.5)", () => {
  let admin: Awaited<ReturnType<typeof createAdminApp>>;
  beforeAll(async () => {
    admin = await createAdminApp();
  }, 120_000);
  afterAll(() => admin.handle.close());

  const fields = {
    name: "Engraved Board",
    price: "390",
    personalise: "on",
    personalisationLabel: "Initials",
    personalisationMaxLength: "3",
    personalisationRequired: "on",
    personalisationChoices: "",
  };
  const stored = async (name: string) => {
    const [row] = await admin.handle.db.select().from(products).where(eq(products.name, name));
    return row!;
  };

  it("is off by default: a product saved without it asks for nothing", async () => {
    const response = await postMultipart(admin.app, "/admin/products/new", admin.cookie, {
      name: "Plain Board",
      price: "100",
    });
    expect(response.status).toBe(302);
    expect(await stored("Plain Board")).toMatchObject({
      personalisationLabel: null,
      personalisationMaxLength: null,
      personalisationRequired: false,
      personalisationChoices: null,
    });
  });

  it("saves the rules, audited, shows them on the product page and in the edit form", async () => {
    const response = await postMultipart(admin.app, "/admin/products/new", admin.cookie, fields);
    expect(response.status).toBe(302);
    const row = await stored("Engraved Board");
    expect(row).toMatchObject({
      personalisationLabel: "Initials",
      personalisationMaxLength: 3,
      personalisationRequired: true,
      personalisationChoices: null,
    });
    const [audit] = await auditRows(admin.handle.db, "product", row.id);
    expect(audit?.details).toMatchObject({
      personalisation: { label: "Initials", maxLength: 3, required: true, choices: null },
    });
    const page = await (await admin.app.request(`/products/${row.id}`)).text();
    expect(page).toContain("Initials");
    expect(page).toMatch(/maxLength="3"|maxlength="3"/);
    const edit = await (
      await admin.app.request(`/admin/products/${row.id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(edit).toMatch(/value="Initials"/);

    // Choices, then off again: the columns follow, nothing left behind.
    await postMultipart(admin.app, `/admin/products/${row.id}`, admin.cookie, {
      ...fields,
      personalisationRequired: undefined,
      personalisationChoices: "ABC\nXYZ",
    });
    expect(await stored("Engraved Board")).toMatchObject({
      personalisationRequired: false,
      personalisationChoices: ["ABC", "XYZ"],
    });
    await postMultipart(admin.app, `/admin/products/${row.id}`, admin.cookie, {
      ...fields,
      personalise: undefined,
    });
    expect(await stored("Engraved Board")).toMatchObject({
      personalisationLabel: null,
      personalisationMaxLength: null,
      personalisationRequired: false,
      personalisationChoices: null,
    });
  });

  it.each([
    [{ personalisationLabel: "" }, "Label is required when the product asks for personalisation"],
    [{ personalisationMaxLength: "500" }, "Maximum length must be a whole number from 1 to 100"],
    [{ personalisationChoices: "ABCD" }, "Each choice must be at most the maximum length"],
    [{ personalisationLabel: "Initials\nPAY NOW" }, "Please keep this on one line"],
  ])("refuses %j with its message (400) and saves nothing", async (change, message) => {
    const response = await postMultipart(admin.app, "/admin/products/new", admin.cookie, {
      ...fields,
      name: "Refused Board",
      ...change,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    const rows = await admin.handle.db
      .select()
      .from(products)
      .where(eq(products.name, "Refused Board"));
    expect(rows).toEqual([]);
  });
});
