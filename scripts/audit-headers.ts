import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { judgeHeaders } from "./lib/header-verdicts.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * `npm run audit:headers [-- <url>]`: prints the security headers of /, a product page and
 * /admin/login with a verdict per header. Without a URL it starts the production build on a
 * throwaway database (demo catalogue). Exits 1 when any verdict fails.
 */

async function main() {
  let base = process.argv[2];
  let stop = async () => {};
  if (!base) {
    if (!ensureBuild()) process.exit(1);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-headers-"));
    const server = startServerProcess(dataDir, { SEED_DEMO: "true", LOG_LEVEL: "info" });
    const port = await server.ready;
    base = `http://127.0.0.1:${port}`;
    stop = async () => {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  base = base.replace(/\/+$/, "");
  const https = base.startsWith("https:");
  try {
    const crafts = await (await fetch(`${base}/crafts`)).text();
    const product = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)?.[1];
    const pages = ["/", product ?? "/products/(none listed)", "/admin/login"];
    let failures = 0;
    for (const page of pages) {
      const response = await fetch(`${base}${page}`, { redirect: "manual" });
      console.log(`\n${page}  (HTTP ${response.status})`);
      for (const verdict of judgeHeaders(response.headers, { https })) {
        if (!verdict.pass) failures += 1;
        const shown = verdict.value === null ? "(absent)" : verdict.value;
        console.log(
          `  ${verdict.pass ? "PASS" : "FAIL"}  ${verdict.header.padEnd(26)} ${verdict.why}`,
        );
        console.log(`        ${shown.length > 110 ? `${shown.slice(0, 107)}...` : shown}`);
      }
    }
    console.log(failures === 0 ? "\nAll headers pass." : `\n${failures} header verdict(s) failed.`);
    process.exitCode = failures === 0 ? 0 : 1;
  } finally {
    await stop();
  }
}

await main();
