import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { firstBusinessDetails } from "#app/server/site/business-details.server.ts";
import { businessDetailsForm } from "#tests/setup/business-details-form.ts";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * The page cache (decision 011) in the production build: public pages come from memory with a
 * fresh nonce and form stamp per response; made-up query parameters share the cached page;
 * personal pages are never stored; an admin's catalogue change empties the cache at once, and
 * a committed change (the catalogue, or the business details in Settings) empties the cache of
 * every process on the same PostgreSQL database.
 */

afterAll(killServerProcesses);

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers, redirect: "manual" });

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

/** A response's headers and bytes as sent (fetch would decode them). */
const rawGet = (base: string, path: string, acceptEncoding?: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });

const ADMIN = { email: "owner@example.co.za", password: "owner-password-1" };

describe("on one process (PGlite)", () => {
  let base: string;

  it("serves public pages from memory, each response with its own nonce and stamp", async () => {
    const server = startServerProcess(createMigratedDataDir(), {
      SEED_DEMO: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    base = `http://127.0.0.1:${await server.ready}`;

    const first = await get(base, "/crafts");
    const second = await get(base, "/crafts");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
    const [a, b] = [await first.text(), await second.text()];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(a).toContain(`nonce="${nonceOf(first)}"`);
    expect(b).toContain(`nonce="${nonceOf(second)}"`);
    const stampOf = (html: string) =>
      /name="form_stamp" value="(\d+)\.[\w-]+\.[\w-]+"/.exec(html)?.[1];
    const stampValueOf = (html: string) => /name="form_stamp" value="([^"]+)"/.exec(html)?.[1];
    expect(stampOf(a)).toBeTruthy();
    expect(stampOf(b)).toBeTruthy();
    // The stamp says when this response was served, not when the page was rendered.
    expect(Math.abs(Number(stampOf(b)) - Date.now())).toBeLessThan(10_000);
    // Each response's stamp is its own (a stamp is usable once), even from the cache.
    expect(stampValueOf(b)).not.toBe(stampValueOf(a));
    // Same page otherwise.
    const strip = (html: string) =>
      html.replace(/nonce="[^"]+"/g, "").replace(/\d{13}\.[\w-]{22}\.[\w-]{43}/g, "");
    expect(strip(b)).toBe(strip(a));
    // No two responses are the same bytes: an ETag could never match (server.ts).
    expect(second.headers.get("etag")).toBeNull();

    const data = await get(base, "/crafts.data");
    expect(data.status).toBe(200);
    expect((await get(base, "/crafts.data")).headers.get("x-page-cache")).toBe("hit");
  }, 90_000);

  it("sends a cached page gzipped from its pieces compressed once, to any client taking gzip", async () => {
    const raw = (path: string, acceptEncoding?: string) => rawGet(base, path, acceptEncoding);
    await get(base, "/");
    // A browser prefers brotli; a cached page costs no compression in gzip.
    const cached = await raw("/", "gzip, deflate, br, zstd");
    expect(cached.headers["x-page-cache"]).toBe("hit");
    expect(cached.headers["content-encoding"]).toBe("gzip");
    expect(cached.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(cached.headers["content-length"])).toBe(cached.body.length);
    const html = zlib.gunzipSync(cached.body).toString();
    const nonce = /'nonce-([^']+)'/.exec(String(cached.headers["content-security-policy"]))?.[1];
    expect(html.match(/nonce="([^"]+)"/g)?.length).toBeGreaterThan(3);
    expect(new Set(html.match(/nonce="([^"]+)"/g))).toEqual(new Set([`nonce="${nonce}"`]));
    expect(html).toMatch(/name="form_stamp" value="\d{13}\.[\w-]{22}\.[\w-]{43}"/);
    expect(html).toMatch(/<\/html>$/);
    // Without gzip the usual way: brotli as it goes out, or the text itself.
    const brotli = await raw("/", "br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toMatch(/<\/html>$/);
    const plain = await raw("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toMatch(/<\/html>$/);
    // A page that is never cached is compressed as it goes out.
    const cart = await raw("/cart", "gzip, deflate, br, zstd");
    expect(cart.headers["content-encoding"]).toBe("br");
  });

  it("renders a page that is never cached whole, then sends it with its length", async () => {
    // Not streamed in React's 4 KB pieces, each flushed through the compressor on its own
    // (app/entry.server.tsx): the page is one body, and says how long it is.
    for (const path of ["/cart", "/admin/login"]) {
      const plain = await rawGet(base, path);
      expect(plain.headers["x-page-cache"]).toBeUndefined();
      expect(plain.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
      expect(plain.body.toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
      const brotli = await rawGet(base, path, "br");
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(brotli.body).toString()).toMatch(/<\/html>$/);
    }
  });

  it("serves a page with made-up query parameters from the cached page", async () => {
    await get(base, "/digital");
    for (const query of ["?utm_source=newsletter", `?x=${crypto.randomUUID()}`]) {
      const response = await get(base, `/digital${query}`);
      expect(response.headers.get("x-page-cache"), query).toBe("hit");
    }
    // The filter /crafts reads is part of the key: its own page, not the unfiltered one.
    const filtered = await get(base, "/crafts?category=Easter%20Collection&utm_source=x");
    expect(filtered.headers.get("x-page-cache")).toBe("miss");
    expect(await filtered.text()).toContain("Easter Collection Products");
  });

  it("drops the cached pages when an admin changes the catalogue", async () => {
    const crafts = await (await get(base, "/crafts")).text();
    expect(crafts).toContain("Walnut Phone Stand");
    // The product's page address, from the cached listing.
    const productPaths = [...crafts.matchAll(/href="(\/products\/[0-9a-f-]{36})"/g)].map(
      (m) => m[1]!,
    );
    let walnut: string | undefined;
    for (const path of new Set(productPaths)) {
      if ((await (await get(base, path)).text()).includes("<title>Walnut Phone Stand")) {
        walnut = path;
        break;
      }
    }
    expect(walnut).toBeDefined();
    expect((await get(base, walnut!)).headers.get("x-page-cache")).toBe("hit");

    // The admin deletes the product through the products page.
    const post = (path: string, body: Record<string, string>, cookie = "") =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(body).toString(),
      });
    const login = await post("/admin/login", { intent: "login", ...ADMIN });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^en_session=/);
    const deleted = await post(
      "/admin/products",
      { intent: "delete", id: walnut!.split("/").pop()! },
      cookie,
    );
    expect(deleted.status).toBe(200);

    // The very next anonymous requests are rendered again, without the product.
    const after = await get(base, "/crafts");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).not.toContain("Walnut Phone Stand");
    expect((await get(base, walnut!)).status).toBe(404);
  });

  it("never stores personal or changing pages", async () => {
    for (const path of ["/cart", "/checkout", "/admin/login", "/no-such-page"]) {
      const response = await get(base, path);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("x-page-cache"), path).not.toBe("hit");
    }
    // A response with its own Cache-Control sends that one alone, not the default beside it.
    const prices = await get(base, "/resources/cart-prices?id=x");
    expect(prices.headers.get("cache-control")).toBe("no-store");
    const withNotice = await get(base, "/", { Cookie: "en_toast=anything" });
    expect(withNotice.headers.get("cache-control")).toBe("private, no-store");
    expect(withNotice.headers.get("x-page-cache")).toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("on two processes (PostgreSQL)", () => {
  // Read only when the block runs: without TEST_DATABASE_URL it is collected but skipped.
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `pc_${crypto.randomBytes(4).toString("hex")}`;
  const databaseUrl = () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };

  afterAll(async () => {
    killServerProcesses();
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it("a committed catalogue change empties the cache of every process", async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();

    const first = startServerProcess(createTempDataDir(), {
      DATABASE_URL: databaseUrl(),
      SEED_DEMO: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const baseA = `http://127.0.0.1:${await first.ready}`;
    const second = startServerProcess(createTempDataDir(), {
      DATABASE_URL: databaseUrl(),
      SEED_DEMO: "true",
    });
    const baseB = `http://127.0.0.1:${await second.ready}`;

    for (const base of [baseA, baseB]) {
      await get(base, "/crafts");
      const cached = await get(base, "/crafts");
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      expect(await cached.text()).toContain("Walnut Phone Stand");
    }

    const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    try {
      // A rolled-back change announces nothing.
      await sql
        .begin(async (tx) => {
          await tx`update products set name = 'Never Shown Stand' where name = 'Walnut Phone Stand'`;
          await tx`select pg_notify('catalog_changed', '')`;
          throw new Error("roll back");
        })
        .catch(() => {});
      await sql.begin(async (tx) => {
        await tx`update products set name = 'Yellowwood Phone Stand' where name = 'Walnut Phone Stand'`;
        await tx`select pg_notify('catalog_changed', '')`;
      });
    } finally {
      await sql.end();
    }

    for (const base of [baseA, baseB]) {
      await expect
        .poll(async () => (await get(base, "/crafts")).text(), { timeout: 10_000 })
        .toContain("Yellowwood Phone Stand");
      expect(await (await get(base, "/crafts")).text()).not.toContain("Never Shown Stand");
    }

    // The owner changes the phone number on one process (Settings, decision 042): both
    // processes' cached /contact and their in-memory business details follow.
    for (const base of [baseA, baseB]) {
      await get(base, "/contact");
      expect((await get(base, "/contact")).headers.get("x-page-cache")).toBe("hit");
    }
    const post = (path: string, body: URLSearchParams, cookie = "") =>
      fetch(`${baseA}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: baseA,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body.toString(),
      });
    const login = await post("/admin/login", new URLSearchParams({ intent: "login", ...ADMIN }));
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^en_session=/);
    // The form as a new install's Settings page fills it (the server's default NOTIFY_EMAIL
    // and MAIL_FROM), with a new phone number.
    const firstValues = firstBusinessDetails({
      NOTIFY_EMAIL: "info@example.co.za",
      MAIL_FROM: "Website <info@example.co.za>",
    });
    const form = new URLSearchParams(businessDetailsForm(firstValues, { phone: "031 555 0177" }));
    const saved = await post("/admin/settings", form, cookie);
    expect(saved.status).toBe(200);
    for (const base of [baseA, baseB]) {
      await expect
        .poll(async () => (await get(base, "/contact")).text(), { timeout: 10_000 })
        .toContain("031 555 0177");
    }
  }, 120_000);
});
