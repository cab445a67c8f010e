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
export const FILES_TABLE = "stored_files";
/** Kept by the database itself (triggers, counters), not by anyone's data. */
export const BOOKKEEPING_TABLES = new Set([
  "order_status_counts",
  "order_day_counts",
  "row_counts",
  "rate_limits",
]);
/**
 * Short-lived rows nobody needs back: a sign-in waiting for its two-step code for at most 10
 * minutes (decision 035), a passkey challenge for at most 5 (decision 036). Not written to a
 * backup; a restore leaves none.
 */
export const TRANSIENT_TABLES = new Set(["pending_sign_ins", "passkey_challenges"]);
export const ROWS_PER_BATCH = 500;

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

/** A record of a backup after its header, as the reader hands it on. */
export type BackupRecord =
  | { kind: "table"; name: string }
  | { kind: "row"; json: string }
  | { kind: "file"; key: string; type: string; sha256: string; data: Buffer };
