import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_MESSAGES } from "#app/lib/validation/catalog.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { categories, contactRequests, orders, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { databaseFingerprint } from "#tests/setup/db-fingerprint.ts";
import { routesWithActions } from "#tests/setup/routes.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Input robustness (issue 9): every route action of the route table gets random invalid
 * forms — a required field missing, empty, 100 KB long, holding a NUL byte or of the wrong
 * type — mixed with noise (unknown and duplicated fields, Unicode edge cases, SQL and HTML
 * payloads). Each must be answered with a 4xx and a message, never a 500, and leave every
 * table as it was. Fixed seed and a bounded number of runs, so CI is repeatable.
 */

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

type Kind =
  | "text"
  | "email"
  | "enum"
  | "uuid"
  | "int"
  | "price"
  | "phone"
  /** A field that may be left out or empty, but must be right when given. */
  | "optional-phone"
  | "password";

interface Target {
  /** The route pattern in app/routes.ts. */
  pattern: string;
  /** A label when one route has several forms (login and sign-up). */
  variant?: string;
  path: () => string;
  admin?: boolean;
  /** A form the action would accept. */
  valid: () => Record<string, string>;
  /**
   * The fields that make the form invalid when broken, and what kind of value each is (an
   * optional field is broken only by a wrong value, never by leaving it out).
   */
  required: Record<string, Kind>;
  /** Text fragments of which the answer must contain at least one. */
  messages: string[];
}

const UNICODE_EDGES = [
  "Zoë Ndlovu-Müller",
  "👩🏾‍🔧 engineering",
  "‮reversed‬",
  "zero​width",
  "e\u0301\u0301\u0301",
  "\uFEFFbom",
  "\uFFFF",
  "ﷺ",
];
const PAYLOADS = [
  "'; drop table orders; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "{{7*7}}",
  "../../etc/passwd",
  "%00",
  "\\x00",
];

const noiseValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...UNICODE_EDGES, ...PAYLOADS),
);

function wrongValue(kind: Kind, valid: string): fc.Arbitrary<string> {
  const common = [
    fc.constantFrom("", "   ", "\t\n"),
    fc.constant("x".repeat(100_000)),
    fc.nat({ max: valid.length }).map((at) => `${valid.slice(0, at)}\u0000${valid.slice(at)}`),
  ];
  switch (kind) {
    case "email":
      return fc.oneof(
        ...common,
        fc.constantFrom("not-an-email", "a@", "@b.co", "a b@c.co", "<x>@y", "a@@b.co"),
        fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
      );
    case "enum":
    case "uuid":
      return fc.oneof(...common, fc.string({ maxLength: 30 }), fc.constantFrom(...PAYLOADS));
    case "int":
      return fc.oneof(fc.constantFrom("", "abc", "1.5", "1e400", "NaN", "-0x10", "999999999999"));
    case "price":
      return fc.constantFrom(
        "",
        "  ",
        "abc",
        "1.234",
        "-1",
        "-0.01",
        "12,50",
        "1e5",
        "NaN",
        "R10",
        "99999999999",
      );
    case "phone":
      return fc.oneof(...common, fc.constantFrom("12345", "abc", "+", "0000000000000000000"));
    case "optional-phone":
      // Empty is fine here: a 100 KB value, a NUL inside or a number that is not one.
      return fc.oneof(
        ...common.slice(1),
        fc.constantFrom("12345", "abc", "+", "0000000000000000000", "+27 082 123 4567"),
      );
    case "password":
      // A NUL is a character like any other in a password: only length can be wrong.
      return fc.constantFrom("", "12345", "x".repeat(100_000));
    default:
      return fc.oneof(...common);
  }
}

