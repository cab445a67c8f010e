import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import type { FileStorage } from "../storage/storage.server.ts";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupSummary,
  type BackupTable,
  FILES_TABLE,
  ROWS_PER_BATCH,
  TRANSIENT_TABLES,
} from "./format.server.ts";
import { ident, listTables, rows, schemaVersion } from "./tables.server.ts";

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
        const tables = (await listTables(tx)).filter(
          (t) => t.name !== FILES_TABLE && !TRANSIENT_TABLES.has(t.name),
        );
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
