import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMigratedDataDir,
  killServerProcesses,
  startServerProcess,
} from "#tests/setup/process.ts";
import { auditSiteHeaders, HEADER_RULES } from "../../scripts/lib/header-verdicts.ts";

/*
 * `npm run audit:headers` against the production server itself (decision 010): the verdicts of
 * scripts/lib/header-verdicts.ts over the real headers of /, a product page and /admin/login.
 * The unit test of the verdicts uses hand-written headers; this one catches the server
 * drifting from them.
 */

let base: string;

beforeAll(async () => {
  const server = startServerProcess(createMigratedDataDir(), { SEED_DEMO: "true" });
  base = `http://127.0.0.1:${await server.ready}`;
}, 90_000);
afterAll(killServerProcesses);

describe("npm run audit:headers on the production server", () => {
  it("passes every verdict on /, a product page and /admin/login", async () => {
    const audits = await auditSiteHeaders(base);
    expect(audits.map((page) => page.path)).toEqual([
      "/",
      expect.stringMatching(/^\/products\/[0-9a-f-]{36}$/),
      "/admin/login",
    ]);
    for (const page of audits) {
      expect(page.status, page.path).toBe(200);
      expect(page.verdicts.map((verdict) => verdict.header)).toEqual(Object.keys(HEADER_RULES));
      const failed = page.verdicts.filter((verdict) => !verdict.pass);
      expect(failed, `${page.path}: ${JSON.stringify(failed)}`).toEqual([]);
    }
  });
});
