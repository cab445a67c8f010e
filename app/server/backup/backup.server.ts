import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import { notifyCatalogChanged } from "../catalog/catalog-events.server.ts";
import type { Database } from "../db/client.server.ts";
import { schemaVersionAfterRepairs } from "../db/migrate.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";

/*
 * One file holds everything a shop owns (decision 019): every row of every table
 * and every uploaded file, whichever storage holds them. It is gzip-compressed JSON lines:
 *
 *   {"format":"kwezi-shop-backup","version":1,...,"tables":[{name,columns,rows}],"files":n}
 *   {"table":"categories"}        then one line per row: PostgreSQL's row_to_json
 *   {"file":"products/<hash>-320.webp","type":"image/webp","sha256":"…","data":"<base64>"}
 *   {"end":true,"lines":n,"sha256":"…"}   the SHA-256 of every byte before this line
 *
 * A backup is read from one snapshot (a REPEATABLE READ transaction; on PGlite, which runs one
 * transaction at a time, nothing else writes meanwhile). A restore checks the whole file
 * first (gzip, format, version, every file's hash, the checksum) and then loads it in one
 * transaction: it succeeds entirely or changes nothing.
 */

export const BACKUP_FORMAT = "kwezi-shop-backup";
export const BACKUP_VERSION = 1;

/** The stored_files table travels as the files section, not as rows. */
const FILES_TABLE = "stored_files";
/** Kept by the database itself (triggers, counters), not by anyone's data. */
const BOOKKEEPING_TABLES = new Set([
  "order_status_counts",
  "order_day_counts",
  "row_counts",
  "rate_limits",
]);
const ROWS_PER_BATCH = 500;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: "pglite" | "postgres";
  /** The schema the rows fit: how many migrations, and the last one's timestamp. */
  schema: { migrations: number; last: number };
  tables: BackupTable[];
  files: number;
}

export interface BackupSummary {
  header: BackupHeader;
  rows: number;
  files: number;
  bytes: number;
}

/** A backup file that cannot be restored; `message` says why, in words for the operator. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/** Restoring would overwrite a shop (or the backup is for another schema version). */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The application's tables, parents before children (foreign keys), and their columns. */
export async function listTables(db: Database): Promise<{ name: string; columns: string[] }[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`select ch.relname as child, pa.relname as parent from pg_constraint k
        join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column" from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = '' order by c.relname, a.attnum`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables.map((t) => t.name));
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (name) => !links.some((l) => l.child === name && pending.has(l.parent)),
    );
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle");
    for (const name of ready.sort()) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
  }));
}

/** The migrations applied to this database (drizzle's journal). */
export async function schemaVersion(db: Database): Promise<{ migrations: number; last: number }> {
  const [row] = await rows<{ n: string | number; last: string | number | null }>(
    db,
    sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return { migrations: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
}

/** Writes lines to a gzip stream, hashing the uncompressed bytes, with backpressure. */
class LineWriter {
  private readonly hash = crypto.createHash("sha256");
  private readonly gzip = zlib.createGzip({ level: 6 });
  lines = 0;
  readonly done: Promise<void>;
  constructor(out: NodeJS.WritableStream) {
    this.done = pipeline(this.gzip, out as Writable);
    // Awaited by end(); a failure before then is the backup's own error.
    this.done.catch(() => {});
  }
  async write(line: string) {
    const bytes = Buffer.from(`${line}\n`, "utf8");
    this.hash.update(bytes);
    this.lines += 1;
    if (!this.gzip.write(bytes)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.gzip.once("drain", () => {
          this.gzip.off("error", onError);
          resolve();
        });
        this.gzip.once("error", onError);
      });
    }
  }
  async end() {
    const trailer = JSON.stringify({
      end: true,
      lines: this.lines,
      sha256: this.hash.digest("hex"),
    });
    this.gzip.end(`${trailer}\n`);
    await this.done;
  }
}

/**
 * Writes a backup of `db` and `storage` to `out` from one consistent snapshot. The caller
 * owns `out` (a file, a response); it is ended when the backup is complete.
 */
