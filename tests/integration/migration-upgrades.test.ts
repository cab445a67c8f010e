import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { restoreBackupFile, writeBackupFile } from "#app/server/backup/backup.server.ts";
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  POSTGRES_CLIENT_OPTIONS,
} from "#app/server/db/client.server.ts";
import { migrateDatabase, REWRITTEN_MIGRATIONS } from "#app/server/db/migrate.server.ts";
import { loadEnv } from "#app/server/env.server.ts";
import { createStorage } from "#app/server/storage/storage.server.ts";
import { TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * Every earlier state of db/migrations upgrades to the working tree's (decision 029). For each
 * commit that changed the folder, found with git now: an empty database migrated by drizzle's
 * own migrator from that commit's folder (as that commit's app did), a row written, then the
 * app's migrateDatabase; the row must survive and the schema must equal a fresh database's.
 * 0011 was rewritten after it was committed: databases of the commits in between failed
 * every start with `relation "row_counts" already exists` until the repair step.
 */

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

function historyOrSkipReason(): { commits: string[] } | { skip: string } {
  try {
    if (git("rev-parse", "--is-shallow-repository") === "true") {
      return {
        skip: "a shallow clone has no history of db/migrations: git fetch --unshallow to run it",
      };
    }
    const commits = git("log", "--reverse", "--format=%h", "--", "db/migrations")
      .split("\n")
      .filter(Boolean);
    return commits.length ? { commits } : { skip: "git knows no commit of db/migrations" };
  } catch (error) {
    return { skip: `no git history here (${(error as Error).message.split("\n")[0]})` };
  }
}
const history = historyOrSkipReason();
const commits = "commits" in history ? history.commits : [];

/** That commit's db/migrations, extracted into a temp folder. */
function migrationsAt(commit: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-${commit}-`));
  // The folder's snapshots passed the default 1 MB output buffer with migration 0017.
  const tar = execFileSync("git", ["archive", "--format=tar", commit, "db/migrations"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  return path.join(dir, "db/migrations");
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A new embedded database, created once for the file and dumped: opening a copy of the dump
 * takes under a second, creating one (PGlite's initdb) three to four.
 */
let emptyPgliteDump: Promise<Blob> | undefined;
async function emptyPglite(): Promise<DatabaseHandle> {
  emptyPgliteDump ??= openDatabase({}).then(async (handle) => {
    const dump = await handle.pglite!.dumpDataDir("none");
    await handle.close();
    return dump;
  });
  return openDatabase({ pgliteDataDirDump: await emptyPgliteDump });
}

/** An empty database of this run's kind; dropped (PostgreSQL) after the file. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB_KIND !== "postgres") return emptyPglite();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${inject("postgresRunPrefix")}_up_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  cleanups.push(async () => {
    await handle.close().catch(() => {});
    const dropper = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await dropper.unsafe(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  return handle;
}

/** drizzle's own migrator on `folder`: what the app of that commit ran at start. */
async function migrateWithDrizzle(handle: DatabaseHandle, folder: string) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = postgres(handle.url!, { ...POSTGRES_CLIENT_OPTIONS, max: 1 });
  try {
    await migratePostgres(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** What a schema is made of: columns, indexes, constraints, triggers, functions, migrations. */
async function schemaOf(db: Database) {
  return {
    columns: await rows(
      db,
      sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default,
            is_generated, generation_expression
          from information_schema.columns where table_schema in ('public', 'drizzle')
          order by table_schema, table_name, column_name`,
    ),
    indexes: await rows(
      db,
      sql`select schemaname, tablename, indexname, indexdef from pg_indexes
          where schemaname in ('public', 'drizzle') order by schemaname, tablename, indexname`,
    ),
    constraints: await rows(
      db,
      sql`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as def
          from pg_constraint where connamespace = 'public'::regnamespace
          order by 1, 2`,
    ),
    triggers: await rows(
      db,
      sql`select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(oid) as def
          from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await rows(
      db,
      sql`select proname, pg_get_functiondef(oid) as def from pg_proc
          where pronamespace = 'public'::regnamespace and prokind = 'f' order by 1`,
    ),
    migrations: await rows(
      db,
      sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`,
    ),
  };
}

