import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "#db/schema/index.ts";

/**
 * The database as domain code sees it: the same Drizzle API over PGlite or PostgreSQL.
 * A transaction (`db.transaction(tx => …)`) is also a `Database`, so domain functions
 * accept either.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The PostgreSQL connection string (absent for PGlite). */
  url?: string;
  /** The embedded client (absent for PostgreSQL); tests dump it as a template. */
  pglite?: PGlite;
  /** Raw SQL for migrations and health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** Directory for PGlite's files; `undefined` means an in-memory database (tests). */
  pgliteDir?: string;
  /** Connections per process on PostgreSQL. */
  poolSize?: number;
  /** Start PGlite from a dumped data directory (tests start from a migrated template). */
  pgliteDataDirDump?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteDataDirDump);
}

/**
 * Options every PostgreSQL client of the server shares. No `fetch_types`: postgres.js would
 * read pg_type first on each new connection and drop that query's promise, so a connection
 * cut at that moment (a restart, pg_terminate_backend, a timeout) ended the whole process
 * with an unhandled rejection and replayed the error onto the next query
 * (porsager/postgres#1192, #1223). The schema has no array columns or parameters, the only
 * thing those types are for.
 */
export const POSTGRES_CLIENT_OPTIONS = { onnotice: () => {}, fetch_types: false } as const;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const client = postgres(url, {
    ...POSTGRES_CLIENT_OPTIONS,
    max: poolSize,
    connect_timeout: 10,
    // Money stays a string ("12.50"); domain code converts to integer cents.
  });
  try {
    await client`select 1`;
  } catch (error) {
    await client.end({ timeout: 1 }).catch(() => {});
    throw new DatabaseUnavailableError(
      `cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    url,
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dir: string | undefined, dump?: Blob): Promise<DatabaseHandle> {
  let release = () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    release = lockDataDirectory(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir ? `file://${path.resolve(dir)}` : undefined, {
      extensions: { pg_trgm },
      loadDataDir: dump,
    });
  } catch (error) {
    release();
    throw new DatabaseUnavailableError(
      `cannot open the embedded database in ${dir ?? "memory"}: ${(error as Error).message}`,
    );
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite has no cross-process lock: two processes on one directory corrupt it. We keep a pid
 * file beside the data and refuse to start while its process is alive.
 */
function lockDataDirectory(dir: string): () => void {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  try {
    const holder = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseUnavailableError(
        `the embedded database in ${dir} is in use by process ${holder}; stop it first or set DATABASE_URL`,
      );
    }
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    // No lock file, or an unreadable one: take it.
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A connection string without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}
