import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { postMultipart } from "#tests/setup/catalog.ts";
import { databaseFingerprint } from "#tests/setup/db-fingerprint.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * docs/product.md §6.1: a line break in a single-line field (name, e-mail, phone, subject, product
 * or category name) is refused by every form, with the field's message, 4xx, nothing stored
 * and no e-mail queued: a checkout "name" can no longer carry a second paragraph into the
 * confirmation e-mail sent to whatever address was typed.
 */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let productId: string;
let address = 0;
const nextAddress = () => `10.20.0.${++address}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const admin = await createTestUser(handle.db, { admin: true });
  adminCookie = (await signedInCookie(services, admin.id)).cookie;
  const [product] = await handle.db
    .insert(products)
    .values({ name: "Keyring", price: "85.50" })
    .returning({ id: products.id });
  productId = product!.id;
}, 120_000);
afterAll(() => handle.close());

const stamp = () => createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000);
const INJECTED = "Hi Dave\nURGENT: your payment failed, pay at https://attacker.example/pay";
const MESSAGE = "Please keep this on one line";

const PUBLIC_FORMS: { path: string; fields: Record<string, string>; singleLine: string[] }[] = [
  {
    path: "/digital",
    fields: {
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      service: "web-development",
      message: "We need a shop.\nWith two lines.",
    },
    singleLine: ["name", "email", "phone"],
  },
  {
    path: "/contact",
    fields: {
      name: "Sipho Dlamini",
      email: "sipho@example.co.za",
      phone: "082 123 4567",
      subject: "Opening hours",
      message: "Are you open\non public holidays?",
    },
    singleLine: ["name", "email", "phone", "subject"],
  },
  {
    path: "/checkout",
    fields: {
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      idempotencyKey: "",
      "lines[0].quantity": "1",
      "lines[0].priceCents": "8550",
    },
    singleLine: ["name", "email", "phone"],
  },
];

describe("single-line fields refuse line breaks on the server", () => {
  for (const form of PUBLIC_FORMS) {
    for (const field of form.singleLine) {
      for (const lineBreak of ["\n", "\r", "\u2028", "\u2029"]) {
        it(`${form.path}: ${field} with ${JSON.stringify(lineBreak)} → 400, the message, nothing stored`, async () => {
          const before = await databaseFingerprint(handle.db);
          const value = form.fields[field]!;
          const response = await app.postForm(
            form.path,
            {
              hp_website: "",
              form_stamp: stamp(),
              ...form.fields,
              idempotencyKey: crypto.randomUUID(),
              "lines[0].productId": productId,
              [field]:
                field === "name" ? INJECTED : `${value.slice(0, 4)}${lineBreak}${value.slice(4)}`,
            },
            { clientAddress: nextAddress() },
          );
          expect(response.status).toBe(400);
          expect(await response.text()).toContain(MESSAGE);
          expect(await databaseFingerprint(handle.db)).toBe(before);
        });
      }
    }
  }

  it("/newsletter: an address with a line break is refused, nothing stored", async () => {
    const before = await databaseFingerprint(handle.db);
    const response = await app.postForm(
      "/newsletter",
      { email: "a@b.co\nBcc: everyone@example.com", source: "footer", form_stamp: stamp() },
      { clientAddress: nextAddress() },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address.");
    expect(await databaseFingerprint(handle.db)).toBe(before);
  });

  it.each([
    ["/admin/products/new", { name: INJECTED, price: "10.00" }],
    ["/admin/categories/new", { name: INJECTED }],
  ])(
    "%s: a name with a line break is refused with the message, nothing stored",
    async (path, fields) => {
      const before = await databaseFingerprint(handle.db);
      const response = await postMultipart(app, path, adminCookie, fields);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).toContain(MESSAGE);
      expect(await databaseFingerprint(handle.db)).toBe(before);
    },
  );
});
