import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { newsletterSubscribers, products, users } from "#db/schema/index.ts";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess as startServer,
} from "#tests/setup/process.ts";

/*
 * Runs the production build as a real process (npm run test:e2e builds first): rows committed
 * before the process is killed with SIGKILL are there after a restart on PGlite, and SIGTERM
 * finishes cleanly.
 */

afterEach(killServerProcesses);

const SESSION_SECRET = "durability-secret-0123456789abcdef-0123";

describe("process lifecycle", () => {
  it("keeps rows committed before SIGKILL (PGlite in DATA_DIR)", async () => {
    const dataDir = createMigratedDataDir();
    const first = startServer(dataDir, {
      ADMIN_EMAIL: "owner@example.co.za",
      ADMIN_PASSWORD: "correct horse",
      SEED_DEMO: "true",
      SESSION_SECRET,
    });
    const port = await first.ready;
    // A visitor's subscription, committed by a request while the server is serving: the
    // answer comes after the commit, and the process dies at once after it.
    const subscribed = await fetch(`http://127.0.0.1:${port}/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `http://127.0.0.1:${port}`,
      },
      body: new URLSearchParams({
        email: "durable.reader@example.com",
        source: "footer",
        form_stamp: createFormStamp(SESSION_SECRET, Date.now() - 10_000),
      }).toString(),
    });
    // A browser without JavaScript: the subscription is stored, then back to the page.
    expect(subscribed.status).toBe(302);
    first.child.kill("SIGKILL");
    await first.exited;

    // Restart the server on the same directory: it must open and serve the data.
    const second = startServer(dataDir, { SEED_DEMO: "false" });
    const port2 = await second.ready;
    const page = await fetch(`http://127.0.0.1:${port2}/healthz`);
    expect(page.status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    const handle = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) });
    try {
      const [userCount] = await handle.db.select({ n: count() }).from(users);
      const [productCount] = await handle.db.select({ n: count() }).from(products);
      expect(userCount?.n).toBe(1);
      const subscribers = await handle.db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers);
      expect(subscribers).toEqual([{ email: "durable.reader@example.com" }]);
      expect(productCount?.n).toBeGreaterThanOrEqual(10);
      await handle.db.execute(sql`select 1`);
    } finally {
      await handle.close();
    }
  });

  it("refuses a second process on the same PGlite directory", async () => {
    const dataDir = createMigratedDataDir();
    const first = startServer(dataDir, { SEED_DEMO: "false" });
    await first.ready;
    const second = startServer(dataDir, { SEED_DEMO: "false" });
    await expect(second.ready).rejects.toThrow(/is in use by process \d+/);
    expect(await second.exited).toBe(1);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight when SIGTERM arrives, then exits 0", async () => {
    const dataDir = createMigratedDataDir();
    const server = startServer(dataDir, { SEED_DEMO: "false", SESSION_SECRET });
    const port = await server.ready;
    const body = new URLSearchParams({
      email: "late.reader@example.com",
      source: "footer",
      form_stamp: createFormStamp(SESSION_SECRET, Date.now() - 10_000),
    }).toString();

    // A visitor on a slow line: the request has begun, its body is still arriving.
    const answer = new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/newsletter",
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
            Origin: `http://127.0.0.1:${port}`,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
          );
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10), () => {
        // The server accepts connections in the order they came: once a later one has been
        // answered, this one (its headers sent with the first bytes) is the server's too.
        // Then SIGTERM, and the rest of the body once the server says it is shutting down.
        void fetch(`http://127.0.0.1:${port}/healthz`)
          .then(async (marker) => {
            await marker.arrayBuffer();
            server.child.kill("SIGTERM");
            await expect
              .poll(() => server.output(), { timeout: 10_000 })
              .toContain("SIGTERM received: finishing requests");
            request.end(body.slice(10));
          })
          .catch(reject);
      });
    });

    // Answered in full (stored, then back to the page), not cut off by the shutdown.
    expect(await answer).toEqual({ status: 302, location: "/" });
    expect(await server.exited).toBe(0);

    const handle = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) });
    try {
      const subscribers = await handle.db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers);
      expect(subscribers).toEqual([{ email: "late.reader@example.com" }]);
    } finally {
      await handle.close();
    }
  });
});
