import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * Are the public pages the same, byte for byte, as another checkout's? (docs/performance.md: a faster
 * render must not change what it writes.)
 *
 *   npx tsx scripts/compare-pages.ts ../other-checkout
 *
 * The other checkout must be built (and have its node_modules). Both serve copies of one data
 * directory, seeded with the demo catalogue by the other one (so the ids are the same), with
 * PAGE_CACHE=false; every public page, each category filter, each product page and their
 * .data answers are fetched from both and compared with the per-response CSP nonce and form
 * stamp blanked. Exits 1 on a difference and writes both versions to bench-results/compare/.
 */

const other = process.argv[2];
if (!other || !fs.existsSync(path.join(other, "build/server/index.js"))) {
  console.error("usage: tsx scripts/compare-pages.ts <built checkout to compare with>");
  process.exit(2);
}
if (!ensureBuild()) process.exit(1);

const env = {
  SEED_DEMO: "true",
  PAGE_CACHE: "false",
  // startServerProcess waits for the "listening on" line, logged at info.
  LOG_LEVEL: "info",
  SESSION_SECRET: "compare-pages-secret-compare-pages-secret",
  PUBLIC_URL: "http://localhost:3000",
};
const base = fs.mkdtempSync(path.join(os.tmpdir(), "compare-pages-"));
const theirs = path.join(base, "theirs");
const ours = path.join(base, "ours");

/** Nonces, placeholders and form stamps ("<ms>.<22>.<43>", also inside the hydration data). */
const normalise = (text: string) =>
  text
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g, "STAMP");

const seeding = startServerProcess(theirs, env, { cwd: path.resolve(other) });
await seeding.ready;
seeding.child.kill("SIGTERM");
await seeding.exited;
fs.cpSync(theirs, ours, { recursive: true });

const a = startServerProcess(theirs, env, { cwd: path.resolve(other) });
const b = startServerProcess(ours, env);
let differences = 0;
try {
  const [portA, portB] = await Promise.all([a.ready, b.ready]);
  const crafts = await (await fetch(`http://127.0.0.1:${portA}/crafts`)).text();
  const products = [...new Set([...crafts.matchAll(/href="(\/products\/[0-9a-f-]{36})"/g)])].map(
    (m) => m[1]!,
  );
  const categories = [
    ...new Set([...crafts.matchAll(/href="(\/crafts\?category=[^"#]+)/g)].map((m) => m[1]!)),
  ].map((href) => href.replaceAll("&amp;", "&"));
  const paths = [
    ...["/", "/digital", "/hardware", "/crafts", "/contact", "/privacy", "/terms", "/sitemap"],
    ...["/sitemap.xml", "/robots.txt", "/_.data", "/crafts.data", "/no-such-page"],
    ...categories,
    ...products,
    ...products.map((p) => `${p}.data`),
  ];
  const out = path.resolve("bench-results/compare");
  for (const page of paths) {
    const [textA, textB] = await Promise.all(
      [portA, portB].map(async (port) => (await fetch(`http://127.0.0.1:${port}${page}`)).text()),
    );
    const same = normalise(textA!) === normalise(textB!);
    if (!same) {
      differences += 1;
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `${differences}-theirs.txt`), normalise(textA!));
      fs.writeFileSync(path.join(out, `${differences}-ours.txt`), normalise(textB!));
    }
    console.log(`${same ? "same" : `DIFFERENT (${differences})`}  ${page}`);
  }
  console.log(
    `\n${paths.length} answers compared: ${differences === 0 ? "all the same" : `${differences} differ (bench-results/compare/)`}`,
  );
} finally {
  a.child.kill("SIGTERM");
  b.child.kill("SIGTERM");
  await Promise.all([a.exited, b.exited]);
  fs.rmSync(base, { recursive: true, force: true });
}
process.exit(differences === 0 ? 0 : 1);
