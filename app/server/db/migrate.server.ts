import { fileURLToPath } from "node:url";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type DatabaseHandle, POSTGRES_CLIENT_OPTIONS } from "./client.server.ts";

// Runs unbundled (server.ts, scripts, tests), so the path is relative to this file.
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../db/migrations", import.meta.url));

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Any fixed number: the advisory lock that lets one process migrate while others wait. */
const MIGRATION_LOCK_ID = 7_311_042;

const migrationFailed = (error: unknown) => {
  const cause = error as Error & { cause?: Error };
  return new MigrationError(`database migration failed: ${cause.cause?.message ?? cause.message}`);
};

/**
 * Applies every committed migration that has not run yet, then runs `whileLocked` (the rest of
 * start-up's writes: the ADMIN_EMAIL account, the demo catalogue). Safe to call at each start.
 *
 * Several app processes may start at once against one PostgreSQL: one connection holds a
 * session advisory lock through both steps, the others wait and then find nothing to do. So
 * two processes started together on an empty database seed one catalogue and create one admin.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  whileLocked: () => Promise<void> = async () => {},
): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === "pglite") {
    try {
      await migratePglite(handle.db as unknown as PgliteDatabase, config);
    } catch (error) {
      throw migrationFailed(error);
    }
    await whileLocked();
    return;
  }
  const client = postgres(handle.url!, { ...POSTGRES_CLIENT_OPTIONS, max: 1 });
  try {
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migratePostgres(drizzle(client), config);
    } catch (error) {
      throw migrationFailed(error);
    }
    await whileLocked();
  } finally {
    // Ending the connection releases the lock too; unlocking first lets a waiting process on
    // while this one closes.
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    await client.end({ timeout: 5 });
  }
}
