import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type Database, type DatabaseHandle, POSTGRES_CLIENT_OPTIONS } from "./client.server.ts";
import { pgErrorCode } from "./errors.server.ts";

/*
 * Applies db/migrations at start (decision 029). Drizzle's own migrator would do it, but it
 * cannot say which migration failed, nor repair a database made by a migration that was
 * rewritten after it was committed. So the loop is here, on drizzle's public
 * `readMigrationFiles`, with drizzle's table and row format (drizzle.__drizzle_migrations:
 * hash = SHA-256 of the .sql file, created_at = the journal's `when`), which keeps existing
 * databases and drizzle-kit compatible: a migration runs when its `when` is later than the
 * last recorded row's, all pending ones in one transaction.
 */

// Runs unbundled (server.ts, scripts, tests), so the path is relative to this file.
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../db/migrations", import.meta.url));

/**
 * The exit code of a start that stopped on a failed migration (sysexits' EX_CONFIG: the
 * database is in a state this release cannot migrate). kwezi.service does not restart on it
 * (RestartPreventExitStatus=78): starting again would fail the same way every 3 s.
 */
export const MIGRATION_FAILED_EXIT_CODE = 78;

export class MigrationError extends Error {
  override name = "MigrationError";
  constructor(
    message: string,
    /** The migration that failed (its tag), or null when none had started. */
    readonly migration: string | null,
    /**
     * True when the database was not reachable (a connection refused or cut, a server
     * shutting down): a later start may succeed. False when the database refused a statement:
     * the same start fails the same way until someone acts.
     */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** One committed migration, as the journal and its .sql file give it. */
export interface Migration {
  tag: string;
  /** The journal's `when` (ms): recorded as created_at; later ones run after earlier ones. */
  when: number;
  /** SHA-256 of the .sql file, as drizzle records it. */
  hash: string;
  statements: string[];
}

/** The migrations of a folder (the release's by default), in the journal's order. */
export function readMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return files.map((file, i) => ({
    tag: journal.entries[i]!.tag,
    when: file.folderMillis,
    hash: file.hash,
    statements: file.sql,
  }));
}

/**
 * Migrations that were rewritten after databases had applied them (never again: their hashes
 * are locked in db/migrations/committed.sha256). A database that recorded the earlier text
 * gets only the statements the rewrite added, and its row is brought to the rewritten
 * migration's hash and `when`; without this, drizzle's rule (`when` later than the last row)
 * ran the whole migration again and failed on its first CREATE TABLE.
 */
export const REWRITTEN_MIGRATIONS: {
  tag: string;
  was: { when: number; hash: string };
  added: string[];
}[] = [
  {
    // Committed in 295e4f3, regenerated in 5198d0f with the subscribers' lower-case address
    // (its search index moved to the generated column). Databases created in between hold
    // the first text.
    tag: "0011_admin_counts_at_scale",
    was: {
      when: 1795709008957,
      hash: "26b19ca04c8dfc7d7454c03e4e87f560c5e462cef17bd09a87a8dd1f9703cdc6",
    },
    added: [
      `DROP INDEX "newsletter_subscribers_email_trgm_idx"`,
      `ALTER TABLE "newsletter_subscribers" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower(email)) STORED`,
      `CREATE INDEX "newsletter_subscribers_email_lower_trgm_idx" ON "newsletter_subscribers" USING gin ("email_lower" gin_trgm_ops)`,
    ],
  },
];

/**
 * A schema version as a backup records it (how many migrations, the last one's `when`), with
 * a rewritten migration's earlier `when` read as the rewritten one's: its rows fit the
 * release's schema (the rewrite added a generated column and an index, which backups leave
 * out), so a backup of such a database restores into today's.
 */
export function schemaVersionAfterRepairs(
  version: { migrations: number; last: number },
  migrations: Migration[] = readMigrations(),
): { migrations: number; last: number } {
  const rewritten = REWRITTEN_MIGRATIONS.find((entry) => entry.was.when === version.last);
  const now = rewritten && migrations.find((migration) => migration.tag === rewritten.tag);
  return now ? { ...version, last: now.when } : version;
}

/** Any fixed number: the advisory lock that lets one process migrate while others wait. */
const MIGRATION_LOCK_ID = 7_311_042;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** SQLSTATE classes of a database that is away, not of a statement it refused. */
const UNREACHABLE_STATES = /^(08|57P0[1-3]|53300)/;

/** Whether the failure was the database being out of reach (a later start may succeed). */
function isUnreachable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code) return UNREACHABLE_STATES.test(code);
  // No SQLSTATE: a socket error (ECONNREFUSED, ECONNRESET, a timeout) or a closed client.
  return true;
}

const messageOf = (error: unknown) => {
  const cause = error as Error & { cause?: Error };
  return (cause.cause?.message ?? cause.message).replaceAll("\n", " ");
};

interface Recorded {
  hash: string;
  created_at: string | number;
}

async function ensureMigrationsTable(tx: Database) {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await tx.execute(sql`
    CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (
      id SERIAL PRIMARY KEY,
      hash text NOT NULL,
      created_at bigint
    )`);
}

