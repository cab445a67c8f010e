import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";
import { throttleLikeASlowPhone } from "./lib/throttle.ts";

/*
 * Where a public page's main thread goes while it loads on a slow phone: the page is loaded
 * in the system Chromium on a throttled line (150 ms round trip, 1.6 Mbit/s, CPU slowed 4×,
 * as `audit:throttled`), and the long tasks (over 50 ms) the browser reports are listed with
 * their start and length, from the first paint until the page has been quiet for 2 s. Their
 * excess over 50 ms, summed, is the page's blocking time (Lighthouse's TBT counts the same
 * tasks up to the page's time to interactive). With `--profile`, one more load records a CPU
 * profile (bench-results/hydration-<page>.cpuprofile) to read with
 * `npx tsx scripts/cpuprofile-summary.ts`.
 *
 *   npx tsx scripts/profile-hydration.ts [--profile] [--base <url>] [/ /crafts …]
 *
 * PROFILE_RUNS loads per page (default 3). Without --base it serves the production build on a
 * throwaway database with the demo catalogue.
 */

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);

interface LongTask {
  start: number;
  duration: number;
}

async function main() {
  const args = process.argv.slice(2);
  const profile = args.includes("--profile");
  const baseIndex = args.indexOf("--base");
  let base = baseIndex >= 0 ? args[baseIndex + 1] : undefined;
  const pages = args.filter((arg, i) => arg.startsWith("/") && args[i - 1] !== "--base");
  let stop = async () => {};
  if (!base) {
    if (!ensureBuild()) process.exit(1);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-hydration-"));
    const server = startServerProcess(dataDir, { SEED_DEMO: "true" });
    base = `http://127.0.0.1:${await server.ready}`;
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
  try {
    for (const page of pages.length ? pages : ["/"]) {
      await fetch(`${base}${page}`); // the page cache is warm, as in production
      const blocking: number[] = [];
      for (let run = 0; run < RUNS + (profile ? 1 : 0); run++) {
        const recording = profile && run === RUNS;
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await throttleLikeASlowPhone(cdp);
        await tab.addInitScript(() => {
          const w = window as unknown as { longTasks: { start: number; duration: number }[] };
          w.longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              w.longTasks.push({ start: entry.startTime, duration: entry.duration });
          }).observe({ type: "longtask", buffered: true });
        });
        if (recording) {
          await cdp.send("Profiler.enable");
          await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
          await cdp.send("Profiler.start");
        }
        await tab.goto(`${base}${page}`, { waitUntil: "load" });
        await tab.locator('input[name="enhanced"]').first().waitFor({ state: "attached" });
        // Quiet for 2 s after hydration: the tasks that follow it (effects, idle work) count.
        let seen = -1;
        for (;;) {
          await tab.waitForTimeout(2000);
          const count = await tab.evaluate(
            () => (window as unknown as { longTasks: unknown[] }).longTasks.length,
          );
          if (count === seen) break;
          seen = count;
        }
        const { fcp, tasks } = await tab.evaluate(() => ({
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
          tasks: (window as unknown as { longTasks: LongTask[] }).longTasks,
        }));
        if (recording) {
          const { profile: cpuProfile } = await cdp.send("Profiler.stop");
          fs.mkdirSync("bench-results", { recursive: true });
          const file = path.join(
            "bench-results",
            `hydration-${page.replace(/\W+/g, "-").replace(/^-$/, "home")}.cpuprofile`,
          );
          fs.writeFileSync(file, JSON.stringify(cpuProfile));
          console.log(`${page}: CPU profile written to ${file}`);
        } else {
          const after = tasks.filter((task) => task.start + task.duration > fcp);
          const tbt = after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
          blocking.push(tbt);
          console.log(
            `${page} run ${run + 1}: first paint ${Math.round(fcp)} ms, blocking ${Math.round(tbt)} ms; long tasks ${tasks
              .map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`)
              .join(" ")}`,
          );
        }
        await context.close();
      }
      const sorted = [...blocking].sort((a, b) => a - b);
      console.log(
        `${page}: blocking time median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms of ${RUNS}`,
      );
    }
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
