import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { formatSummary, readProfile, summariseProfile } from "./cpuprofile-summary.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * The uncached server render (decision 023): the production build with PAGE_CACHE=false on a
 * throwaway PGlite data directory with the demo catalogue, loaded with autocannon.
 *
 *   npx tsx scripts/profile-render.ts            # req/s of a static asset, /, /crafts and a
 *                                                # product page, and each page's ratio to it
 *   npx tsx scripts/profile-render.ts --profile  # the same pages under `node --cpu-prof`
 *                                                # (no static run), then the profile's top
 *                                                # entries (scripts/cpuprofile-summary.ts)
 *
 * PROFILE_SECONDS (default 10) per page, 20 connections, gzip (browsers get brotli quality 4,
 * which costs about the same: docs/performance.md); PROFILE_PAGES=/crafts (or "/,product
 * page") measures only those, and any other path given (/cart, /robots.txt) as it is. The
 * profile is kept in bench-results/profiles/. On a shared machine, run the before and after
 * builds alternately and compare the ratios to the static rate.
 */

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = 20;
const GZIP = { "accept-encoding": "gzip" };

/** The server process's CPU seconds so far (Linux: /proc), or null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

let serverPid: number | undefined;

async function rate(url: string, seconds = SECONDS) {
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: GZIP,
  });
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const cpuAfter = cpuSeconds(serverPid);
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null
      ? null
      : ((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest,
    serverCpuShare:
      cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / seconds,
  };
}

async function main() {
  const profile = process.argv.includes("--profile");
  if (!ensureBuild()) process.exit(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-render-"));
  const profileDir = path.resolve("bench-results/profiles");
  fs.mkdirSync(profileDir, { recursive: true });
  const before = new Set(fs.readdirSync(profileDir));
  let loadFromUs = 0;
  let loadToUs = 0;
  const server = startServerProcess(
    dataDir,
    { SEED_DEMO: "true", PAGE_CACHE: "false", LOG_LEVEL: "info" },
    { nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] },
  );
  serverPid = server.child.pid;
  try {
    const base = `http://127.0.0.1:${await server.ready}`;
    const login = await (await fetch(`${base}/admin/login`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(login)?.[1];
    const crafts = await (await fetch(`${base}/crafts`)).text();
    const product = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)?.[1];
    if (!asset || !product) throw new Error("no asset or product page found");
    const only = process.env.PROFILE_PAGES?.split(",");
    const named: [string, string][] = [
      ["/", "/"],
      ["/crafts", "/crafts"],
      ["product page", product],
    ];
    // Any other path given (/cart, /robots.txt) is measured as it is: a floor to compare with.
    const pages = only
      ? only.map((name) => {
          const page = named.find(([n]) => n === name) ?? (name.startsWith("/") && [name, name]);
          if (!page)
            throw new Error(`PROFILE_PAGES: "${name}" is neither a page's name nor a path`);
          return page;
        })
      : named;
    // Warm-up: the JIT and the database's caches.
    for (const [, page] of pages) await rate(`${base}${page}`, 2);
    const rows: [string, Awaited<ReturnType<typeof rate>>][] = [];
    // The profile's window: the measured load only (not the start-up's migrations, seeding
    // and module loading, nor the warm-up).
    loadFromUs = Number(process.hrtime.bigint() / 1000n);
    const staticRate = profile ? null : await rate(`${base}${asset}`);
    for (const [name, page] of pages) rows.push([name, await rate(`${base}${page}`)]);
    loadToUs = Number(process.hrtime.bigint() / 1000n);
    console.log(
      `PAGE_CACHE=false, ${CONNECTIONS} connections × ${SECONDS} s, gzip, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}${profile ? ", under --cpu-prof" : ""}`,
    );
    if (staticRate) rows.push(["static asset", staticRate]);
    for (const [name, r] of rows) {
      const ratio =
        staticRate && name !== "static asset" ? (r.rps / staticRate.rps).toFixed(3) : "";
      console.log(
        `${name.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  server CPU ${r.cpuMsPerRequest?.toFixed(2) ?? "?"} ms/request (${r.serverCpuShare === null ? "?" : `${Math.round(100 * r.serverCpuShare)}% of a core`})  ${ratio ? `vs static ${ratio}` : ""}`,
      );
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (profile) {
    const written = fs.readdirSync(profileDir).filter((f) => !before.has(f));
    // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (tsx's
    // module hooks run in another).
    const file = written.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) throw new Error("no .cpuprofile was written");
    console.log(`\n${path.join(profileDir, file)} --window ${loadFromUs},${loadToUs}\n`);
    const recorded = readProfile(path.join(profileDir, file));
    if (recorded.startTime > loadFromUs || recorded.endTime < loadToUs) {
      throw new Error("the profile's clock does not cover the load: cannot pick its window");
    }
    console.log(
      formatSummary(summariseProfile(recorded, { fromUs: loadFromUs, toUs: loadToUs }), 25),
    );
  }
}

await main();