/** Brings rows of rewritten migrations to their committed text (see REWRITTEN_MIGRATIONS). */
async function repairRewrittenMigrations(tx: Database, migrations: Migration[]) {
  for (const rewrite of REWRITTEN_MIGRATIONS) {
    const now = migrations.find((m) => m.tag === rewrite.tag);
    if (!now) continue;
    const recorded = await rows<{ id: number }>(
      tx,
      sql`select id from "drizzle"."__drizzle_migrations"
          where created_at = ${rewrite.was.when} and hash = ${rewrite.was.hash}`,
    );
    if (recorded.length === 0) continue;
    for (const statement of rewrite.added) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`update "drizzle"."__drizzle_migrations" set hash = ${now.hash}, created_at = ${now.when}
          where id = ${recorded[0]!.id}`,
    );
  }
}

/** Runs the repairs and every pending migration in `tx`; returns the tags it applied. */
async function applyPending(tx: Database, migrations: Migration[]): Promise<string[]> {
  let current: string | null = null;
  try {
    await ensureMigrationsTable(tx);
    current = "(repair of rewritten migrations)";
    await repairRewrittenMigrations(tx, migrations);
    current = null;
    const [last] = await rows<Recorded>(
      tx,
      sql`select hash, created_at from "drizzle"."__drizzle_migrations"
          order by created_at desc limit 1`,
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.when) continue;
      current = migration.tag;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at")
            values (${migration.hash}, ${migration.when})`,
      );
      applied.push(migration.tag);
    }
    return applied;
  } catch (error) {
    const transient = isUnreachable(error);
    const what = current ? `database migration ${current} failed` : "database migration failed";
    throw new MigrationError(
      `${what}: ${messageOf(error)}; nothing was applied (the migrations run in one transaction)`,
      current,
      transient,
    );
  }
}

/**
 * Applies every committed migration that has not run yet, then runs `whileLocked` (the rest of
 * start-up's writes: the ADMIN_EMAIL account, the demo catalogue). Safe to call at each start.
 * Returns the tags of the migrations it applied.
 *
 * Several app processes may start at once against one PostgreSQL: one connection holds a
 * session advisory lock through both steps, the others wait and then find nothing to do. So
 * two processes started together on an empty database seed one catalogue and create one admin.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  whileLocked: () => Promise<void> = async () => {},
  options: { migrationsFolder?: string } = {},
): Promise<string[]> {
  const migrations = readMigrations(options.migrationsFolder);
  if (handle.kind === "pglite") {
    const applied = await handle.db.transaction((tx) => applyPending(tx, migrations));
    await whileLocked();
    return applied;
  }
  const client = postgres(handle.url!, { ...POSTGRES_CLIENT_OPTIONS, max: 1 });
  try {
    let applied: string[];
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      const db = drizzle(client) as unknown as Database;
      applied = await db.transaction((tx) => applyPending(tx, migrations));
    } catch (error) {
      if (error instanceof MigrationError) throw error;
      throw new MigrationError(
        `database migration failed: ${messageOf(error)}; nothing was applied`,
        null,
        isUnreachable(error),
      );
    }
    await whileLocked();
    return applied;
  } finally {
    // Ending the connection releases the lock too; unlocking first lets a waiting process on
    // while this one closes.
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    await client.end({ timeout: 5 });
  }
}

export interface MigrationStatus {
  /** Migrations the database has recorded (by this release's names where it knows them). */
  applied: number;
  /** This release's migrations that the next start would apply, in order. */
  pending: Migration[];
  /** Rewritten migrations the next start would repair. */
  repairs: string[];
  /** Recorded rows this release does not know (a newer release migrated this database). */
  unknown: { hash: string; when: number }[];
}

/**
 * What the next start would do to the database, without changing it (not even creating the
 * migrations table): `npm run admin -- migrations status`, run from a new release before
 * switching to it.
 */
export async function migrationStatus(
  db: Database,
  options: { migrationsFolder?: string } = {},
): Promise<MigrationStatus> {
  const migrations = readMigrations(options.migrationsFolder);
  const [table] = await rows<{ name: string | null }>(
    db,
    sql`select to_regclass('"drizzle"."__drizzle_migrations"')::text as name`,
  );
  const recorded = table?.name
    ? (
        await rows<Recorded>(
          db,
          sql`select hash, created_at from "drizzle"."__drizzle_migrations" order by created_at`,
        )
      ).map((row) => ({ hash: row.hash, when: Number(row.created_at) }))
    : [];
  const repairs: string[] = [];
  let last = recorded.at(-1)?.when ?? null;
  const known = (row: { hash: string; when: number }) =>
    migrations.some((m) => m.when === row.when && m.hash === row.hash);
  for (const rewrite of REWRITTEN_MIGRATIONS) {
    const now = migrations.find((m) => m.tag === rewrite.tag);
    const old = recorded.find((r) => r.when === rewrite.was.when && r.hash === rewrite.was.hash);
    if (!now || !old) continue;
    repairs.push(rewrite.tag);
    old.hash = now.hash;
    old.when = now.when;
    last = Math.max(...recorded.map((r) => r.when));
  }
  return {
    applied: recorded.length,
    pending: migrations.filter((m) => last === null || m.when > last),
    repairs,
    unknown: recorded.filter((row) => !known(row)),
  };
}
