import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLI_ACTOR } from "#app/server/audit/audit.server.ts";
import {
  BackupFileError,
  RestoreRefusedError,
  restoreBackupFile,
  verifyBackupFile,
  writeBackupFile,
} from "#app/server/backup/backup.server.ts";
import { recordBackup } from "#app/server/backup/backup-log.server.ts";
import {
  type DatabaseHandle,
  DatabaseUnavailableError,
  openDatabase,
  redactUrl,
} from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { type Env, pgliteDirectory } from "#app/server/env.server.ts";
import { createDatabaseStorage, createStorage } from "#app/server/storage/storage.server.ts";
import type { CliIo } from "./lib/cli-io.ts";

/*
 * `npm run admin -- backup <file> | restore <file> [--force] | copy-to <postgres-url> [--force]
 * | verify <file>` (decision 019). Each opens the configured database itself: on
 * PGlite the running server holds it, so backup points to the admin's download and restore
 * asks to stop it. `verify` opens no database at all.
 */

export const BACKUP_COMMANDS = new Set(["backup", "restore", "copy-to", "verify"]);

export const BACKUP_USAGE = `  backup <file>     Write the whole shop (every table and every image) to one file.
                    On the embedded database while the server runs: use the admin's
                    System page (Download backup) instead, or stop the server first.
  restore <file> [--force]
                    Load a backup into the configured database (migrated first). Refused
                    when it already holds a shop, unless --force (which replaces it).
  copy-to <postgres-url> [--force]
                    Copy this shop (rows and images) into a PostgreSQL database, e.g. to
                    move from the embedded database to PostgreSQL (README).
  verify <file>     Check a backup file completely (every row, image and the checksum)
                    without touching any database: after copying it, and in restore drills.`;

async function openConfigured(env: Env, purpose: string): Promise<DatabaseHandle> {
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.DATABASE_URL ? undefined : pgliteDirectory(env),
    });
  } catch (error) {
    if (error instanceof DatabaseUnavailableError && /in use by process/.test(error.message)) {
      throw new Error(`${error.message.replace(/; stop it first.*$/, "")}. ${purpose}`);
    }
    throw error;
  }
}

const describeSummary = (s: { rows: number; files: number; bytes: number }) =>
  `${s.rows} rows and ${s.files} files (${(s.bytes / 1024 / 1024).toFixed(1)} MB of images)`;

/** `readEnv` is called only by the commands that open a database (`verify` reads a file). */
export async function runBackupCommand(
  argv: string[],
  readEnv: () => Env,
  io: CliIo,
): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith("--")));
  const [target] = rest.filter((a) => !a.startsWith("--"));
  const unknown = [...flags].filter(
    (f) => f !== "--force" || command === "backup" || command === "verify",
  );
  if (unknown.length > 0) {
    io.err(`Unknown option ${unknown[0]} for ${command}`);
    return 2;
  }
  if (!target) {
    io.err(`${command} needs ${command === "copy-to" ? "a postgres:// URL" : "a file name"}`);
    return 2;
  }
  const force = flags.has("--force");
  try {
    if (command === "verify") {
      const summary = await verifyBackupFile(target);
      io.out(
        `${target} is complete: ${describeSummary(summary)}, made ${summary.header.createdAt} on ${summary.header.source === "postgres" ? "PostgreSQL" : "the embedded database"}.`,
      );
      return 0;
    }
    const env = readEnv();
    if (command === "backup") {
      const handle = await openConfigured(
        env,
        "A backup of a running embedded database is made by the server: sign in to the admin, open System and choose Download backup (or stop the server and run this again).",
      );
      try {
        await migrateDatabase(handle);
        const summary = await writeBackupFile(handle.db, createStorage(env), handle.kind, target);
        // In the audit log, as the admin's download is: the System page warns when the last
        // backup is over a day old, and the nightly one on PostgreSQL is this command.
        await recordBackup(handle.db, CLI_ACTOR, summary);
        io.out(`Wrote ${target}: ${describeSummary(summary)}.`);
        return 0;
      } finally {
        await handle.close();
      }
    }
    if (command === "restore") {
      const handle = await openConfigured(env, "Stop the server, then restore.");
      try {
        await migrateDatabase(handle);
        const summary = await restoreBackupFile(handle.db, createStorage(env), target, { force });
        io.out(`Restored ${describeSummary(summary)} from ${target}.`);
        return 0;
      } finally {
        await handle.close();
      }
    }
    // copy-to
    if (!/^postgres(ql)?:\/\//.test(target)) {
      io.err("copy-to needs a postgres:// or postgresql:// URL");
      return 2;
    }
    if (env.DATABASE_URL && redactUrl(env.DATABASE_URL) === redactUrl(target)) {
      io.err("copy-to needs another database than the configured one");
      return 2;
    }
    const source = await openConfigured(env, "Stop the server, then copy.");
    const file = path.join(
      os.tmpdir(),
      `shop-copy-${process.pid}-${crypto.randomBytes(4).toString("hex")}.backup`,
    );
    try {
      await migrateDatabase(source);
      await writeBackupFile(source.db, createStorage(env), source.kind, file);
      const destination = await openDatabase({ databaseUrl: target, poolSize: 2 });
      try {
        await migrateDatabase(destination);
        // Images go into the database: every app process on PostgreSQL sees them (015).
        const summary = await restoreBackupFile(destination.db, createDatabaseStorage(), file, {
          force,
        });
        io.out(`Copied ${describeSummary(summary)} to ${redactUrl(target)}.`);
        io.out(
          "Next: stop the old server, set DATABASE_URL to that URL (FILE_STORAGE unset or database), and start the site.",
        );
        return 0;
      } finally {
        await destination.close();
      }
    } finally {
      fs.rmSync(file, { force: true });
      await source.close();
    }
  } catch (error) {
    if (error instanceof BackupFileError) {
      io.err(
        `The backup ${target} cannot be restored: ${error.message}.${command === "verify" ? "" : " Nothing was changed."}`,
      );
      return 1;
    }
    if (error instanceof RestoreRefusedError) {
      io.err(`Refused: ${error.message}. Nothing was changed.`);
      return 1;
    }
    throw error;
  }
}