export async function writeBackup(
  db: Database,
  storage: FileStorage,
  source: "pglite" | "postgres",
  out: NodeJS.WritableStream,
): Promise<BackupSummary> {
  const writer = new LineWriter(out);
  try {
    return await db.transaction(
      async (tx) => {
        const tables = (await listTables(tx)).filter((t) => t.name !== FILES_TABLE);
        const counted: BackupTable[] = [];
        for (const table of tables) {
          const [row] = await rows<{ n: string | number }>(
            tx,
            sql`select count(*) as n from ${ident(table.name)}`,
          );
          counted.push({ ...table, rows: Number(row?.n ?? 0) });
        }
        const keys = await storage.list(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          source,
          schema: await schemaVersion(tx),
          tables: counted,
          files: keys.length,
        };
        await writer.write(JSON.stringify(header));
        let total = 0;
        for (const table of counted) {
          await writer.write(JSON.stringify({ table: table.name }));
          // Keyset over the physical row address: stable inside the snapshot, no sort.
          let after = "(0,0)";
          for (;;) {
            const batch = await rows<{ at: string; row: string }>(
              tx,
              sql`select ctid::text as at, row_to_json(t)::text as row from ${ident(table.name)} t
                  where ctid > ${after}::tid order by ctid limit ${ROWS_PER_BATCH}`,
            );
            for (const { row } of batch) await writer.write(row);
            total += batch.length;
            if (batch.length < ROWS_PER_BATCH) break;
            after = batch.at(-1)!.at;
          }
        }
        let bytes = 0;
        for (const key of keys) {
          const file = await storage.read(tx, key);
          if (!file) continue; // removed by a collect that ran meanwhile (disk storage)
          bytes += file.body.byteLength;
          await writer.write(
            JSON.stringify({
              file: key,
              type: file.contentType,
              sha256: file.sha256,
              data: Buffer.from(file.body).toString("base64"),
            }),
          );
        }
        await writer.end();
        return { header, rows: total, files: keys.length, bytes };
      },
      source === "postgres"
        ? { isolationLevel: "repeatable read", accessMode: "read only" }
        : undefined,
    );
  } catch (error) {
    (out as Writable).destroy?.(error as Error);
    throw error;
  }
}

