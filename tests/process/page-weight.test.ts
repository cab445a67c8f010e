import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";
import { CHROMIUM_ARGS } from "../../playwright.config.ts";
import { PUBLIC_PATHS } from "../e2e/site/public-paths.ts";

/*
 * What a first visit transfers (docs/performance.md): every byte Chromium receives (headers and
 * compressed bodies) for a public page loaded on a phone's screen (412 × 823, as Lighthouse's
 * mobile profile) with nothing cached: the HTML, its styles, scripts and font, and the images
 * on the first screen (not the lazy images further down that Chromium fetches early). Counted from the request log, so the figures are exact, not timed.
 * Requests that begin after the page is loaded and hydrated (the newsletter popup's code
 * after 5 s, a form's validation code on first input) are not a first visit's.
 */

const KB = 1024;
/** The home page, the first page most visitors see (docs/performance.md). */
const HOME_BUDGET = 150 * KB;
/** Every other public page. */
const PAGE_BUDGET = 200 * KB;

let base: string;
let browser: Browser;

beforeAll(async () => {
  const server = startServerProcess(createMigratedDataDir(), { SEED_DEMO: "true" });
  base = `http://127.0.0.1:${await server.ready}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  killServerProcesses();
});

interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

/** Loads `path` in a fresh context and returns every request's transferred bytes. */
async function firstVisit(
  path: string,
  viewport = { width: 412, height: 823 },
): Promise<Transfer[]> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, { url: string; type: string }>();
    const finished = new Map<string, number>();
    let counting = true;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (counting)
        requests.set(event.requestId, { url: event.request.url, type: event.type ?? "" });
    });
    cdp.on("Network.loadingFinished", (event) => {
      finished.set(event.requestId, event.encodedDataLength);
    });
    cdp.on("Network.loadingFailed", (event) => finished.set(event.requestId, 0));
    await cdp.send("Network.enable");
    // A new context starts with an empty HTTP cache: a first visit. The cache is not turned
    // off, for a first visit has one: when the page changes after hydration before the route
    // manifest has come, React Router's lazy route discovery asks for the same manifest again
    // (it has no guard for a request in flight), and the browser answers that from its cache
    // (the manifest is immutable). With the cache off, the test counted it a second time in
    // some runs and not in others.
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    // Hydrated: the footer's newsletter form renders its browser-only field.
    await page.locator('input[name="enhanced"]').first().waitFor({ state: "attached" });
    counting = false;
    // Every counted request to its end.
    await expect
      .poll(() => [...requests.keys()].every((id) => finished.has(id)), { timeout: 30_000 })
      .toBe(true);
    // The images on the first screen. Chromium also fetches lazy images up to a few screens
    // below it, which a visitor who does not scroll never sees: those are not counted.
    const firstScreen = new Set(
      await page.evaluate(() =>
        [...document.images]
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
          })
          .map((image) => image.currentSrc),
      ),
    );
    return [...requests]
      .filter(([, request]) => request.type !== "Image" || firstScreen.has(request.url))
      .map(([id, request]) => ({ ...request, bytes: finished.get(id)! }));
  } finally {
    await context.close();
  }
}

function summary(path: string, transfers: Transfer[]) {
  const byType = new Map<string, number>();
  for (const { type, bytes } of transfers) byType.set(type, (byType.get(type) ?? 0) + bytes);
  const total = transfers.reduce((sum, { bytes }) => sum + bytes, 0);
  const parts = [...byType].map(([type, bytes]) => `${type} ${(bytes / KB).toFixed(1)}`);
  console.info(
    `${path}: ${(total / KB).toFixed(1)} KB (${total} bytes) in ${transfers.length} requests (${parts.join(", ")})`,
  );
  if (process.env.PAGE_WEIGHT_DETAIL)
    for (const t of transfers) console.info(`  ${t.type} ${t.bytes} ${t.url}`);
  return total;
}

describe("a first visit's bytes", () => {
  it("to the home page: at most 150 KB", async () => {
    const transfers = await firstVisit("/");
    expect(transfers.map(({ type }) => type)).toEqual(
      expect.arrayContaining(["Document", "Script"]),
    );
    // No stylesheet file at all: the public styles are inline (item 1).
    expect(transfers.filter(({ type }) => type === "Stylesheet")).toEqual([]);
    // No font file on a phone: it shows its own (design.css, decision 022).
    expect(transfers.filter(({ type }) => type === "Font")).toEqual([]);
    expect(summary("/", transfers)).toBeLessThanOrEqual(HOME_BUDGET);
  }, 60_000);

  it("to the home page on a computer: the one preloaded font file, and at most 200 KB", async () => {
    const transfers = await firstVisit("/", { width: 1280, height: 800 });
    const fonts = transfers.filter(({ type }) => type === "Font");
    // The site's texts need no other file than the preloaded one (design.css).
    expect(fonts).toHaveLength(1);
    expect(fonts[0]!.url).toMatch(/\/assets\/inter-core-wght-[\w-]+\.woff2$/);
    expect(summary("/ (1280 px)", transfers)).toBeLessThanOrEqual(PAGE_BUDGET);
  }, 60_000);

  it.each(PUBLIC_PATHS.filter((path) => path !== "/"))(
    "to %s: at most 200 KB, and no admin stylesheet or script",
    async (path) => {
      const transfers = await firstVisit(path);
      expect(transfers.filter(({ url }) => /\/admin|admin-[\w-]+\.css/.test(url))).toEqual([]);
      expect(transfers.filter(({ type }) => type === "Font")).toEqual([]);
      expect(summary(path, transfers)).toBeLessThanOrEqual(PAGE_BUDGET);
    },
    60_000,
  );

  it("to a product page: at most 200 KB", async () => {
    const crafts = await (await fetch(`${base}/crafts`)).text();
    const product = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)![1]!;
    expect(summary("/products/:id", await firstVisit(product))).toBeLessThanOrEqual(PAGE_BUDGET);
  }, 60_000);
});
