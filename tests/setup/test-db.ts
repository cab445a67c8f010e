import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";

export const TEST_DB_KIND = (process.env.TEST_DB_KIND ?? "pglite") as "pglite" | "postgres";

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file (or one test): in-memory PGlite from the run's
 * template, or a new PostgreSQL database copied from the run's template database.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB_KIND === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject("postgresRunPrefix")}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${inject("postgresTemplate")}"`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = postgres(url, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return openDatabase({ pgliteDataDirDump: dump });
}
