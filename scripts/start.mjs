import { spawnSync } from "node:child_process";
import { buildIsStale } from "./lib/build-freshness.mjs";

/*
 * `npm start` (decision 030): plain node, no TypeScript loader. Builds when the production
 * build is missing or older than the sources (a fresh clone: `npm ci && npm start`), then runs
 * the compiled build/node/start.js in this same process, which checks the configuration and
 * serves. Signals reach the server directly: npm's shell has exec'd this process.
 */

if (buildIsStale()) {
  console.log("Building the production bundle (sources changed or no build yet)…");
  // Always the production build, whatever NODE_ENV the caller has (server-process.ts).
  const build = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    console.error("start-up failed: the production build did not succeed");
    process.exit(1);
  }
}

await import("../build/node/start.js");
