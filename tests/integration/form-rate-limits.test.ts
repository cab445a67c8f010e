import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServices, RATE_LIMIT_RULES } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { type RateLimitRule, RateLimits } from "#app/server/http/rate-limit.server.ts";
import { findUserByEmail } from "#app/server/users/accounts.server.ts";
import {
  contactRequests,
  notifications,
  orders,
  products,
  sessions,
  users,
} from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser } from "#tests/setup/auth.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * Every per-address limit of the public forms, checkout, sign-in and Create Account, through
 * the real route actions (decision 010): reached (429, a readable message, Retry-After, nothing
 * stored) and recovered (accepted again once the window has passed). The windows that must
 * pass are shortened to two seconds by swapping in the same rules with a shorter duration; on
 * PostgreSQL the counters live in the database, as server.ts keeps them there.
 */

let handle: DatabaseHandle;
let services: AppServices & { env: { SESSION_SECRET: string } };
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof createTestUser>>;
let productId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  admin = await createTestUser(services.db, {
    email: "owner@example.co.za",
    password: "owner-password",
    admin: true,
  });
  const [product] = await handle.db
    .insert(products)
    .values({ name: "Jewellery Box", price: "450.00" })
    .returning({ id: products.id });
  productId = product!.id;
}, 120_000);
afterAll(() => handle.close());

/** The site's rules, some shortened; kept where server.ts keeps them for this database. */
function useLimits(overrides: Partial<Record<keyof typeof RATE_LIMIT_RULES, RateLimitRule>> = {}) {
  services.rateLimits = new RateLimits(
    { ...RATE_LIMIT_RULES, ...overrides },
    { db: TEST_DB_KIND === "postgres" ? handle.db : undefined },
  );
}

let addressCounter = 0;
/** A fresh client address per test: counters kept in the database outlive a test. */
const nextAddress = () => `203.0.113.${++addressCounter}`;

/**
 * Lets a shortened window pass. Two seconds, not one: on a busy machine the attempts that fill
 * a budget must all land inside the window for the refusal to be seen.
 */
const waitForWindow = (retryAfter: string | null) =>
  new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000 + 150));

async function answer(response: Response) {
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    text: (await response.text()).replaceAll("&#x27;", "'"),
    setCookie: response.headers.getSetCookie().join("\n"),
  };
}

async function rowCount(table: typeof contactRequests | typeof notifications | typeof orders) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row!.n;
}

describe("quote and contact forms (one budget per address)", () => {
  const stamp = () => createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000);
  const QUOTE = {
    name: "Thandi Nkosi",
    email: "thandi@example.co.za",
    service: "web-development",
    message: "We need an online shop for our bakery.",
  };
  const CONTACT = {
    name: "Sipho Dlamini",
    email: "sipho@example.co.za",
    subject: "Opening hours",
    message: "Are you open on public holidays?",
  };
  const FORMS = [
    { path: "/?index", fields: QUOTE, success: "Quote Request Submitted" },
    { path: "/digital", fields: QUOTE, success: "Quote Request Submitted" },
    { path: "/hardware", fields: QUOTE, success: "Quote Request Submitted" },
    { path: "/contact", fields: CONTACT, success: "Message Sent" },
  ];
  const send = async (path: string, fields: Record<string, string>, clientAddress: string) =>
    answer(await app.postForm(path, { form_stamp: stamp(), ...fields }, { clientAddress }));
  const stored = async () => [await rowCount(contactRequests), await rowCount(notifications)];

  it("share the publicForm rule: 10 per minute per address", () => {
    expect(RATE_LIMIT_RULES.publicForm).toEqual({ points: 10, durationSeconds: 60 });
  });

  it("refuse the 11th submission from one address on every page with 429, the message and Retry-After, storing nothing", async () => {
    useLimits();
    const from = nextAddress();
    for (let n = 0; n < 10; n++) {
      const form = FORMS[n % FORMS.length]!;
      const accepted = await send(form.path, form.fields, from);
      expect(accepted.status, form.path).toBe(200);
      expect(accepted.text).toContain(form.success);
    }
    const before = await stored();
    for (const form of FORMS) {
      const refused = await send(form.path, form.fields, from);
      expect(refused.status, form.path).toBe(429);
      const seconds = Number(refused.retryAfter);
      expect(seconds, form.path).toBeGreaterThanOrEqual(1);
      expect(seconds, form.path).toBeLessThanOrEqual(60);
      expect(refused.text).toContain("Submission Failed");
      expect(refused.text).toContain(
        `Too many submissions. Please try again in ${seconds} seconds.`,
      );
      expect(refused.text).not.toContain(form.success);
    }
    expect(await stored()).toEqual(before);
    // Another address has its own budget.
    expect((await send("/contact", CONTACT, nextAddress())).status).toBe(200);
  });

  it("answer a submission sent by script (fetcher, .data) with the same 429 and Retry-After", async () => {
    useLimits({ publicForm: { points: 1, durationSeconds: 60 } });
    const from = nextAddress();
    expect((await send("/digital.data", QUOTE, from)).status).toBe(200);
    const before = await stored();
    const refused = await send("/contact.data", CONTACT, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(50);
    expect(refused.text).toContain("Too many submissions. Please try again in");
    expect(await stored()).toEqual(before);
  });

  it("accept the address again once the window has passed", async () => {
    useLimits({ publicForm: { points: 2, durationSeconds: 2 } });
    const from = nextAddress();
    expect((await send("/?index", QUOTE, from)).status).toBe(200);
    expect((await send("/contact", CONTACT, from)).status).toBe(200);
    const before = await stored();
    const refused = await send("/hardware", QUOTE, from);
    expect(refused.status).toBe(429);
    expect(["1", "2"]).toContain(refused.retryAfter);
    expect(await stored()).toEqual(before);

    await waitForWindow(refused.retryAfter);
    const again = await send("/hardware", QUOTE, from);
    expect(again.status).toBe(200);
    expect(again.text).toContain("Quote Request Submitted");
    const [requests, emails] = before as [number, number];
    expect(await stored()).toEqual([requests + 1, emails + 1]);
  });
});

