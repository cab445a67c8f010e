import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { environmentWithoutAppSettings } from "./lib/server-process.ts";

/*
 * Start-up time and memory of the production server (docs/performance.md "Start-up: compiled
 * server", decision 030): from spawning the command to the first 200 from /healthz, and its
 * resident memory (VmRSS of the process and any children, from /proc) once healthy. The
 * database is embedded and warm: one start migrates and seeds it, is stopped, and the runs
 * that count start on it again. Medians of the runs.
 *
 *   npm run bench:startup                    the compiled server, in this checkout
 *   npm run bench:startup -- --runs 5 --cwd ../other -- node --import tsx server.ts
 *
 * The command (after `--`) runs in --cwd (default: here) and must serve the build found there.
 */

const args = process.argv.slice(2);
const separator = args.indexOf("--");
const options = separator === -1 ? args : args.slice(0, separator);
const command =
  separator === -1
    ? ["node", "--enable-source-maps", "build/node/server.js"]
    : args.slice(separator + 1);
const option = (name: string) => {
  const index = options.indexOf(name);
  return index === -1 ? undefined : options[index + 1];
};
const runs = Number(option("--runs") ?? 5);
const cwd = path.resolve(option("--cwd") ?? ".");
if (!command.length || !Number.isInteger(runs) || runs < 1) {
  console.error("Usage: npm run bench:startup -- [--runs N] [--cwd DIR] [-- command …]");
  process.exit(1);
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The process and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // The command name is in parentheses and may hold spaces: the parent pid follows ") S ".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** VmRSS in MB, summed over the process tree. */
function residentMegabytes(pid: number): number {
  let kilobytes = 0;
  for (const member of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${member}/status`, "utf8");
      kilobytes += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return kilobytes / 1024;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(2_000),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));

async function start(): Promise<{ milliseconds: number; megabytes: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: {
      ...environmentWithoutAppSettings(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  let exitCode: number | null | undefined;
  exited.then((code) => (exitCode = code));
  try {
    while (!(await healthy(port))) {
      if (exitCode !== undefined) throw new Error(`exited with ${exitCode}:\n${errors}`);
      if (performance.now() - began > 180_000) throw new Error(`not healthy in 180 s:\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const milliseconds = performance.now() - began;
    return { milliseconds, megabytes: residentMegabytes(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

console.log(`command: ${command.join(" ")}  (in ${cwd}, Node ${process.version})`);
try {
  // Migrates and seeds the database: not counted.
  const first = await start();
  console.log(`warm-up (migrate and seed): ${first.milliseconds.toFixed(0)} ms`);
  const results: { milliseconds: number; megabytes: number }[] = [];
  for (let run = 1; run <= runs; run++) {
    const result = await start();
    results.push(result);
    console.log(
      `run ${run}: healthy after ${result.milliseconds.toFixed(0)} ms, RSS ${result.megabytes.toFixed(1)} MB`,
    );
  }
  console.log(
    `median of ${runs}: ${median(results.map((r) => r.milliseconds)).toFixed(0)} ms to /healthz 200, RSS ${median(results.map((r) => r.megabytes)).toFixed(1)} MB`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
