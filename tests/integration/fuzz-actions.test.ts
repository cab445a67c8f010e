import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_MESSAGES } from "#app/lib/validation/catalog.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { categories, contactRequests, orders, products } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { databaseFingerprint, executeRows } from "#tests/setup/db-fingerprint.ts";
import { routesWithActions } from "#tests/setup/routes.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Input robustness (issue 9): every route action of the route table gets random invalid
 * forms — a required field missing, empty, 100 KB long, holding a NUL byte or of the wrong
 * type — whose other real fields may hold SQL, HTML and Unicode payloads, mixed with noise
 * (unknown and duplicated fields). Each must be answered with a 4xx and a message, never a
 * 500, and leave every table as it was. Every action with free-text fields also gets valid
 * forms whose text is hostile: refused with a message, or stored exactly as sent. About half
 * the forms are multipart/form-data, and half are sent as `.data` requests, as the pages'
 * fetchers send them. Fixed seed and a bounded number of runs, so CI is repeatable.
 */

const SEED = 20261123;
/** Invalid forms per action, and hostile-but-valid ones per action with text fields. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const HOSTILE_RUNS = Math.max(1, Math.round(RUNS / 4));

/**
 * What a field holds, which decides the wrong and hostile values it gets. "text" is free text
 * that is stored as typed; "opaque" is read but never stored (a token in the path, say).
 */
type Kind =
  | "text"
  | "opaque"
  | "email"
  | "enum"
  | "uuid"
  | "int"
  | "price"
  | "phone"
  | "password"
  | "boolean"
  | "file";

/** A real input field of a form: its kind and a value the action accepts. */
interface FieldSpec {
  kind: Kind;
  valid: () => string;
  /** May be left out or blank (never the field that is broken on purpose). */
  optional?: boolean;
}

type Fields = Record<string, FieldSpec>;

interface Target {
  /** The route pattern in app/routes.ts. */
  pattern: string;
  /** A label when one route has several forms (login and sign-up). */
  variant?: string;
  path: () => string;
  admin?: boolean;
  /**
   * The form's real input fields, each form's list defined once below (QUOTE_FIELDS …): the
   * generators break them, fill them with hostile values and build valid forms from them.
   */
  fields: Fields;
  /** Fields the page adds itself (intent, anti-spam stamp, idempotency key …). */
  hidden?: () => Record<string, string>;
  /** Text fragments of which the answer must contain at least one. */
  messages: string[];
  /**
   * The form works without JavaScript: a page answer must show the message in its markup,
   * not only in the data the page's script would render (a toast, say).
   */
  noScript?: boolean;
}

const field = (kind: Kind, valid: string | (() => string), optional = false): FieldSpec => ({
  kind,
  valid: typeof valid === "string" ? () => valid : valid,
  optional,
});

