import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ENV_SETTING_NAMES } from "../../app/server/env.server.ts";
import { buildIsStale } from "./build-freshness.mjs";

export { buildIsStale };

/*
 * The production build as a real server process: for the process tests, and the audit and
 * benchmark scripts (each on a throwaway DATA_DIR). Whether the build is fresh is
 * build-freshness.mjs's answer, shared with `npm start` (scripts/start.mjs).
 */

/** The compiled server (scripts/build-node.ts), as kwezi.service runs it (decision 030). */
export const COMPILED_SERVER = "build/node/server.js";

/**
 * Builds when stale; returns false when the build failed. Always the production build: run
 * from a test runner (NODE_ENV=test) Vite would otherwise bundle React's development build
 * for the browser (171 KB gzip instead of 110), and the journeys and budgets that reuse the
 * build would test something no visitor gets.
 */
export function ensureBuild(log: (line: string) => void = console.log): boolean {
  if (!buildIsStale()) return true;
  log("Building the production bundle (sources changed or no build yet)…");
  return (
    spawnSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    }).status === 0
  );
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the port once the server listens. */
  ready: Promise<number>;
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The caller's environment without the app's own settings: a DATABASE_URL or SMTP_URL
 * exported in a developer's shell must not point a throwaway server at a real database or
 * mail server. What the server needs is passed explicitly.
 */
export function environmentWithoutAppSettings(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of ENV_SETTING_NAMES) delete inherited[name];
  return inherited;
}

/**
 * Starts the compiled server (build/node/server.js, with source maps, as kwezi.service runs
 * it) on a free port of 127.0.0.1. `nodeArgs` go to node before the script (e.g.
 * `--cpu-prof`, scripts/profile-render.ts); `cwd` serves another checkout
 * (scripts/compare-pages.ts), through tsx when it predates the compiled server.
 */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; cwd?: string } = {},
): ServerProcess {
  const olderCheckout =
    options.cwd !== undefined && !fs.existsSync(path.join(options.cwd, COMPILED_SERVER));
  const script = olderCheckout
    ? ["--import", "tsx", "server.ts"]
    : ["--enable-source-maps", COMPILED_SERVER];
  const child = spawn("node", [...(options.nodeArgs ?? []), ...script], {
    cwd: options.cwd,
    env: {
      ...environmentWithoutAppSettings(),
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last 256 KB or so of what it printed, as chunks: a benchmark's request logs must not
  // fill the memory, nor cost the measuring process a copy of 256 KB per log line (docs/performance.md:
  // that process also runs autocannon, on the same two cores as the server).
  const chunks: string[] = [];
  let kept = 0;
  const output = () => chunks.join("");
  let listening = false;
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      chunks.push(text);
      kept += text.length;
      while (kept > 256 * 1024 && chunks.length > 1) kept -= chunks.shift()!.length;
      if (listening) return;
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output());
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output()}`)));
  });
  // The caller may never await `ready` after a kill: no unhandled rejection for that.
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, ready, exited, output };
}