/** One invalid form: a broken required field, plus noise that is harmless on its own. */
function invalidForm(target: Target) {
  const base = target.valid();
  const fields = Object.keys(target.required);
  return fc
    .record({
      field: fc.constantFrom(...fields),
      missing: fc.boolean(),
      extra: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in base)),
        noiseValue,
        { maxKeys: 4 },
      ),
      duplicate: fc.option(fc.tuple(fc.constantFrom(...Object.keys(base)), noiseValue)),
    })
    .chain(({ field, missing: leaveOut, extra, duplicate }) =>
      wrongValue(target.required[field]!, base[field] ?? "").map((wrong) => {
        const missing = leaveOut && target.required[field] !== "optional-phone";
        const body = new URLSearchParams();
        for (const [name, value] of Object.entries(base)) {
          if (name === field) {
            if (!missing) body.append(name, wrong);
          } else {
            body.append(name, value);
          }
        }
        for (const [name, value] of Object.entries(extra)) body.append(name, value);
        // A second value after the real one (the first value is what forms read).
        if (duplicate && !(missing && duplicate[0] === field)) {
          body.append(duplicate[0], duplicate[1]);
        }
        return {
          body,
          description: `${field} ${missing ? "missing" : JSON.stringify(wrong.slice(0, 40))}`,
        };
      }),
    );
}

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let productId: string;
let categoryId: string;
let orderId: string;
let quoteRequestId: string;
let addressCounter = 0;

const stamp = () => createFormStamp(services.env.SESSION_SECRET, Date.now() - 10_000);
const quote = () => ({
  name: "Sipho Dlamini",
  email: "sipho@example.co.za",
  phone: "082 123 4567",
  service: "iot",
  message: "We need a sensor network for our warehouse.",
  form_stamp: stamp(),
  hp_website: "",
});
const QUOTE_FIELDS: Record<string, Kind> = {
  name: "text",
  email: "email",
  phone: "optional-phone",
  service: "enum",
  message: "text",
};
const FORM_MESSAGES = [
  "Please fill out all fields.",
  "Please enter a valid email address",
  "Please enter a valid phone number",
  "Please keep this under",
  "unsupported character",
];

const TARGETS: Target[] = [
  ...["", "digital", "hardware"].map((page) => ({
    pattern: page ? page : "/",
    // The home page's form posts to its index route (`?index`), not to the layout.
    path: () => (page ? `/${page}` : "/?index"),
    valid: quote,
    required: QUOTE_FIELDS,
    messages: FORM_MESSAGES,
  })),
  {
    pattern: "contact",
    path: () => "/contact",
    valid: () => ({
      name: "Pieter",
      email: "pieter@example.co.za",
      phone: "+27 31 464 0192",
      subject: "Workshop visit",
      message: "May we visit on Friday?",
      form_stamp: stamp(),
      hp_website: "",
    }),
    required: {
      name: "text",
      email: "email",
      phone: "optional-phone",
      subject: "text",
      message: "text",
    },
    messages: FORM_MESSAGES,
  },
  {
    pattern: "newsletter",
    path: () => "/newsletter",
    valid: () => ({
      email: "reader@example.co.za",
      source: "footer",
      enhanced: "1",
      form_stamp: stamp(),
      hp_website: "",
    }),
    // The source defaults to the footer when absent; only the address can be wrong.
    required: { email: "email" },
    messages: ["Please enter a valid email address."],
  },
  {
    pattern: "checkout",
    path: () => "/checkout",
    valid: () => ({
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      idempotencyKey: crypto.randomUUID(),
      "lines[0].productId": productId,
      "lines[0].quantity": "2",
      "lines[0].priceCents": "15000",
    }),
    required: {
      name: "text",
      email: "email",
      phone: "phone",
      idempotencyKey: "uuid",
      "lines[0].productId": "uuid",
      "lines[0].quantity": "int",
    },
    messages: [
      "Full name",
      "Email address is required",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Phone number is required",
      "unsupported character",
      "Invalid",
      "no longer available",
      "quantity",
      "Quantity",
    ],
  },
  {
    pattern: "newsletter/unsubscribe/:token",
    path: () => `/newsletter/unsubscribe/${encodeURIComponent(`forged.${addressCounter}`)}`,
    valid: () => ({ token: "x" }),
    required: { token: "text" },
    messages: ["This unsubscribe link is not valid."],
  },
  {
    pattern: "admin/login",
    variant: "login",
    path: () => "/admin/login",
    valid: () => ({
      intent: "login",
      email: "owner@example.co.za",
      password: "correct-horse-1",
      redirectTo: "/admin/dashboard",
    }),
    required: { email: "email", password: "password" },
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Password must be at most",
    ],
  },
  {
    pattern: "admin/login",
    variant: "signup",
    path: () => "/admin/login",
    valid: () => ({
      intent: "signup",
      email: "new.person@example.co.za",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    }),
    required: { email: "email", password: "password", confirmPassword: "password" },
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Passwords do not match",
      "Password must be at most",
    ],
  },
  {
    pattern: "admin/users",
    path: () => "/admin/users",
    admin: true,
    valid: () => ({ intent: "grant", userId: "00000000-0000-4000-8000-000000000001" }),
    required: { intent: "enum", userId: "uuid" },
    messages: ["Failed to update admin status."],
  },
  {
    pattern: "admin/email",
    path: () => "/admin/email",
    admin: true,
    valid: () => ({ id: "00000000-0000-4000-8000-000000000001" }),
    required: { id: "uuid" },
    messages: ["That message no longer exists.", "Only a failed message can be retried."],
  },
];