/** A form the action would accept. */
function validForm(target: Target): Record<string, string> {
  return {
    ...target.hidden?.(),
    ...Object.fromEntries(
      Object.entries(target.fields).map(([name, spec]) => [name, spec.valid()]),
    ),
  };
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

/** SQL, HTML and Unicode edge cases, alone or after the field's valid value. */
const hostileText = (valid: string) =>
  fc.oneof(
    fc.constantFrom(...PAYLOADS, ...UNICODE_EDGES),
    fc.constantFrom(...PAYLOADS, ...UNICODE_EDGES).map((payload) => `${valid} ${payload}`),
  );

function wrongValue({ kind, optional }: FieldSpec, valid: string): fc.Arbitrary<string> {
  const common = [
    // Blank is a wrong value only where the field is required.
    ...(optional ? [] : [fc.constantFrom("", "   ", "\t\n")]),
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
    case "password":
      // A NUL is a character like any other in a password: only length can be wrong.
      return fc.constantFrom("", "12345", "x".repeat(100_000));
    case "boolean":
      // A checkbox sends "on" or nothing: anything else is not one.
      return fc.oneof(
        fc.constantFrom("off", "yes", "false", "1", "2", ...PAYLOADS),
        fc.constant("x".repeat(100_000)),
      );
    case "file":
      // Text where a file is expected (a hand-made form): never read as an image.
      return fc.oneof(
        fc.constantFrom("photo.png", "data:image/png;base64,iVBORw0KGgo=", ...PAYLOADS),
        fc.constant("x".repeat(100_000)),
      );
    default:
      return fc.oneof(...common);
  }
}

/**
 * One posted form, as an ordered list of fields, urlencoded or multipart, sent as a page
 * would without JavaScript (document) or as its fetcher does (a `.data` request).
 */
interface Case {
  entries: [string, string][];
  multipart: boolean;
  data: boolean;
  description: string;
  /** Hostile values put into stored text fields (checked to be stored as sent). */
  storedText: string[];
}

const encoding = (multipart: boolean, data: boolean) =>
  `${multipart ? "multipart" : "urlencoded"}${data ? " .data" : ""}`;

/**
 * One invalid form: a broken required field; the other real fields keep their valid value or
 * get a hostile one (SQL, HTML, Unicode); plus unknown and duplicated fields.
 */
function invalidForm(target: Target): fc.Arbitrary<Case> {
  const base = validForm(target);
  const freshBase = () => ({ ...base, ...validForm(target) });
  // A required field is broken by a wrong value or by leaving it out; an optional field with
  // a rule (the optional phone) only by a wrong value; optional free text cannot be wrong.
  const breakable = Object.keys(target.fields).filter((name) => {
    const spec = target.fields[name]!;
    return !spec.optional || !["text", "opaque"].includes(spec.kind);
  });
  const others = Object.keys(target.fields);
  return fc
    .record({
      field: fc.constantFrom(...breakable),
      missing: fc.boolean(),
      hostile: fc.record(
        Object.fromEntries(others.map((name) => [name, fc.option(hostileText(base[name]!))])),
      ),
      extra: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in base)),
        noiseValue,
        { maxKeys: 4 },
      ),
      duplicate: fc.option(fc.tuple(fc.constantFrom(...Object.keys(base)), noiseValue)),
      multipart: fc.boolean(),
      data: fc.boolean(),
    })
    .chain(({ field, missing: leaveOut, hostile, extra, duplicate, multipart, data }) =>
      wrongValue(target.fields[field]!, base[field] ?? "").map((wrong): Case => {
        const missing = leaveOut && !target.fields[field]!.optional;
        const entries: [string, string][] = [];
        for (const [name, value] of Object.entries(freshBase())) {
          if (name === field) {
            if (!missing) entries.push([name, wrong]);
          } else {
            entries.push([name, (hostile as Record<string, string | null>)[name] ?? value]);
          }
        }
        for (const [name, value] of Object.entries(extra)) entries.push([name, value]);
        // A second value after the real one (the first value is what forms read).
        if (duplicate && !(missing && duplicate[0] === field)) entries.push(duplicate);
        return {
          entries,
          multipart,
          data,
          storedText: [],
          description: `${encoding(multipart, data)}: ${field} ${missing ? "missing" : JSON.stringify(wrong.slice(0, 40))}`,
        };
      }),
    );
}

/**
 * An otherwise valid form whose free-text fields hold hostile values: answered without a 500;
 * refused with a message, or accepted and stored exactly as sent (never run as SQL or markup).
 */
function hostileForm(target: Target): fc.Arbitrary<Case> {
  const base = validForm(target);
  const texts = Object.keys(target.fields).filter((name) => target.fields[name]!.kind === "text");
  return fc
    .record({
      hostile: fc.record(Object.fromEntries(texts.map((name) => [name, hostileText(base[name]!)]))),
      multipart: fc.boolean(),
      data: fc.boolean(),
    })
    .map(({ hostile, multipart, data }): Case => {
      // Fresh generated values (an idempotency key) per case: each is a new submission.
      const values = { ...validForm(target), ...(hostile as Record<string, string>) };
      return {
        entries: Object.entries(values),
        multipart,
        data,
        storedText: texts.map((name) => values[name]!),
        description: `${encoding(multipart, data)}: ${JSON.stringify(hostile)}`,
      };
    });
}

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let productId: string;
let categoryId: string;
let orderId: string;
let quoteRequestId: string;
let managedCategoryId: string;
let addressCounter = 0;

const stamp = () => createFormStamp(services.env.SESSION_SECRET, Date.now() - 10_000);
/** What the anti-spam check of every public form needs (a person's pace, honeypot empty). */
const antiSpam = () => ({ form_stamp: stamp(), hp_website: "" });

