import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type Browser, expect } from "@playwright/test";
import { DEMO_PRODUCTS } from "#app/server/catalog/demo-catalogue.server.ts";
import {
  E2E_ADMIN,
  loginAs,
  waitUntilHydrated,
  waitUntilStampIsOldEnough,
} from "#tests/playwright-utils.ts";
import { E2E_DATA_DIR, E2E_PORT } from "../../../playwright.config.ts";

/*
 * Rows for the admin operations specs (decision 009), made through the real public flows: the
 * checkout, the quote form, the newsletter form and Create Account, posted as those pages
 * post them without JavaScript. Each call comes from its own loopback address (127.x.y.z all
 * reach the server on Linux), as separate customers would: the per-address rate limits of the
 * checkout (10 per 10 minutes) and the forms stay untouched for the specs that test them.
 */

const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** A fresh name for this run: rows stay apart from other specs' on the shared database. */
export function uniqueTag(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
}

function randomLoopback() {
  const byte = () => 1 + crypto.randomInt(253);
  return `127.${byte()}.${byte()}.${byte()}`;
}

interface RawResponse {
  status: number;
  location: string | null;
  body: string;
}

function request(
  method: "GET" | "POST",
  pathname: string,
  options: { address: string; form?: Record<string, string> },
): Promise<RawResponse> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${BASE}${pathname}`,
      {
        method,
        localAddress: options.address,
        headers: {
          Origin: BASE,
          ...(body
            ? {
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": Buffer.byteLength(body),
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

let productIds: string[] | null = null;

/** The demo products an order can name without a personalisation text (decision 040). */
const DEMO_NAMES = new Set(
  DEMO_PRODUCTS.filter((product) => !product.personalisation?.required).map(
    (product) => product.name,
  ),
);

/**
 * The demo catalogue's product ids, read from /crafts as a visitor sees them. Only the demo
 * products: the catalogue specs add and delete products of their own meanwhile.
 */
async function catalogue(): Promise<string[]> {
  if (!productIds) {
    const page = await request("GET", "/crafts", { address: randomLoopback() });
    const cards = page.body.matchAll(/href="\/products\/([0-9a-f-]{36})"[^>]*>([^<]+)</g);
    productIds = [
      ...new Set(
        [...cards]
          .filter(([, , name]) => DEMO_NAMES.has(decodeHtml(name!).trim()))
          .map(([, id]) => id!),
      ),
    ];
    expect(productIds.length).toBeGreaterThan(1);
  }
  return productIds;
}

function decodeHtml(text: string) {
  return text
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/** Places an order through the checkout (one line per product index given). */
export async function placeOrder(customer: {
  name: string;
  email: string;
  phone: string;
  lines?: { product: number; quantity: number }[];
}) {
  const ids = await catalogue();
  const form: Record<string, string> = {
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    idempotencyKey: crypto.randomUUID(),
    hp_website: "",
  };
  (customer.lines ?? [{ product: 0, quantity: 1 }]).forEach((line, i) => {
    form[`lines[${i}].productId`] = ids[line.product % ids.length]!;
    form[`lines[${i}].quantity`] = String(line.quantity);
  });
  const address = randomLoopback();
  // The site's stamp, used once by the checkout (decision 016).
  form.form_stamp = await formStamp(address);
  const response = await request("POST", "/checkout", { address, form });
  // Success is the redirect home with the product's notice (post/redirect/get).
  expect(response.status, response.body.slice(0, 300)).toBe(302);
  expect(response.location).toBe("/");
}

/** The signed "form shown at" stamp a public page renders into its forms. */
async function formStamp(address: string) {
  const page = await request("GET", "/contact", { address });
  const stamp = page.body.match(/name="form_stamp" value="([^"]+)"/)?.[1];
  expect(stamp, "the contact page renders a form stamp").toBeTruthy();
  // People take a while to fill a form (the server's anti-spam minimum, decision 032).
  await waitUntilStampIsOldEnough(stamp!);
  return stamp!;
}

/** Sends the quote form of /digital. `service` is an option's value, e.g. "web-development". */
export async function submitQuoteRequest(quote: {
  name: string;
  email: string;
  /** Optional on the form. */
  phone?: string;
  service: string;
  message: string;
}) {
  const address = randomLoopback();
  const stamp = await formStamp(address);
  const response = await request("POST", "/digital", {
    address,
    form: { intent: "quote", ...quote, form_stamp: stamp, hp_website: "" },
  });
  expect(response.status).toBeLessThan(400);
}

/** Subscribes through the footer's newsletter form. */
/** Subscribes through the footer form; `confirmed` also uses the link its e-mail carries. */
export async function subscribe(email: string, { confirmed = false } = {}) {
  const address = randomLoopback();
  const stamp = await formStamp(address);
  const response = await request("POST", "/newsletter", {
    address,
    form: { email, source: "footer", redirect_to: "/", form_stamp: stamp, hp_website: "" },
  });
  expect(response.status).toBeLessThan(400);
  if (confirmed) await confirmSubscription(email);
}

/**
 * The confirmation link from the .eml the server wrote for `email` (docs/product.md §3.10
 * "States"), quoted-printable undone.
 */
export async function confirmationPath(email: string): Promise<string> {
  // Quoted-printable wraps long lines (a long address too): matched with the wraps undone.
  const unwrap = (file: string) => file.replace(/=\r?\n/g, "");
  const eml = unwrap(await findEmail("newsletter.confirm", (file) => unwrap(file).includes(email)));
  const found = eml.match(/\/newsletter\/confirm\/[A-Za-z0-9_-]+/)?.[0];
  expect(found, "a confirmation link in the e-mail").toBeTruthy();
  return found!;
}

/** Confirms the address as its owner does: the button on the link's page (a POST). */
export async function confirmSubscription(email: string) {
  const response = await request("POST", await confirmationPath(email), {
    address: randomLoopback(),
    form: {},
  });
  expect(response.status, response.body.slice(0, 300)).toBe(200);
  expect(response.body).toContain("is now subscribed to our newsletter");
}

/** Creates an account through Create Account on /admin/login (a regular user, no access). */
export async function signUp(email: string, password = "typed-search-1") {
  const response = await request("POST", "/admin/login", {
    address: randomLoopback(),
    form: { intent: "signup", email, password, confirmPassword: password },
  });
  expect(response.status, response.body.slice(0, 300)).toBe(200);
  expect(response.body).toContain("Registration Successful");
}

/**
 * A new account (Create Account) given admin access by the e2e admin on User Access, in a
 * context of its own that runs the page's script (the journey's own page may not).
 */
export async function newAdmin(browser: Browser, prefix: string, password: string) {
  const email = `${uniqueTag(prefix)}@example.co.za`;
  await signUp(email, password);
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await loginAs(page, E2E_ADMIN);
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const regular = row.getByRole("checkbox", { name: "Regular User" });
  await waitUntilHydrated(regular);
  await regular.click();
  // The checkbox turns at once (optimistically); the toast is the server's answer. Closing
  // the context before it would cancel the request and leave the account without access.
  await expect(page.getByText("Admin access granted.")).toBeVisible();
  await context.close();
  return { email, password };
}

/**
 * Without SMTP_URL the server writes each sent message to DATA_DIR/mail as
 * `<created>-<kind>-<id>.eml` (docs/email.md): the first of `kind` that `matches`.
 */
export async function findEmail(kind: string, matches: (eml: string) => boolean): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let found = "";
  await expect(async () => {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml") && f.includes(`-${kind}-`))
      : [];
    found = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8")).find(matches) ?? "";
    expect(found, "an .eml file for the message").not.toBe("");
  }).toPass({ timeout: 20_000 });
  return found;
}