const CATALOG_FORM_MESSAGES = [
  ...Object.values(CATALOG_MESSAGES),
  "unsupported character",
  "please shorten what you typed",
  "reload the page and try again",
];
const productForm = () => ({
  name: "Fuzzed Walnut Box",
  description: "Solid walnut.",
  price: "120.00",
});

TARGETS.push(
  {
    pattern: "admin/products",
    path: () => "/admin/products",
    admin: true,
    valid: () => ({ intent: "delete", id: "00000000-0000-4000-8000-000000000001" }),
    required: { intent: "enum", id: "uuid" },
    messages: ["Choose a product to delete.", "The product does not exist"],
  },
  {
    pattern: "admin/products/new",
    path: () => "/admin/products/new",
    admin: true,
    valid: productForm,
    required: { name: "text", price: "price" },
    messages: CATALOG_FORM_MESSAGES,
  },
  {
    pattern: "admin/products/:id",
    path: () => `/admin/products/${productId}`,
    admin: true,
    valid: productForm,
    required: { name: "text", price: "price" },
    messages: CATALOG_FORM_MESSAGES,
  },
  {
    pattern: "admin/categories",
    path: () => "/admin/categories",
    admin: true,
    valid: () => ({ intent: "delete", id: "00000000-0000-4000-8000-000000000001" }),
    required: { intent: "enum", id: "uuid" },
    messages: ["Choose a category to delete.", "The category does not exist"],
  },
  {
    pattern: "admin/categories/new",
    path: () => "/admin/categories/new",
    admin: true,
    valid: () => ({ name: "Fuzzed Gifts" }),
    required: { name: "text" },
    messages: CATALOG_FORM_MESSAGES,
  },
  {
    pattern: "admin/categories/:id",
    path: () => `/admin/categories/${categoryId}`,
    admin: true,
    valid: () => ({ name: "Fuzzed Gifts" }),
    required: { name: "text" },
    messages: CATALOG_FORM_MESSAGES,
  },
  {
    pattern: "admin/categories/manager",
    path: () => "/admin/categories/manager",
    admin: true,
    valid: () => ({ intent: "save", name: "Fuzzed Gifts", description: "For weddings." }),
    required: { intent: "enum", name: "text" },
    messages: [...CATALOG_FORM_MESSAGES, "Choose a category to delete."],
  },
);