// Each form's real fields, once: the generators below take every list from here.
const QUOTE_FIELDS: Fields = {
  name: field("text", "Sipho Dlamini"),
  email: field("email", "sipho@example.co.za"),
  phone: field("phone", "082 123 4567", true),
  service: field("enum", "iot"),
  message: field("text", "We need a sensor network for our warehouse."),
};
const CONTACT_FIELDS: Fields = {
  name: field("text", "Pieter"),
  email: field("email", "pieter@example.co.za"),
  phone: field("phone", "+27 31 464 0192", true),
  subject: field("text", "Workshop visit"),
  message: field("text", "May we visit on Friday?"),
};
const NEWSLETTER_FIELDS: Fields = { email: field("email", "reader@example.co.za") };
const CHECKOUT_FIELDS: Fields = {
  name: field("text", "Thandi Nkosi"),
  email: field("email", "thandi@example.co.za"),
  phone: field("phone", "082 123 4567"),
  idempotencyKey: field("uuid", () => crypto.randomUUID()),
  "lines[0].productId": field("uuid", () => productId),
  "lines[0].quantity": field("int", "2"),
};
const LOGIN_FIELDS: Fields = {
  email: field("email", "owner@example.co.za"),
  password: field("password", "correct-horse-1"),
};
const SIGNUP_FIELDS: Fields = {
  email: field("email", "new.person@example.co.za"),
  password: field("password", "long-enough-1"),
  confirmPassword: field("password", "long-enough-1"),
};
const PRODUCT_FIELDS: Fields = {
  name: field("text", "Fuzzed Walnut Box"),
  description: field("text", "Solid walnut.", true),
  price: field("price", "120.00"),
  categoryIds: field("uuid", () => categoryId, true),
  image: field("file", "", true),
  removeImage: field("boolean", "on", true),
};
const CATEGORY_FIELDS: Fields = {
  name: field("text", "Fuzzed Gifts"),
  isSpecial: field("boolean", "on", true),
};
const CATEGORY_MANAGER_FIELDS: Fields = {
  intent: field("enum", "save"),
  id: field("uuid", () => managedCategoryId, true),
  name: field("text", "Fuzzed Gifts"),
  description: field("text", "For weddings.", true),
  image: field("file", "", true),
  removeImage: field("boolean", "on", true),
};
const NOWHERE = "00000000-0000-4000-8000-000000000001";

const FORM_MESSAGES = [
  "Please fill out all fields.",
  "Please enter a valid email address",
  "Please enter a valid phone number",
  "Please keep this under",
  "unsupported character",
  "Please keep this on one line",
];

const TARGETS: Target[] = [
  ...["", "digital", "hardware"].map((page) => ({
    pattern: page ? page : "/",
    // The home page's form posts to its index route (`?index`), not to the layout.
    path: () => (page ? `/${page}` : "/?index"),
    fields: QUOTE_FIELDS,
    hidden: antiSpam,
    messages: FORM_MESSAGES,
    noScript: true,
  })),
  {
    pattern: "contact",
    path: () => "/contact",
    fields: CONTACT_FIELDS,
    hidden: antiSpam,
    messages: FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "newsletter",
    path: () => "/newsletter",
    // The source defaults to the footer when absent; only the address can be wrong.
    fields: NEWSLETTER_FIELDS,
    hidden: () => ({ source: "footer", enhanced: "1", ...antiSpam() }),
    messages: ["Please enter a valid email address."],
    noScript: true,
  },
  {
    pattern: "checkout",
    path: () => "/checkout",
    fields: CHECKOUT_FIELDS,
    hidden: () => ({ "lines[0].priceCents": "15000", ...antiSpam() }),
    messages: [
      "Full name",
      "Email address is required",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Phone number is required",
      "unsupported character",
      "Please keep this on one line",
      "Invalid",
      "no longer available",
      "quantity",
      "Quantity",
      "Your order could not be read.",
    ],
  },
  {
    pattern: "newsletter/unsubscribe/:token",
    path: () => `/newsletter/unsubscribe/${encodeURIComponent(`forged.${addressCounter}`)}`,
    fields: { token: field("opaque", "x") },
    messages: ["This unsubscribe link is not valid."],
    noScript: true,
  },
  {
    pattern: "admin/login",
    variant: "login",
    path: () => "/admin/login",
    fields: LOGIN_FIELDS,
    hidden: () => ({ intent: "login", redirectTo: "/admin/dashboard" }),
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Password must be at most",
    ],
    noScript: true,
  },
  {
    pattern: "admin/login",
    variant: "signup",
    path: () => "/admin/login",
    fields: SIGNUP_FIELDS,
    hidden: () => ({ intent: "signup" }),
    messages: [
      "Please enter a valid email address",
      "Password must be at least 6 characters",
      "Passwords do not match",
      "Password must be at most",
    ],
    noScript: true,
  },
  ...["grant", "revoke"].map((intent) => ({
    pattern: "admin/users",
    variant: intent,
    path: () => "/admin/users",
    admin: true,
    fields: { intent: field("enum", intent), userId: field("uuid", NOWHERE) },
    messages: ["Failed to update admin status."],
  })),
  {
    pattern: "admin/email",
    path: () => "/admin/email",
    admin: true,
    fields: { id: field("uuid", NOWHERE) },
    messages: ["That message no longer exists.", "Only a failed message can be retried."],
  },
];

