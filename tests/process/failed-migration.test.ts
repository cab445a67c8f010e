import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/server/db/client.server.ts";
import { MIGRATION_FAILED_EXIT_CODE } from "#app/server/db/migrate.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";
import { freePort } from "#tests/setup/nginx.ts";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";

/*
 * A migration the database refuses stops the production server with exit 78, which
 * kwezi.service does not restart (RestartPreventExitStatus=78), and one line naming the
 * migration and saying that nothing was applied (decision 029). Before, it was exit 1, and
 * the unit started it again every 3 s for ever. A database that cannot be reached is still
 * exit 1: it may be booting, and a restart may find it.
 */

afterAll(killServerProcesses);

/** Something in the way of the first migration: an operator's own table of the same name. */
const IN_THE_WAY = sql`create table categories (id integer primary key)`;

async function expectRefusedMigration(server: ReturnType<typeof startServerProcess>) {
  expect(await server.exited).toBe(MIGRATION_FAILED_EXIT_CODE);
  const lines = server.output().trim().split("\n");
  const failure = lines.filter((line) => line.startsWith("start-up failed:"));
  expect(failure).toEqual([
    expect.stringMatching(
      /^start-up failed: database migration 0000_init failed: relation "categories" already exists; nothing was applied .*Exit 78, not restarted: .*docs\/deploy\.md, section 10\)$/,
    ),
  ]);
}

describe("a migration that fails at start", () => {
  it("exits 78 on the embedded database, naming the migration; nothing is applied", async () => {
    const dataDir = createTempDataDir();
    const before = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) });
    await before.db.execute(IN_THE_WAY);
    await before.close();

    await expectRefusedMigration(startServerProcess(dataDir, { SEED_DEMO: "false" }));

    // All in one transaction: not even drizzle's table of applied migrations was left.
    const after = await openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) });
    try {
      const result = (await after.db.execute(
        sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
      )) as unknown as { rows: { name: string | null }[] };
      expect(result.rows).toEqual([{ name: null }]);
    } finally {
      await after.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("exits 78 on PostgreSQL too", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `proc_migration_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      url.pathname = `/${name}`;
      const database = postgres(url.toString(), { max: 1, onnotice: () => {} });
      await database`create table categories (id integer primary key)`;
      await database.end();
      await expectRefusedMigration(
        startServerProcess(createTempDataDir(), {
          DATABASE_URL: url.toString(),
          SEED_DEMO: "false",
        }),
      );
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it("still exits 1, to be restarted, when the database cannot be reached", async () => {
    const port = await freePort();
    const server = startServerProcess(createTempDataDir(), {
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/shop`,
      SEED_DEMO: "false",
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^start-up failed: cannot connect to PostgreSQL/m);
    expect(server.output()).not.toContain("not restarted");
  });
});
