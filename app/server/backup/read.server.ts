import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  type BackupHeader,
  type BackupRecord,
  type BackupSummary,
  type BackupTable,
} from "./format.server.ts";

/**
 * Reads a backup file line by line, checking everything a restore relies on; calls `onRecord`
 * for each record after the header. Throws BackupFileError for anything wrong with the file.
 */
export async function readBackup(
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
