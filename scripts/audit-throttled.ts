import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
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
 */

const RUNS = Number(process.env.AUDIT_RUNS ?? 5);
const PAGES = ["/", "/digital", "/crafts", "/cart", "/contact"];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  if (!ensureBuild()) process.exit(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-throttled-"));
  const server = startServerProcess(dataDir, { SEED_DEMO: "true" });
  const base = `http://127.0.0.1:${await server.ready}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  const rows: { page: string; fcpMs: number; lcpMs: number; hydratedMs: number }[] = [];
  try {
    for (const page of PAGES) {
      await fetch(`${base}${page}`); // the server's page cache is warm, as in production
      const loads: { fcp: number; lcp: number; hydrated: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
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
        await tab.goto(`${base}${page}`, { waitUntil: "commit" });
        await tab.locator('input[name="enhanced"]').first().waitFor({ state: "attached" });
        const hydrated = Date.now() - started;
        const [fcp, lcp] = await tab.evaluate(() => [
          performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          (window as unknown as { largestPaint: number }).largestPaint,
        ]);
        loads.push({ fcp: fcp!, lcp: lcp!, hydrated });
        await context.close();
      }
      rows.push({
        page,
        fcpMs: Math.round(median(loads.map((l) => l.fcp))),
        lcpMs: Math.round(median(loads.map((l) => l.lcp))),
        hydratedMs: Math.round(median(loads.map((l) => l.hydrated))),
      });
    }
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nThrottled loads ${new Date().toISOString()} (150 ms RTT, 1.6 Mbit/s, CPU ÷4; median of ${RUNS})`,
  );
  console.log("page        first paint ms  largest paint ms  hydrated ms");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(10)}  ${String(r.fcpMs).padStart(14)}  ${String(r.lcpMs).padStart(16)}  ${String(r.hydratedMs).padStart(11)}`,
    );
  }
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join(
    "bench-results",
    `throttled-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, rows }, null, 2)}\n`,
  );
  console.log(`Figures written to ${file}`);
}

await main();
