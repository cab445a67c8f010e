import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIsStale } from "./lib/build-freshness.mjs";

/*
 * `npm run admin` (decision 030). A release is built: the compiled CLI, build/node/admin.js,
 * runs in this process with plain node. A checkout whose build is missing or older than the
 * sources (development) runs scripts/admin.ts through tsx instead, so an edited command is
 * what runs; without tsx (installed with --omit=dev) it says to build first.
 */

if (!buildIsStale()) {
  await import("../build/node/admin.js");
} else if (fs.existsSync("node_modules/tsx")) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(result.status ?? 1);
} else {
  console.error("admin: the build is missing or older than the sources: run `npm run build` first");
  process.exit(1);
}