let fresh: Awaited<ReturnType<typeof schemaOf>>;

describe("upgrading from every committed state of db/migrations", () => {
  if ("skip" in history) {
    it("needs the history of db/migrations", ({ skip }) => skip(history.skip));
    return;
  }

  beforeAll(async () => {
    const handle = await emptyDatabase();
    try {
      await migrateDatabase(handle);
      fresh = await schemaOf(handle.db);
    } finally {
      if (handle.kind === "pglite") await handle.close();
    }
  }, 60_000);

  it.each(commits)(
    "from %s: keeps its rows and ends with a fresh database's schema",
    {
      timeout: 60_000,
    },
    async (commit) => {
      const folder = migrationsAt(commit);
      const handle = await emptyDatabase();
      try {
        await migrateWithDrizzle(handle, folder);
        const name = `Upgraded from ${commit}`;
        // categories has had an id and a name since the first migration.
        await handle.db.execute(sql`insert into categories (name) values (${name})`);

        await migrateDatabase(handle);

        const kept = await rows<{ name: string }>(
          handle.db,
          sql`select name from categories where name = ${name}`,
        );
        expect(kept).toEqual([{ name }]);
        expect(await schemaOf(handle.db)).toEqual(fresh);
        // And a second start finds nothing to do.
        expect(await migrateDatabase(handle)).toEqual([]);
      } finally {
        if (handle.kind === "pglite") await handle.close();
      }
    },
  );
});

describe("a backup of a database that recorded a rewritten migration", () => {
  if ("skip" in history) {
    it("needs the history of db/migrations", ({ skip }) => skip(history.skip));
    return;
  }

  it("restores into the release of the rewrite, as a backup of that schema", {
    timeout: 60_000,
  }, async () => {
    // The first commit whose journal records 0011 with its earlier `when`, and the first
    // with the rewritten one (the release such a backup is restored with, then upgraded).
    const [rewrite] = REWRITTEN_MIGRATIONS;
    const journalAt = (c: string) => git("show", `${c}:db/migrations/meta/_journal.json`);
    const commit = commits.find((c) => journalAt(c).includes(String(rewrite!.was.when)));
    const rewrittenIn = commits.find(
      (c) =>
        c !== commit &&
        journalAt(c).includes(`"${rewrite!.tag}"`) &&
        !journalAt(c).includes(String(rewrite!.was.when)),
    );
    expect(commit, "a commit with the first text of the rewritten migration").toBeDefined();
    expect(rewrittenIn, "the commit that rewrote it").toBeDefined();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rewritten-backup-"));
    const storage = createStorage(
      loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32) }),
    );
    const file = path.join(dataDir, "old.backup");
    const old = await emptyDatabase();
    try {
      await migrateWithDrizzle(old, migrationsAt(commit!));
      await old.db.execute(sql`insert into categories (name) values ('Kept across the rewrite')`);
      await old.db.execute(
        sql`insert into newsletter_subscribers (email) values ('Reader@Example.co.za')`,
      );
      await writeBackupFile(old.db, storage, old.kind, file);
    } finally {
      if (old.kind === "pglite") await old.close();
    }

    const today = await emptyDatabase();
    try {
      await migrateWithDrizzle(today, migrationsAt(rewrittenIn!));
      await restoreBackupFile(today.db, storage, file);
      // …and that database upgrades with its rows to today's release.
      await migrateDatabase(today);
      expect(
        await rows(
          today.db,
          sql`select name from categories where name = 'Kept across the rewrite'`,
        ),
      ).toHaveLength(1);
      // The column the rewrite added is filled in for the restored row.
      expect(await rows(today.db, sql`select email_lower from newsletter_subscribers`)).toEqual([
        { email_lower: "reader@example.co.za" },
      ]);
    } finally {
      if (today.kind === "pglite") await today.close();
    }
  });
});
