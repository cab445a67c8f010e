import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/*
 * Summarises a V8 CPU profile (`node --cpu-prof`, or Chrome DevTools' .cpuprofile) as text:
 * the top functions by self time and by total time, and self time per package (a
 * node_modules package, the app's own code, Node's internals, garbage collection, idle).
 *
 *   npx tsx scripts/cpuprofile-summary.ts <file.cpuprofile> [--top 20] [--window from,to]
 *
 * Shares are of the busy time (idle excluded). Used by
 * scripts/profile-render.ts; reusable for any profile of this server.
 */

interface ProfileNode {
  id: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  where: string;
  selfMs: number;
  totalMs: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  byFunction: ProfileEntry[];
  byPackage: { name: string; selfMs: number }[];
}

/** "react-dom", "@react-router/node", "app", "node:internal", "(wasm)", "(gc)" … */
export function packageOf(url: string, functionName: string): string {
  if (!url) {
    return functionName.startsWith("(") ? functionName : "(native)";
  }
  // WebAssembly (here PGlite's PostgreSQL) has no file.
  if (url.startsWith("wasm://")) return "(wasm)";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = file.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (file.startsWith("node:")) return "node:internal";
  if (file.includes("/build/server/")) return "app (server build)";
  return "app";
}

function shortWhere(url: string, line: number): string {
  if (!url) return "";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  const shown = modules >= 0 ? file.slice(modules + "node_modules/".length) : path.basename(file);
  return `${shown}:${line + 1}`;
}

/**
 * `window`: only the samples taken between these times (µs of the monotonic clock that
 * `process.hrtime` reads on Linux, as V8 stamps samples), e.g. the load without the start-up.
 */
export function summariseProfile(
  profile: CpuProfile,
  window?: { fromUs: number; toUs: number },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    return `${functionName}|${url}|${lineNumber}|${columnNumber}`;
  };
  const entries = new Map<string, ProfileEntry>();
  const packages = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  // A sample's time is the delta to the next sample (the last one gets none).
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i]!);
    if (!leaf) continue;
    if (leaf.callFrame.functionName === "(idle)") {
      idleMs += ms;
      continue;
    }
    busyMs += ms;
    const pkg = packageOf(leaf.callFrame.url, leaf.callFrame.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; ) {
      const key = keyOf(node);
      let entry = entries.get(key);
      if (!entry) {
        const { functionName, url, lineNumber } = node.callFrame;
        entry = {
          name: functionName || "(anonymous)",
          where: shortWhere(url, lineNumber),
          selfMs: 0,
          totalMs: 0,
        };
        entries.set(key, entry);
      }
      if (node === leaf) entry.selfMs += ms;
      // Recursion counts once in a sample's total.
      if (!seen.has(key)) {
        entry.totalMs += ms;
        seen.add(key);
      }
      const up = parent.get(node.id);
      node = up === undefined ? undefined : byId.get(up);
    }
  }
  const byFunction = [...entries.values()].filter((e) => e.name !== "(root)");
  const byPackage = [...packages.entries()]
    .map(([name, selfMs]) => ({ name, selfMs }))
    .sort((a, b) => b.selfMs - a.selfMs);
  return { busyMs, idleMs, byFunction, byPackage };
}

function pct(ms: number, of: number) {
  return `${((100 * ms) / of).toFixed(1).padStart(5)}%`;
}

export function formatSummary(summary: ProfileSummary, top = 20): string {
  const { busyMs, idleMs } = summary;
  const out: string[] = [];
  out.push(
    `busy ${(busyMs / 1000).toFixed(2)} s, idle ${(idleMs / 1000).toFixed(2)} s (shares are of the busy time)`,
  );
  const table = (title: string, rows: ProfileEntry[], key: "selfMs" | "totalMs") => {
    out.push("", title);
    for (const row of rows.slice(0, top)) {
      out.push(
        `${pct(row[key], busyMs)}  ${(row[key] / 1000).toFixed(2).padStart(6)} s  ${row.name}  ${row.where}`,
      );
    }
  };
  table(
    "top self time (by function)",
    [...summary.byFunction].sort((a, b) => b.selfMs - a.selfMs),
    "selfMs",
  );
  table(
    "top total time (by function, callees included)",
    [...summary.byFunction].sort((a, b) => b.totalMs - a.totalMs),
    "totalMs",
  );
  out.push("", "self time by package");
  for (const row of summary.byPackage.slice(0, top)) {
    out.push(
      `${pct(row.selfMs, busyMs)}  ${(row.selfMs / 1000).toFixed(2).padStart(6)} s  ${row.name}`,
    );
  }
  return out.join("\n");
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg) => arg.endsWith(".cpuprofile"));
  const topAt = args.indexOf("--top");
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
  const windowAt = args.indexOf("--window");
  const [fromUs, toUs] = windowAt >= 0 ? args[windowAt + 1]!.split(",").map(Number) : [];
  if (!file) {
    console.error("usage: tsx scripts/cpuprofile-summary.ts <file.cpuprofile> [--top 20]");
    process.exit(2);
  }
  const window = fromUs !== undefined && toUs !== undefined ? { fromUs, toUs } : undefined;
  console.log(formatSummary(summariseProfile(readProfile(file), window), top));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