const CATALOG_FORM_MESSAGES = [
  ...Object.values(CATALOG_MESSAGES),
  // A hostile name sent twice (new, then edit or manager) is a duplicate.
  "Category names must be unique",
  "unsupported character",
  "Please keep this on one line",
  "please shorten what you typed",
  "reload the page and try again",
];

TARGETS.push(
  {
    pattern: "admin/products",
    path: () => "/admin/products",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: ["Choose a product to delete.", "The product does not exist"],
  },
  {
    pattern: "admin/products/new",
    path: () => "/admin/products/new",
    admin: true,
    fields: PRODUCT_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/products/:id",
    path: () => `/admin/products/${productId}`,
    admin: true,
    fields: PRODUCT_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories",
    path: () => "/admin/categories",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: ["Choose a category to delete.", "The category does not exist"],
  },
  {
    pattern: "admin/categories/new",
    path: () => "/admin/categories/new",
    admin: true,
    fields: CATEGORY_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories/:id",
    path: () => `/admin/categories/${categoryId}`,
    admin: true,
    fields: CATEGORY_FIELDS,
    messages: CATALOG_FORM_MESSAGES,
    noScript: true,
  },
  {
    pattern: "admin/categories/manager",
    variant: "save",
    path: () => "/admin/categories/manager",
    admin: true,
    fields: CATEGORY_MANAGER_FIELDS,
    messages: [...CATALOG_FORM_MESSAGES, "Choose a category to delete."],
    noScript: true,
  },
  {
    pattern: "admin/categories/manager",
    variant: "delete",
    path: () => "/admin/categories/manager",
    admin: true,
    fields: { intent: field("enum", "delete"), id: field("uuid", NOWHERE) },
    messages: [
      ...CATALOG_FORM_MESSAGES,
      "Choose a category to delete.",
      "The category does not exist",
    ],
  },
);

