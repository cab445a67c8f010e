import { desc, eq } from "drizzle-orm";
import { auditLog } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Every backup taken, by the admin's Download backup or by `npm run admin -- backup` (which
 * the nightly kwezi-backup runs on PostgreSQL), is in the audit log: that is where the System
 * page looks for the last one (docs/deploy.md, section 7).
 */

const BACKUP_ACTION = "system.backup";

export async function recordBackup(
  db: Database,
  actor: AuditActor,
  summary: { rows: number; files: number; bytes: number },
) {
  await recordAudit(db, actor, {
    action: BACKUP_ACTION,
    entity: "system",
    details: { rows: summary.rows, files: summary.files, bytes: summary.bytes },
  });
}

/**
 * When the last backup was taken, or null. Read newest first along the log's date index, so
 * it stops at the first backup it meets: with nightly backups, within a day's records.
 */
export async function lastBackupAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.action, BACKUP_ACTION))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.at ?? null;
}
