import { sql } from "drizzle-orm";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import type { Database } from "../db/client.server.ts";
import { schemaVersionAfterRepairs } from "../db/migrate.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import {
  BackupFileError,
  type BackupHeader,
  type BackupSummary,
  type BackupTable,
  BOOKKEEPING_TABLES,
  RestoreRefusedError,
  ROWS_PER_BATCH,
  TRANSIENT_TABLES,
} from "./format.server.ts";
import { readBackup, verifyBackupFile } from "./read.server.ts";
import { ident, listTables, schemaVersion, shopContents } from "./tables.server.ts";

/**
 * Restores a backup into `db` (migrated to the same schema) and `storage`, in one
 * transaction. Refuses a database that holds a shop unless `force` (which replaces it), and
 * a backup of another schema version. The file is checked completely before anything changes.
 */
export async function restoreBackupFile(
  db: Database,
  storage: FileStorage,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupSummary> {
  const checked = await verifyBackupFile(file);
  const target = await schemaVersion(db);
  // A backup of a database that recorded a migration before it was rewritten (decision 029).
  const from = schemaVersionAfterRepairs(checked.header.schema);
  if (from.last !== target.last || from.migrations !== target.migrations) {
    throw new RestoreRefusedError(
      from.last > target.last
        ? `the backup was made by a newer version of the site (${from.migrations} migrations, this one has ${target.migrations}): upgrade first`
        : // Also what rolling back an upgrade meets: this database already has the new schema.
          `the backup was made by an older version of the site (${from.migrations} migrations, this database has ${target.migrations}): restore it into an empty database with the version that made it, then upgrade (rolling back an upgrade: docs/deploy.md, section 10)`,
    );
  }
  const existing = await shopContents(db, storage);
  if (!options.force && (existing.rows > 0 || existing.files > 0)) {
    throw new RestoreRefusedError(
      `the target already holds a shop (${existing.rows > 0 ? "rows" : "files"}): restore into an empty database, or pass --force to replace it`,
    );
  }
  // Files on disk are outside the transaction: what was there before, to put things back.
  const keysBefore = new Set(storage.kind === "disk" ? await storage.list(db) : []);
  const restoredKeys = new Set<string>();

  const restoring = db.transaction(async (tx) => {
    const tables = (await listTables(tx)).map((t) => t.name);
    // Counters kept by triggers are restored as they were, not recounted on top.
    for (const name of tables) {
      await tx.execute(sql`alter table ${ident(name)} disable trigger user`);
    }
    if (options.force) {
      await tx.execute(sql`truncate ${sql.join(tables.map(ident), sql`, `)}`);
    } else {
      const now = await shopContents(tx, storage);
      if (now.rows > 0 || now.files > 0) {
        throw new RestoreRefusedError("the target received data meanwhile; nothing was restored");
      }
      // An emptied shop's counters may still hold rows (of zero): the backup's replace them.
      for (const name of tables) {
        if (BOOKKEEPING_TABLES.has(name) || TRANSIENT_TABLES.has(name)) {
          await tx.execute(sql`delete from ${ident(name)}`);
        }
      }
    }
    let table: BackupTable | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const columns = sql.join(table.columns.map(ident), sql`, `);
      await tx.execute(
        sql`insert into ${ident(table.name)} (${columns})
            select ${columns} from json_populate_recordset(null::${ident(table.name)}, ${`[${batch.join(",")}]`}::json)`,
      );
      batch = [];
    };
    let header: BackupHeader | undefined;
    const result = await readBackup(
      file,
      (h) => {
        header = h;
        // The same file as checked: a file replaced meanwhile fails its checksum at the end.
        if (h.createdAt !== checked.header.createdAt) {
          throw new BackupFileError("the backup file changed while it was being restored");
        }
      },
      async (record) => {
        if (record.kind === "table") {
          await flush();
          table = header!.tables.find((t) => t.name === record.name);
          if (!tables.includes(record.name)) {
            throw new RestoreRefusedError(`this database has no table ${record.name}`);
          }
        } else if (record.kind === "row") {
          batch.push(record.json);
          if (batch.length >= ROWS_PER_BATCH) await flush();
        } else {
          await flush();
          table = undefined;
          await storage.put(tx, record.key, record.data, record.type);
          restoredKeys.add(record.key);
        }
      },
    );
    await flush();
    for (const name of tables) {
      await tx.execute(sql`alter table ${ident(name)} enable trigger user`);
    }
    // Any process on this database shows the restored catalogue, not its cached pages.
    await notifyCatalogChanged(tx);
    return result;
  });
  let summary: BackupSummary;
  try {
    summary = await restoring;
  } catch (error) {
    // The rows rolled back; the files this restore added to the disk go too, so a failed
    // restore leaves the target as it was (decision 019).
    for (const key of restoredKeys) {
      if (!keysBefore.has(key)) await storage.delete(db, key).catch(() => {});
    }
    throw error;
  }
  // Files of the replaced shop that the backup does not have (disk only: rows went with it).
  if (options.force) {
    for (const key of keysBefore) {
      if (!restoredKeys.has(key)) await storage.delete(db, key);
    }
  }
  return summary;
}
