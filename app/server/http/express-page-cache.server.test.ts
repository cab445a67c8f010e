import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appRouteTable } from "./app-route-table.test-support.ts";
import { pageCacheMiddleware } from "./express-page-cache.server.ts";
import {
  type CacheablePath,
  cacheablePathsOf,
  PAGE_STALE_MS,
  PAGE_TTL_MS,
  PageCache,
  STALE_PAGE_CACHE_CONTROL,
  STALE_RETRY_MS,
} from "./page-cache.server.ts";

/*
 * The page cache during a database outage (docs/deploy.md, "When PostgreSQL goes away"): a
 * page past its time is rendered again, and when that fails (a 503, or a throw) the visitor
 * gets the page the cache still has instead of the error page. Before, the expired page was
 * dropped and replaced by the 503: /crafts, loaded a second before the outage, answered 503.
 */

let server: Server | undefined;
afterEach(() => server?.close());

/** The pages the app's routes declare public (decision 031). */
let cacheablePath: CacheablePath;
beforeAll(async () => {
  cacheablePath = cacheablePathsOf(await appRouteTable());
}, 60_000);

/** The middleware in front of a stand-in renderer whose answers the test chooses. */
async function serve() {
  let now = 1_000_000;
  const cache = new PageCache({ now: () => now });
  const answers: (() => Response)[] = [];
  let renders = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "nonce";
    next();
  });
  app.use(
    pageCacheMiddleware({
      cache,
      cacheablePath,
      secret: "s".repeat(32),
      logger: pino({ level: "silent" }),
      render: async () => {
        renders += 1;
        const answer = answers.shift();
        if (!answer) throw new Error("no answer left");
        return answer();
      },
    }),
  );
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    advance: (ms: number) => {
      now += ms;
    },
    answer: (...next: (() => Response)[]) => answers.push(...next),
    renders: () => renders,
    get: async (path = "/crafts") => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return {
        status: response.status,
        state: response.headers.get("x-page-cache"),
        cacheControl: response.headers.get("cache-control"),
        body: await response.text(),
      };
    },
  };
}

const page = (text: string) => () => new Response(`<p>${text}</p>`, { status: 200 });
const unavailable = () =>
  new Response("<p>empty shop</p>", { status: 503, headers: { "Cache-Control": "no-store" } });
const broken = () => {
  throw new Error("connect ECONNREFUSED");
};

describe("the page cache when rendering fails", () => {
  it("serves the page it has, past its time, while rendering it again fails", async () => {
    const site = await serve();
    site.answer(page("crafts v1"));
    expect(await site.get()).toMatchObject({
      status: 200,
      state: "miss",
      body: "<p>crafts v1</p>",
    });
    expect(await site.get()).toMatchObject({ state: "hit" });

    // Past its 60 s: rendered again; the database is down, the route answers 503.
    site.advance(PAGE_TTL_MS + 1);
    site.answer(unavailable);
    expect(await site.get()).toEqual({
      status: 200,
      state: "stale",
      cacheControl: STALE_PAGE_CACHE_CONTROL,
      body: "<p>crafts v1</p>",
    });
    expect(site.renders()).toBe(2);
    // For a few seconds the page is served without trying again.
    expect(await site.get()).toMatchObject({ state: "stale", body: "<p>crafts v1</p>" });
    expect(site.renders()).toBe(2);

    // Then tried again: a renderer that throws counts as failing too.
    site.advance(STALE_RETRY_MS + 1);
    site.answer(broken);
    expect(await site.get()).toMatchObject({
      status: 200,
      state: "stale",
      body: "<p>crafts v1</p>",
    });
    expect(site.renders()).toBe(3);

    // The database is back: the fresh page replaces it.
    site.advance(STALE_RETRY_MS + 1);
    site.answer(page("crafts v2"));
    expect(await site.get()).toMatchObject({
      status: 200,
      state: "miss",
      body: "<p>crafts v2</p>",
    });
  });

  it("answers the error when it has no page, or only one older than PAGE_STALE_MS", async () => {
    const site = await serve();
    site.answer(unavailable);
    expect(await site.get("/")).toMatchObject({ status: 503, state: "bypass" });

    site.answer(page("home"));
    expect(await site.get("/")).toMatchObject({ state: "miss" });
    site.advance(PAGE_TTL_MS + PAGE_STALE_MS + 1);
    site.answer(unavailable);
    expect(await site.get("/")).toMatchObject({
      status: 503,
      state: "bypass",
      body: "<p>empty shop</p>",
    });
  });

  it("does not serve a stale page over a render that answered, e.g. a 404", async () => {
    const site = await serve();
    site.answer(page("product"));
    await site.get("/products/00000000-0000-0000-0000-000000000001");
    site.advance(PAGE_TTL_MS + 1);
    site.answer(() => new Response("gone", { status: 404 }));
    expect(await site.get("/products/00000000-0000-0000-0000-000000000001")).toMatchObject({
      status: 404,
      state: "bypass",
    });
  });
});
