import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";
import { throttleLikeASlowPhone } from "./lib/throttle.ts";

/*
 * `npm run audit:throttled`: loads the public pages in the system Chromium on a throttled
 * line (150 ms round trip, 1.6 Mbit/s down, CPU slowed 4×, like Lighthouse's mobile profile)
 * and reports what a visitor gets: first paint, largest paint and when the page is hydrated
 * (the footer form's browser-only field appears). Lighthouse *estimates* these from an
 * unthrottled load; this *measures* them, which is how we judged changes whose estimate and
 * reality disagreed (decision 012). Median of AUDIT_RUNS loads per page (default 5), each in
 * a fresh browser context (nothing cached).
 *
 *   npm run audit:throttled [-- <url> …]
 *
 * With URLs (e.g. two builds on two ports) it measures those, side by side.
 */

const RUNS = Number(process.env.AUDIT_RUNS ?? 5);
/** The pages measured; AUDIT_PAGES (space-separated paths) measures others. */
const PAGES = (process.env.AUDIT_PAGES ?? "/ /digital /crafts /cart /contact")
  .split(" ")
  .filter(Boolean);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Row {
  page: string;
  fcpMs: number;
  lcpMs: number;
  hydratedMs: number;
}

/** One load of `url` in a fresh context: first paint, largest paint, and when it hydrated. */
async function load(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await throttleLikeASlowPhone(cdp);
    await tab.addInitScript(() => {
      const w = window as unknown as { largestPaint: number };
      w.largestPaint = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.largestPaint = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const started = Date.now();
    await tab.goto(url, { waitUntil: "commit" });
    await tab.locator('input[name="enhanced"]').first().waitFor({ state: "attached" });
    const hydrated = Date.now() - started;
    const [fcp, lcp] = await tab.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      (window as unknown as { largestPaint: number }).largestPaint,
    ]);
    return { fcp: fcp!, lcp: lcp!, hydrated };
  } finally {
    await context.close();
  }
}

async function main() {
  // Several bases (e.g. today's build and an earlier one on another port) are measured side
  // by side: each page's loads alternate between them, so a busy moment of the machine falls
  // on both alike. Without one, the production build is served on a throwaway database.
  let bases = process.argv.slice(2).map((base) => base.replace(/\/+$/, ""));
  let stop = async () => {};
  if (bases.length === 0) {
    if (!ensureBuild()) process.exit(1);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-throttled-"));
    const server = startServerProcess(dataDir, { SEED_DEMO: "true" });
    bases = [`http://127.0.0.1:${await server.ready}`];
    stop = async () => {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const rows: Row[][] = bases.map(() => []);
  try {
    for (const page of PAGES) {
      // The servers' page caches are warm, as in production.
      for (const base of bases) await fetch(`${base}${page}`);
      const loads = bases.map(() => [] as { fcp: number; lcp: number; hydrated: number }[]);
      for (let run = 0; run < RUNS; run++) {
        for (const [i, base] of bases.entries())
          loads[i]!.push(await load(browser, `${base}${page}`));
      }
      for (const [i, pageLoads] of loads.entries()) {
        rows[i]!.push({
          page,
          fcpMs: Math.round(median(pageLoads.map((l) => l.fcp))),
          lcpMs: Math.round(median(pageLoads.map((l) => l.lcp))),
          hydratedMs: Math.round(median(pageLoads.map((l) => l.hydrated))),
        });
      }
    }
  } finally {
    await browser.close();
    await stop();
  }

  const date = new Date().toISOString();
  for (const [i, base] of bases.entries()) {
    console.log(
      `\nThrottled loads ${date} (150 ms RTT, 1.6 Mbit/s, CPU ÷4; median of ${RUNS}) on ${base}`,
    );
    console.log("page        first paint ms  largest paint ms  hydrated ms");
    for (const r of rows[i]!) {
      console.log(
        `${r.page.padEnd(10)}  ${String(r.fcpMs).padStart(14)}  ${String(r.lcpMs).padStart(16)}  ${String(r.hydratedMs).padStart(11)}`,
      );
    }
  }
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join("bench-results", `throttled-${date.replace(/[:.]/g, "-")}.json`);
  const figures = bases.map((base, i) => ({ base, rows: rows[i] }));
  fs.writeFileSync(file, `${JSON.stringify({ date, runs: RUNS, figures }, null, 2)}\n`);
  console.log(`Figures written to ${file}`);
}

await main();