TARGETS.push(
  {
    pattern: "admin/orders/:id",
    variant: "note",
    path: () => `/admin/orders/${orderId}`,
    admin: true,
    valid: () => ({ intent: "note", note: "Called: delivery on Friday." }),
    required: { intent: "enum", note: "text" },
    messages: [
      "Please write a note.",
      "Please keep a note under",
      "unsupported character",
      "Please choose one of the order statuses.",
    ],
  },
  {
    pattern: "admin/orders/:id",
    variant: "status",
    path: () => `/admin/orders/${orderId}`,
    admin: true,
    valid: () => ({ intent: "status", status: "shipped", notify: "on" }),
    required: { intent: "enum", status: "enum" },
    messages: ["Please choose one of the order statuses.", "Please write a note."],
  },
  {
    pattern: "admin/subscribers",
    path: () => "/admin/subscribers",
    admin: true,
    valid: () => ({ intent: "remove", subscriberId: "00000000-0000-4000-8000-000000000001" }),
    required: { intent: "enum", subscriberId: "uuid" },
    messages: ["Please choose a subscriber to remove.", "That subscriber does not exist"],
  },
  {
    pattern: "admin/quote-requests",
    path: () => "/admin/quote-requests",
    admin: true,
    valid: () => ({ intent: "reply", requestId: quoteRequestId, reply: "Dear Sipho, thanks." }),
    required: { intent: "enum", requestId: "uuid", reply: "text" },
    messages: [
      "Please write a reply.",
      "Please keep the reply under",
      "unsupported character",
      "it was not understood",
      "That request does not exist",
    ],
  },
);

/** Actions with no input to break: they must still never fail or change data. */
const INPUTLESS = ["admin/logout"];

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const admin = await createTestUser(services.db, {
    admin: true,
    email: "owner@example.co.za",
    password: "correct-horse-1",
  });
  ({ cookie: adminCookie } = await signedInCookie(services, admin.id));
  const [product] = await services.db
    .insert(products)
    .values({ name: "Walnut Phone Stand", price: "150.00" })
    .returning({ id: products.id });
  productId = product!.id;
  const [category] = await services.db
    .insert(categories)
    .values({ name: "Desk Gifts" })
    .returning({ id: categories.id });
  categoryId = category!.id;
  const [order] = await services.db
    .insert(orders)
    .values({ customerName: "Lindiwe Zulu", email: "lindiwe@example.co.za", phone: "0821234567" })
    .returning({ id: orders.id });
  orderId = order!.id;
  const [request] = await services.db
    .insert(contactRequests)
    .values({ name: "Sipho", email: "sipho@example.co.za", service: "iot", message: "Sensors" })
    .returning({ id: contactRequests.id });
  quoteRequestId = request!.id;
}, 120_000);
afterAll(() => handle.close());

async function send(
  target: Target | { path: () => string; admin?: boolean },
  body: URLSearchParams,
) {
  // A new client address each time: rate limits must not hide the validation.
  addressCounter += 1;
  const response = await app.postForm(target.path(), body, {
    clientAddress: `198.51.100.${addressCounter % 250}-${addressCounter}`,
    headers: target.admin ? { Cookie: adminCookie } : {},
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

describe("fuzzing every action", () => {
  it("covers every route with an action in the route table", async () => {
    const withActions = (await routesWithActions()).map((r) => r.pattern);
    const covered = new Set([...TARGETS.map((t) => t.pattern), ...INPUTLESS]);
    expect([...covered].sort()).toEqual([...new Set(withActions)].sort());
  });

  for (const target of TARGETS) {
    const name = `${target.pattern}${target.variant ? ` (${target.variant})` : ""}`;
    it(`${name}: invalid input gets a 4xx with a message and changes nothing`, async () => {
      const before = await databaseFingerprint(services.db);
      await fc.assert(
        fc.asyncProperty(invalidForm(target), async ({ body, description }) => {
          const { status, text } = await send(target, body);
          expect(status, description).toBeGreaterThanOrEqual(400);
          expect(status, description).toBeLessThan(500);
          expect(
            target.messages.some((message) => text.includes(message)),
            `${description}: no message in ${status} answer`,
          ).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(await databaseFingerprint(services.db)).toBe(before);
    }, 120_000);
  }

  it("admin/logout: never fails, whatever is posted", async () => {
    const before = await databaseFingerprint(services.db);
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), noiseValue), async (fields) => {
        const { status } = await send({ path: () => "/admin/logout" }, new URLSearchParams(fields));
        expect(status).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await databaseFingerprint(services.db)).toBe(before);
  });
});