describe("checkout: per address with a high ceiling, per buyer tight (decision 016)", () => {
  let buyerCounter = 0;
  /** A distinct buyer: their own e-mail address and phone number. */
  const nextBuyer = () => {
    buyerCounter += 1;
    return {
      email: `buyer${buyerCounter}.${crypto.randomUUID().slice(0, 8)}@example.co.za`,
      phone: `082 ${String(1_000_000 + buyerCounter).slice(-7)}`,
    };
  };
  const order = (clientAddress: string, buyer: { email: string; phone: string }) => {
    const body = new URLSearchParams({
      name: "Lindiwe Zulu",
      email: buyer.email,
      phone: buyer.phone,
      idempotencyKey: crypto.randomUUID(),
      form_stamp: createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000),
      hp_website: "",
      "lines[0].productId": productId,
      "lines[0].quantity": "1",
      "lines[0].priceCents": "45000",
    });
    return app.postForm("/checkout", body, { clientAddress }).then(answer);
  };
  const stored = async () => [await rowCount(orders), await rowCount(notifications)];
  const FRIENDLY = [
    "Your cart is kept: please try again in 10 minutes, or call us on +27 31 464 0192 or message us on WhatsApp and we will take your order.",
    "tel:+27314640192",
    "https://wa.me/27314640192",
  ];

  it("allows 30 orders per address and 5 per buyer (e-mail, phone) in 10 minutes", () => {
    expect(RATE_LIMIT_RULES.checkout).toEqual({ points: 30, durationSeconds: 600 });
    expect(RATE_LIMIT_RULES.checkoutPerBuyerEmail).toEqual({ points: 5, durationSeconds: 600 });
    expect(RATE_LIMIT_RULES.checkoutPerBuyerPhone).toEqual({ points: 5, durationSeconds: 600 });
  });

  it("accepts 11 orders from one address by different buyers within 10 minutes (a shared carrier or office address)", async () => {
    useLimits();
    const from = nextAddress();
    const before = await rowCount(orders);
    for (let n = 0; n < 11; n++) {
      const placed = await order(from, nextBuyer());
      expect(placed.status, placed.text.slice(0, 300)).toBe(302);
    }
    expect(await rowCount(orders)).toBe(before + 11);
  });

  it("refuses the same buyer's next order after 5 with 429, the friendly message, the phone and WhatsApp, storing nothing", async () => {
    useLimits();
    const buyer = nextBuyer();
    // From different addresses: the buyer is counted, wherever they order from.
    for (let n = 0; n < 5; n++) {
      expect((await order(nextAddress(), buyer)).status).toBe(302);
    }
    const before = await stored();
    const refused = await order(nextAddress(), buyer);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(590);
    expect(refused.text).toContain(
      "We have received several orders with your details in the last few minutes.",
    );
    for (const text of FRIENDLY) expect(refused.text).toContain(text);
    expect(refused.text).not.toContain("Too many");
    expect(await stored()).toEqual(before);
    // The same phone with another address is the same buyer; the same e-mail letter-cased too.
    const samePhone = await order(nextAddress(), { ...nextBuyer(), phone: buyer.phone });
    expect(samePhone.status).toBe(429);
    const sameEmail = await order(nextAddress(), {
      ...nextBuyer(),
      email: buyer.email.toUpperCase(),
    });
    expect(sameEmail.status).toBe(429);
    expect(await stored()).toEqual(before);
    // Another buyer is not affected.
    expect((await order(nextAddress(), nextBuyer())).status).toBe(302);
  });

  it("refuses the 31st order from one address with 429 and the friendly message, storing nothing", async () => {
    useLimits();
    const from = nextAddress();
    for (let n = 0; n < 30; n++) {
      expect((await order(from, nextBuyer())).status).toBe(302);
    }
    const before = await stored();
    const refused = await order(from, nextBuyer());
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(
      "We have received many orders from your network in the last few minutes.",
    );
    for (const text of FRIENDLY) expect(refused.text).toContain(text);
    expect(await stored()).toEqual(before);
    expect((await order(nextAddress(), nextBuyer())).status).toBe(302);
  }, 60_000);

  it("takes the buyer's orders again once the window has passed", async () => {
    useLimits({ checkoutPerBuyerEmail: { points: 1, durationSeconds: 2 } });
    const buyer = nextBuyer();
    expect((await order(nextAddress(), buyer)).status).toBe(302);
    const before = await rowCount(orders);
    const refused = await order(nextAddress(), buyer);
    expect(refused.status).toBe(429);
    expect(["1", "2"]).toContain(refused.retryAfter);
    expect(refused.text).toContain("please try again in 1 minute,");
    expect(await rowCount(orders)).toBe(before);

    await waitForWindow(refused.retryAfter);
    expect((await order(nextAddress(), buyer)).status).toBe(302);
    expect(await rowCount(orders)).toBe(before + 1);
  });
});