TARGETS.push(
  {
    pattern: "admin/orders/:id",
    variant: "note",
    path: () => `/admin/orders/${orderId}`,
    admin: true,
    fields: { intent: field("enum", "note"), note: field("text", "Called: delivery on Friday.") },
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
    fields: { intent: field("enum", "status"), status: field("enum", "shipped") },
    hidden: () => ({ notify: "on" }),
    messages: ["Please choose one of the order statuses.", "Please write a note."],
  },
  ...["release", "delete"].map((intent) => ({
    pattern: "admin/held",
    variant: intent,
    path: () => "/admin/held",
    admin: true,
    fields: { intent: field("enum", intent), id: field("uuid", NOWHERE) },
    messages: ["Please choose a held submission.", "That submission is no longer held."],
  })),
  {
    pattern: "admin/subscribers",
    path: () => "/admin/subscribers",
    admin: true,
    fields: { intent: field("enum", "remove"), subscriberId: field("uuid", NOWHERE) },
    messages: ["Please choose a subscriber to remove.", "That subscriber does not exist"],
  },
  ...["resolve", "reopen", "erase"].map((intent) => ({
    pattern: "admin/quote-requests",
    variant: intent,
    path: () => "/admin/quote-requests",
    admin: true,
    fields: { intent: field("enum", intent), requestId: field("uuid", NOWHERE) },
    messages: ["it was not understood", "That request does not exist"],
  })),
  {
    pattern: "admin/quote-requests",
    variant: "reply",
    path: () => "/admin/quote-requests",
    admin: true,
    fields: {
      intent: field("enum", "reply"),
      requestId: field("uuid", () => quoteRequestId),
      reply: field("text", "Dear Sipho, thanks."),
    },
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
  const [managed] = await services.db
    .insert(categories)
    .values({ name: "Managed Gifts", description: "Edited in the manager." })
    .returning({ id: categories.id });
  managedCategoryId = managed!.id;
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

/** Where a fetcher posts the form of `path`: `/digital.data`, `/_.data?index` for home. */
function dataPath(path: string) {
  const url = new URL(path, "http://site.test");
  // v8_trailingSlashAwareDataRequests: a path ending in a slash gets `_.data`.
  const pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return `${pathname}${url.search}`;
}

async function send(target: { path: () => string; admin?: boolean }, form: Case) {
  // A new client address each time: rate limits must not hide the validation.
  addressCounter += 1;
  let body: URLSearchParams | FormData = new URLSearchParams(form.entries);
  if (form.multipart) {
    body = new FormData();
    for (const [name, value] of form.entries) body.append(name, value);
  }
  const response = await app.request(form.data ? dataPath(target.path()) : target.path(), {
    method: "POST",
    body,
    clientAddress: `198.51.100.${addressCounter % 250}-${addressCounter}`,
    headers: target.admin ? { Cookie: adminCookie } : {},
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

/** Whether `value` is in some stored text column (the outbox's copies of e-mails aside). */
async function storedVerbatim(value: string): Promise<boolean> {
  const columns = await executeRows<{ table_name: string; column_name: string }>(
    services.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying')
          and table_name not in ('notifications', 'sessions', 'rate_limits')`,
  );
  const checks = columns.map(
    ({ table_name, column_name }) =>
      sql`exists (select 1 from ${sql.identifier(table_name)}
                  where position(${value} in ${sql.identifier(column_name)}) > 0)`,
  );
  const [row] = await executeRows<{ found: boolean }>(
    services.db,
    sql`select (${sql.join(checks, sql` or `)}) as found`,
  );
  return row!.found;
}

/**
 * Whether the answer holds one of the target's messages. For a form that works without
 * JavaScript, a page answer must show it in its markup: a message that sits only in the
 * page's hydration data, for a field the form never shows, does not count. Forms that need
 * the page's script (the admin's dialogs, the checkout) show their messages as notices, which
 * the script renders from that data.
 */
/**
 * A body over the limit (a 100 KB value in a 64 KB form) is refused before any action reads
 * it, the same for every form, with this message (app/server/http/form-data.server.ts).
 */
const TOO_LARGE = ["What you sent is too large (the limit is 64 KB)", "The upload is larger than"];

function hasMessage(target: Target, text: string, data: boolean, status: number) {
  if (status === 413 && TOO_LARGE.some((message) => text.includes(message))) return true;
  const shown =
    data || !target.noScript
      ? text
      : text
          .replace(/<script\b[\s\S]*?<\/script>/gi, "")
          .replaceAll("&#x27;", "'")
          .replaceAll("&quot;", '"')
          .replaceAll("&amp;", "&");
  return target.messages.some((message) => shown.includes(message));
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
        fc.asyncProperty(invalidForm(target), async (form) => {
          const { status, text } = await send(target, form);
          expect(status, form.description).toBeGreaterThanOrEqual(400);
          expect(status, form.description).toBeLessThan(500);
          expect(
            hasMessage(target, text, form.data, status),
            `${form.description}: no message in ${status}`,
          ).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(await databaseFingerprint(services.db)).toBe(before);
    }, 120_000);

    if (!Object.values(target.fields).some((spec) => spec.kind === "text")) continue;
    it(`${name}: SQL, HTML and Unicode in its text fields are refused with a message or stored as sent`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileForm(target), async (form) => {
          const { status, text } = await send(target, form);
          expect(status, form.description).toBeLessThan(500);
          if (status >= 400) {
            expect(
              hasMessage(target, text, form.data, status),
              `${form.description}: no message in ${status}`,
            ).toBe(true);
            return;
          }
          for (const value of form.storedText) {
            expect(await storedVerbatim(value.trim()), `${form.description}: ${value}`).toBe(true);
          }
        }),
        { seed: SEED, numRuns: HOSTILE_RUNS, endOnFailure: true },
      );
    }, 120_000);
  }

  it("admin/logout: never fails, whatever is posted", async () => {
    const before = await databaseFingerprint(services.db);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), noiseValue),
        fc.boolean(),
        fc.boolean(),
        async (fields, multipart, data) => {
          const entries = Object.entries(fields);
          const form = { entries, multipart, data, storedText: [], description: "" };
          const { status } = await send({ path: () => "/admin/logout" }, form);
          expect(status).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await databaseFingerprint(services.db)).toBe(before);
  });
});
