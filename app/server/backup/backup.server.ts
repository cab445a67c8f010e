/*
 * Backups and restores (decision 019): what the operator's commands import. The parts:
 * format.server.ts (the file's format, its records and errors), tables.server.ts (what the
 * database holds), write.server.ts (writing one; the admin's download uses it directly),
 * read.server.ts (reading and checking one) and restore.server.ts (loading one).
 */
export { BackupFileError, RestoreRefusedError } from "./format.server.ts";
export { verifyBackupFile } from "./read.server.ts";
export { restoreBackupFile } from "./restore.server.ts";
export { writeBackupFile } from "./write.server.ts";