describe("sign-in per client address", () => {
  const login = (email: string, password: string, clientAddress: string) =>
    app
      .postForm("/admin/login", { intent: "login", email, password }, { clientAddress })
      .then(answer);
  const adminSessions = async () =>
    (await handle.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, admin.id)))[0]!
      .n;

  it("allows 20 failures per address in 15 minutes", () => {
    expect(RATE_LIMIT_RULES.loginFailuresPerAddress).toEqual({ points: 20, durationSeconds: 900 });
  });

  it("refuses even the right password after 20 failures from one address: 429, message, Retry-After, no session", async () => {
    useLimits();
    const from = nextAddress();
    // Different e-mails: the per-e-mail limit (5) never comes into play.
    for (let n = 0; n < 20; n++) {
      expect((await login(`guess-${n}@example.co.za`, "guess-password", from)).status).toBe(401);
    }
    const before = await adminSessions();
    const refused = await login(admin.email, admin.password, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
    expect(refused.text).toContain("Login Failed");
    expect(refused.text).toContain("Too many attempts, try again in 15 minutes");
    expect(refused.setCookie).not.toContain("en_session=");
    expect(await adminSessions()).toBe(before);
  });

  it("signs in from the address again once the window has passed", async () => {
    useLimits({ loginFailuresPerAddress: { points: 2, durationSeconds: 2 } });
    const from = nextAddress();
    await login("first-guess@example.co.za", "guess-password", from);
    await login("second-guess@example.co.za", "guess-password", from);
    const before = await adminSessions();
    const refused = await login(admin.email, admin.password, from);
    expect(refused.status).toBe(429);
    expect(["1", "2"]).toContain(refused.retryAfter);
    expect(refused.text).toContain("Too many attempts, try again in 1 minute");
    expect(await adminSessions()).toBe(before);

    await waitForWindow(refused.retryAfter);
    const again = await login(admin.email, admin.password, from);
    expect(again.status).toBe(302);
    expect(again.setCookie).toContain("en_session=");
    expect(await adminSessions()).toBe(before + 1);
  });
});

describe("Create Account per client address", () => {
  const signup = (email: string, clientAddress: string) =>
    app
      .postForm(
        "/admin/login",
        { intent: "signup", email, password: "new-password", confirmPassword: "new-password" },
        { clientAddress },
      )
      .then(answer);
  const userCount = async () => (await handle.db.select({ n: count() }).from(users))[0]!.n;

  it("allows 5 per address in 15 minutes", () => {
    expect(RATE_LIMIT_RULES.signupPerAddress).toEqual({ points: 5, durationSeconds: 900 });
  });

  it("refuses the 6th with 429, 'Registration Failed', the message and Retry-After, creating no user", async () => {
    useLimits();
    const from = nextAddress();
    for (let n = 0; n < 5; n++) {
      const created = await signup(`bulk-${n}@example.co.za`, from);
      expect(created.status).toBe(200);
      expect(created.text).toContain("Registration Successful");
    }
    const before = await userCount();
    const refused = await signup("bulk-5@example.co.za", from);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
    expect(refused.text).toContain("Registration Failed");
    expect(refused.text).toContain("Too many attempts, try again in 15 minutes");
    expect(await userCount()).toBe(before);
    expect(await findUserByEmail(handle.db, "bulk-5@example.co.za")).toBeUndefined();
  });

  it("creates accounts from the address again once the window has passed", async () => {
    useLimits({ signupPerAddress: { points: 1, durationSeconds: 2 } });
    const from = nextAddress();
    expect((await signup("patient-1@example.co.za", from)).status).toBe(200);
    const refused = await signup("patient-2@example.co.za", from);
    expect(refused.status).toBe(429);
    expect(["1", "2"]).toContain(refused.retryAfter);
    expect(await findUserByEmail(handle.db, "patient-2@example.co.za")).toBeUndefined();

    await waitForWindow(refused.retryAfter);
    const again = await signup("patient-2@example.co.za", from);
    expect(again.status).toBe(200);
    expect(again.text).toContain("Registration Successful");
    expect(await findUserByEmail(handle.db, "patient-2@example.co.za")).toBeDefined();
  });
});
