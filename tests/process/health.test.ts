import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * What an operator relies on (issue 2): /healthz tells a load balancer whether the database
 * answers, and a visit to a path with no page is logged as a warning with the path.
 */

afterAll(killServerProcesses);

describe("the 404 page", () => {
  it("answers 404 and logs the path as a warning", async () => {
    const server = startServerProcess(createTempDataDir(), { SEED_DEMO: "false" });
    const port = await server.ready;
    const response = await fetch(`http://127.0.0.1:${port}/no-page/here-${Date.now()}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
    await expect
      .poll(() =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes("/no-page/here-"))
          .map((line) => JSON.parse(line) as { level: number; path?: string; msg: string }),
      )
      .toContainEqual(
        expect.objectContaining({ level: 40, path: expect.stringMatching(/^\/no-page\/here-/) }),
      );
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("/healthz on PostgreSQL", () => {
  it("answers 503 while the database refuses connections, and 200 once it is back", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `health_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      url.pathname = `/${name}`;
      const server = startServerProcess(createTempDataDir(), {
        DATABASE_URL: url.toString(),
        SEED_DEMO: "false",
      });
      const health = async () =>
        (await fetch(`http://127.0.0.1:${await server.ready}/healthz`)).status;
      expect(await health()).toBe(200);

      // The database goes away under the running server: no new connections, old ones cut.
      await admin.unsafe(`alter database "${name}" allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
      await expect.poll(health, { timeout: 15_000 }).toBe(503);

      await admin.unsafe(`alter database "${name}" allow_connections true`);
      await expect.poll(health, { timeout: 15_000 }).toBe(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
