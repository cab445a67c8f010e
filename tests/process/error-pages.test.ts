import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { createUnsubscribeToken } from "#app/server/newsletter/subscribers.server.ts";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * Real production errors (decision 010: error pages and logs never show a stack trace or SQL to
 * the visitor): the production server runs on a throwaway PostgreSQL database, which is
 * then broken under it (three tables renamed). A public page, a public form, `.data`
 * requests and an admin page must answer with the status and the generic screen (or the
 * page's own message) and nothing of the SQL, the table names, a stack frame or a file path;
 * the server's log must hold the error instead.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const NO_DATABASE =
  "TEST_DATABASE_URL is not set: this test needs a PostgreSQL server to break a database under the production server";

const ADMIN = { email: "owner@example.co.za", password: "owner-password-1" };
const SESSION_SECRET = "error-pages-secret-0123456789abcdef0123456789";
const BROKEN_TABLES = [
  "orders",
  "contact_requests",
  "products",
  "newsletter_subscribers",
  "audit_log",
] as const;
/** A signed unsubscribe link: its action writes to newsletter_subscribers, uncaught. */
const UNSUBSCRIBE = `/newsletter/unsubscribe/${createUnsubscribeToken(SESSION_SECRET, "reader@example.co.za")}`;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let base: string;
let server: ReturnType<typeof startServerProcess>;
let adminCookie: string;
let productPath: string;
let admin: postgres.Sql | undefined;
let databaseName: string;

function databaseUrl(name: string) {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  databaseName = `proc_errors_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${databaseName}"`);
  server = startServerProcess(createTempDataDir(), {
    DATABASE_URL: databaseUrl(databaseName),
    SEED_DEMO: "true",
    // Every public page rendered for its request: the broken database is really read.
    PAGE_CACHE: "false",
    SESSION_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  base = `http://127.0.0.1:${await server.ready}`;

  const crafts = await (await fetch(`${base}/crafts`)).text();
  productPath = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)![1]!;
  const signIn = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...ADMIN }).toString(),
  });
  expect(signIn.status).toBe(302);
  adminCookie = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
  expect(adminCookie).toContain("en_session=");

  // Break the database under the running server.
  const broken = postgres(databaseUrl(databaseName), { max: 1, onnotice: () => {} });
  for (const table of BROKEN_TABLES) {
    await broken.unsafe(`alter table "${table}" rename to "${table}_broken"`);
  }
  await broken.end();
}, 120_000);

afterAll(async () => {
  killServerProcesses();
  if (!admin) return;
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

/** What a visitor must never see: SQL, table and column names, stack frames, file paths. */
const LEAKS = [
  /relation "/i,
  /does not exist/i,
  /42P01/,
  /failed query/i,
  /\bselect\b[^<>]{0,300}\bfrom\b/i,
  /insert into/i,
  /\bfrom "\w+"/i,
  /contact_requests|order_items|customer_name|_broken/i,
  /postgres|drizzle/i,
  /\bat [\w$.<>]+ \(/,
  /\bat (?:async )?(?:file:|node:|\/)/,
  /\.(?:ts|tsx|js|mjs|cjs):\d+/,
  /node_modules|build\/server/,
  new RegExp(process.cwd().replaceAll("/", "\\/")),
];

function expectNoLeak(body: string, what: string) {
  for (const leak of LEAKS) expect(body, `${what} shows ${leak}`).not.toMatch(leak);
}

const contactForm = () =>
  new URLSearchParams({
    name: "Sipho Dlamini",
    email: "sipho@example.co.za",
    subject: "Opening hours",
    message: "Are you open on public holidays?",
    form_stamp: createFormStamp(SESSION_SECRET, Date.now() - 10_000),
  }).toString();

const postForm = (path: string, body = contactForm()) =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

describe("a broken database under the production server", () => {
  it("a public form answers 503 with its own notice (docs/product.md §8.1), no SQL, no stack", async ({
    skip,
  }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const response = await postForm("/contact");
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain("Submission Failed");
    expectNoLeak(body, "POST /contact");
  });

  it("a page without its own error screen shows the generic one (docs/product.md §2.1), no SQL", async ({
    skip,
  }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const response = await fetch(`${base}/admin/audit`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain("Unexpected Application Error!");
    expect(body).toContain("Something went wrong on our side. Please try again in a moment.");
    expectNoLeak(body, "GET /admin/audit");
  });

  it("an uncaught failure answers 500 with the page's own message, no SQL, no stack", async ({
    skip,
  }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const response = await postForm(UNSUBSCRIBE, "");
    expect(response.status).toBe(500);
    const body = await response.text();
    // Not "this link is not valid": the link is fine, the failure is ours.
    expect(body).toContain("We could not remove your address just now.");
    expect(body).not.toContain("This unsubscribe link is not valid.");
    expectNoLeak(body, "POST unsubscribe");
  });

  it("a public page answers with its own message (docs/product.md §8.1), no SQL, no stack", async ({
    skip,
  }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const response = await fetch(`${base}${productPath}`);
    expect(response.status).toBeGreaterThanOrEqual(500);
    const body = await response.text();
    expect(body).toContain("Failed to load product details");
    expect(body).toContain("Product not found");
    expectNoLeak(body, productPath);
  });

  it("`.data` requests answer 500 with a sanitised error, no SQL, no stack", async ({ skip }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const requests = [
      ["POST unsubscribe .data", () => postForm(`${UNSUBSCRIBE}.data`, "")],
      [
        `GET /admin/orders/${UNKNOWN_ID}.data`,
        () =>
          fetch(`${base}/admin/orders/${UNKNOWN_ID}.data`, { headers: { Cookie: adminCookie } }),
      ],
    ] as const;
    for (const [what, send] of requests) {
      const response = await send();
      expect(response.status, what).toBe(500);
      const body = await response.text();
      expect(body, what).toContain("Unexpected Server Error");
      expectNoLeak(body, what);
    }
  });

  it("an admin page answers 500 with its error screen, no SQL, no stack", async ({ skip }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    const response = await fetch(`${base}/admin/orders/${UNKNOWN_ID}`, {
      headers: { Cookie: adminCookie },
    });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain("Error fetching order");
    expect(body).toContain("The order could not be loaded. Please try again.");
    expectNoLeak(body, "GET /admin/orders/:id");
  });

  it("the server's log holds each error, without the values the failed query carried", async ({
    skip,
  }) => {
    skip(!TEST_DATABASE_URL, NO_DATABASE);
    await postForm("/contact");
    await postForm(UNSUBSCRIBE, "");
    await fetch(`${base}/admin/audit`, { headers: { Cookie: adminCookie } });
    await fetch(`${base}${productPath}`);
    await fetch(`${base}/admin/orders/${UNKNOWN_ID}.data`, { headers: { Cookie: adminCookie } });
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toContain('"url":"/admin/orders/00000000-0000-4000-8000-000000000000.data"');
    const logs = server.output();
    for (const table of BROKEN_TABLES) {
      // pino writes JSON: the quotes around the name are escaped.
      expect(logs).toContain(`relation \\"${table}\\" does not exist`);
    }
    expect(logs).toContain("unexpected error while answering a request");
    // The contact form's insert failed: what the visitor typed is not written to the log.
    for (const typed of ["Sipho Dlamini", "sipho@example.co.za", "Are you open on public"]) {
      expect(logs).not.toContain(typed);
    }
  });
});
