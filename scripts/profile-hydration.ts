import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { readProfile, summariseProfile } from "./cpuprofile-summary.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";
import { throttleLikeASlowPhone } from "./lib/throttle.ts";

/*
 * Where a public page's main thread goes while it loads on a slow phone: the page is loaded
 * in the system Chromium on a throttled line (150 ms round trip, 1.6 Mbit/s, CPU slowed 4×,
 * as `audit:throttled`), and the long tasks (over 50 ms) the browser reports are listed with
 * their start and length, from the first paint until the page has been quiet for 2 s. Their
 * excess over 50 ms, summed, is the page's blocking time (Lighthouse's TBT counts the same
 * tasks up to the page's time to interactive). With `--profile`, one more load records a CPU
 * profile (bench-results/hydration-<page>.cpuprofile, to read with
 * `npx tsx scripts/cpuprofile-summary.ts`) and a trace of the browser's tasks, and prints what
 * ran in each task over 50 ms: the functions with the most time in it, callees included
 * (a build with `minify: false` in vite.config.ts's client build names them).
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

const TRACE_FILE = path.join(os.tmpdir(), "profile-hydration-trace.json");
/** Enough to see the renderer's tasks and the navigation's start; small, unlike the full set. */
const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing", "loading"];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/**
 * Each task of the page's main thread over 50 ms, from the trace, with the functions that ran
 * in it from the CPU profile (both stamp the same monotonic clock, in µs).
 */
function printLongTasks(url: string, profileFile: string) {
  const { traceEvents } = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as {
    traceEvents: TraceEvent[];
  };
  fs.rmSync(TRACE_FILE, { force: true });
  const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map(threadOf),
  );
  const onMain = traceEvents.filter((event) => mainThreads.has(threadOf(event)));
  const start = onMain.find(
    (event) =>
      event.name === "navigationStart" && event.args?.data?.documentLoaderURL?.startsWith(url),
  )?.ts;
  if (start === undefined) return;
  const profile = readProfile(profileFile);
  const tasks = onMain.filter(
    (event) =>
      event.ph === "X" &&
      event.name === "ThreadControllerImpl::RunTask" &&
      event.ts >= start &&
      (event.dur ?? 0) > 50_000,
  );
  for (const task of tasks) {
    const summary = summariseProfile(profile, { fromUs: task.ts, toUs: task.ts + task.dur! });
    console.log(
      `  task at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur! / 1000)} ms:`,
    );
    const top = summary.byFunction
      .filter((entry) => !entry.name.startsWith("("))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, TASK_TOP);
    if (top.length === 0) console.log("    (no script: parsing, style, layout or paint)");
    for (const entry of top) {
      console.log(`    ${entry.totalMs.toFixed(0).padStart(5)} ms  ${entry.name}  ${entry.where}`);
    }
  }
}

/** Functions listed per long task (PROFILE_TASK_TOP, default 12). */
const TASK_TOP = Number(process.env.PROFILE_TASK_TOP ?? 12);

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
          await browser.startTracing(tab, { path: TRACE_FILE, categories: TRACE_CATEGORIES });
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
          await browser.stopTracing();
          fs.mkdirSync("bench-results", { recursive: true });
          const file = path.join(
            "bench-results",
            `hydration-${page.replace(/\W+/g, "-").replace(/^-$/, "home")}.cpuprofile`,
          );
          fs.writeFileSync(file, JSON.stringify(cpuProfile));
          console.log(`${page}: CPU profile written to ${file}`);
          printLongTasks(`${base}${page}`, file);
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
