import { fileURLToPath } from "node:url";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { DatabaseHandle } from "./client.server.ts";

// Runs unbundled (server.ts, scripts, tests), so the path is relative to this file.
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../db/migrations", import.meta.url));

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Any fixed number: the advisory lock that lets one process migrate while others wait. */
const MIGRATION_LOCK_ID = 7_311_042;

/** Applies every committed migration that has not run yet. Safe to call at each start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  try {
    if (handle.kind === "pglite") {
      await migratePglite(handle.db as unknown as PgliteDatabase, config);
      return;
    }
    // Several app processes may start at once against one PostgreSQL: one connection holds a
    // session advisory lock while it migrates, the others wait and then find nothing to do.
    const client = postgres(handle.url!, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migratePostgres(drizzle(client), config);
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    } finally {
      await client.end({ timeout: 5 });
    }
  } catch (error) {
    const cause = error as Error & { cause?: Error };
    throw new MigrationError(`database migration failed: ${cause.cause?.message ?? cause.message}`);
  }
}
