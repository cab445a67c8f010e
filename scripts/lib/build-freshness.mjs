import fs from "node:fs";
import path from "node:path";

/*
 * Whether the production build is missing or older than its sources (decision 030). Plain
 * JavaScript, so that scripts/start.mjs can ask before anything is compiled: `npm start` on a
 * fresh clone builds first. scripts/lib/server-process.ts uses it for the tests and scripts.
 */

/** What `npm run build` writes: React Router's app bundle, then the compiled node entries. */
export const BUILD_OUTPUTS = [
  "build/server/index.js",
  "build/node/server.js",
  "build/node/start.js",
  "build/node/admin.js",
  "build/node/inputs.json",
];

/**
 * The build's sources besides the files the node entries were compiled from (listed by the
 * build in build/node/inputs.json, which covers server.ts and the scripts it compiles).
 */
const SOURCES = [
  "app",
  "server",
  "public",
  "db",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-node.ts",
];

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Whether any build output is missing or older than any source file (paths from `root`). */
export function buildIsStale(root = ".") {
  let built = Number.POSITIVE_INFINITY;
  for (const output of BUILD_OUTPUTS) {
    try {
      built = Math.min(built, fs.statSync(path.join(root, output)).mtimeMs);
    } catch {
      return true;
    }
  }
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(path.join(root, "build/node/inputs.json"), "utf8"));
  } catch {
    return true;
  }
  return [...SOURCES, ...inputs].some((source) => newestMtime(path.join(root, source)) > built);
}
