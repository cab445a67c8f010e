import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import {
  findPostgresBinaries,
  NO_POSTGRES_BINARIES,
  type OwnPostgres,
  startOwnPostgres,
} from "#tests/setup/own-postgres.ts";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * PostgreSQL stopped under a running production server (docs/deploy.md, "When PostgreSQL goes
 * away"): a PostgreSQL of the test's own, stopped with pg_ctl (connections cut, new ones
 * refused) and started again. Public pages in the page cache are still served; a page that
 * needs the database answers 503 with Retry-After and a page that says the database cannot be
 * reached and the request can be tried again (admin pages answered 500 "Something went wrong
 * on our side" before); once the database is back everything works without a restart. That a
 * cached page past its time is still served while it cannot be rendered again is proven with
 * an injected clock in app/server/http/express-page-cache.server.test.ts.
 */

const bin = findPostgresBinaries();
let database: OwnPostgres | undefined;

afterAll(() => {
  killServerProcesses();
  database?.remove();
});

describe("a database outage under a running server", () => {
  it("serves cached pages, answers 503 with a clear page elsewhere, and recovers", async ({
    skip,
  }) => {
    skip(!bin, NO_POSTGRES_BINARIES);
    database = await startOwnPostgres(bin!);
    const admin = { email: "owner@example.co.za", password: "owner-password-1" };
    const server = startServerProcess(createTempDataDir(), {
      DATABASE_URL: database.url,
      SEED_DEMO: "true",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    const port = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const get = async (path: string, cookie = "") => {
      const response = await fetch(`${base}${path}`, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      return {
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        cacheControl: response.headers.get("cache-control"),
        pageCache: response.headers.get("x-page-cache"),
        text: await response.text(),
      };
    };
    const signIn = await fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", ...admin }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await get("/admin/dashboard", cookie)).status).toBe(200);
    // In the page cache before the outage.
    await get("/crafts");
    expect((await get("/crafts")).pageCache).toBe("hit");

    database.stop();
    try {
      await expect.poll(async () => (await get("/healthz")).status, { timeout: 15_000 }).toBe(503);

      // The cached public page is still served.
      const crafts = await get("/crafts");
      expect(crafts.status).toBe(200);
      expect(crafts.text).toContain("Walnut Phone Stand");

      // Admin pages: 503, Retry-After, and what happened (not the 500 "Something went wrong").
      for (const path of ["/admin/dashboard", "/admin/orders", "/admin/dashboard.data"]) {
        const page = await get(path, cookie);
        expect(page.status, path).toBe(503);
        expect(page.retryAfter, path).toBe("30");
        expect(page.cacheControl, path).toMatch(/no-store/);
        expect(page.text, path).not.toContain("Something went wrong");
      }
      const dashboard = await get("/admin/dashboard", cookie);
      expect(dashboard.text).toContain("Back in a moment");
      expect(dashboard.text).toContain("Our database cannot be reached just now");
      expect(dashboard.text).toContain("+27 31 464 0192");

      // A public page that needs the database and is not cached: the buyer's order page.
      const order = await get(`/orders/${crypto.randomBytes(32).toString("base64url")}`);
      expect(order.status).toBe(503);
      expect(order.retryAfter).toBe("30");
      expect(order.text).toContain("Our database cannot be reached just now");
      // A shop filter never rendered before: the shop's own failure state (docs/product.md §8.1), 503.
      const filtered = await get("/crafts?category=Never%20Rendered");
      expect(filtered.status).toBe(503);
      expect(filtered.retryAfter).toBe("30");
    } finally {
      database.start();
    }
    // Back without a restart.
    await expect.poll(async () => (await get("/healthz")).status, { timeout: 30_000 }).toBe(200);
    expect((await get("/admin/dashboard", cookie)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
