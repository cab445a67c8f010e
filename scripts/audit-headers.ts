import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { auditSiteHeaders } from "./lib/header-verdicts.ts";
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
  try {
    let failures = 0;
    for (const page of await auditSiteHeaders(base)) {
      console.log(`\n${page.path}  (HTTP ${page.status})`);
      if (page.verdicts.length === 0) {
        failures += 1;
        console.log("  FAIL  no product listed on /crafts to check");
      }
      for (const verdict of page.verdicts) {
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