/** Writes a backup to `file` (beside it first, then renamed: never half a backup). */
export async function writeBackupFile(
  db: Database,
  storage: FileStorage,
  source: "pglite" | "postgres",
  file: string,
): Promise<BackupSummary> {
  const temporary = path.join(
    path.dirname(path.resolve(file)),
    `.${path.basename(file)}.${crypto.randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    const summary = await writeBackup(db, storage, source, fs.createWriteStream(temporary));
    fs.renameSync(temporary, file);
    return summary;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

type BackupRecord =
  | { kind: "table"; name: string }
  | { kind: "row"; json: string }
  | { kind: "file"; key: string; type: string; sha256: string; data: Buffer };

/**
 * Reads a backup file line by line, checking everything a restore relies on; calls `onRecord`
 * for each record after the header. Throws BackupFileError for anything wrong with the file.
 */
async function readBackup(
  file: string,
  onHeader: (header: BackupHeader) => Promise<void> | void,
  onRecord: (record: BackupRecord) => Promise<void>,
): Promise<BackupSummary> {
  const hash = crypto.createHash("sha256");
  let header: BackupHeader | undefined;
  let trailer: { end: true; lines: number; sha256: string } | undefined;
  let lines = 0;
  let rowCount = 0;
  let files = 0;
  let bytes = 0;
  let table: BackupTable | undefined;
  let tableRows = 0;
  const closeTable = () => {
    if (table && tableRows !== table.rows) {
      throw new BackupFileError(
        `table ${table.name} has ${tableRows} rows in the file but ${table.rows} in its header`,
      );
    }
  };

  const handleLine = async (raw: Buffer) => {
    if (trailer) throw new BackupFileError("there is data after the end of the backup");
    const text = raw.toString("utf8");
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BackupFileError(`line ${lines + 1} is not valid JSON`);
    }
    if (!header) {
      if (value.format !== BACKUP_FORMAT) {
        throw new BackupFileError("this is not a backup of this site (unknown format)");
      }
      if (value.version !== BACKUP_VERSION) {
        throw new BackupFileError(
          `backup format version ${String(value.version)} is not supported (this version reads ${BACKUP_VERSION})`,
        );
      }
      header = value as unknown as BackupHeader;
      await onHeader(header);
    } else if (value.end === true) {
      closeTable();
      trailer = value as unknown as typeof trailer;
      return; // not hashed: it holds the hash
    } else if (typeof value.table === "string" && Object.keys(value).length === 1) {
      closeTable();
      table = header.tables.find((t) => t.name === value.table);
      if (!table) throw new BackupFileError(`table ${String(value.table)} is not in the header`);
      tableRows = 0;
      await onRecord({ kind: "table", name: table.name });
    } else if (typeof value.file === "string") {
      closeTable();
      table = undefined;
      const data = Buffer.from(String(value.data ?? ""), "base64");
      if (crypto.createHash("sha256").update(data).digest("hex") !== value.sha256) {
        throw new BackupFileError(`the file ${value.file} in the backup is damaged`);
      }
      files += 1;
      bytes += data.byteLength;
      await onRecord({
        kind: "file",
        key: value.file,
        type: String(value.type),
        sha256: String(value.sha256),
        data,
      });
    } else {
      if (!table) throw new BackupFileError(`line ${lines + 1} is a row outside any table`);
      tableRows += 1;
      rowCount += 1;
      await onRecord({ kind: "row", json: text });
    }
    hash.update(raw);
    hash.update("\n");
    lines += 1;
  };

  let pending: Buffer = Buffer.alloc(0);
  let failure: unknown;
  try {
    await pipeline(
      fs.createReadStream(file),
      zlib.createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
          let newline = pending.indexOf(0x0a);
          while (newline !== -1) {
            try {
              await handleLine(pending.subarray(0, newline));
            } catch (error) {
              // The pipeline reports an abort; the reason is this.
              failure = error;
              throw error;
            }
            pending = pending.subarray(newline + 1);
            newline = pending.indexOf(0x0a);
          }
        }
      },
    );
  } catch (caught) {
    if (failure !== undefined) throw failure;
    const error = caught;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupFileError(`there is no file ${file}`);
    if (code?.startsWith("Z_") || code === "ERR_ZLIB") {
      throw new BackupFileError(
        `the file is damaged or incomplete (${(error as Error).message}); was it copied completely?`,
      );
    }
    throw error;
  }
  if (!header) throw new BackupFileError("the file is empty");
  if (pending.length > 0 || !trailer) {
    throw new BackupFileError("the file is incomplete: its end record is missing");
  }
  if (trailer.lines !== lines || trailer.sha256 !== hash.digest("hex")) {
    throw new BackupFileError("the checksum does not match: the file is damaged");
  }
  if (files !== header.files) {
    throw new BackupFileError(
      `the backup holds ${files} files but its header says ${header.files}`,
    );
  }
  return { header, rows: rowCount, files, bytes };
}

/** Checks a backup file completely without touching any database. */
export function verifyBackupFile(file: string): Promise<BackupSummary> {
  return readBackup(
    file,
    () => {},
    async () => {},
  );
}

/** Rows in tables that hold a shop's data (not counters), and stored files. */
export async function shopContents(db: Database, storage: FileStorage) {
  let rowCount = 0;
  for (const table of await listTables(db)) {
    if (BOOKKEEPING_TABLES.has(table.name) || table.name === FILES_TABLE) continue;
    const [row] = await rows<{ n: string | number }>(
      db,
      sql`select count(*) as n from (select 1 from ${ident(table.name)} limit 1) t`,
    );
    rowCount += Number(row?.n ?? 0);
  }
  return { rows: rowCount, files: (await storage.list(db)).length };
}

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
        if (BOOKKEEPING_TABLES.has(name)) await tx.execute(sql`delete from ${ident(name)}`);
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
