import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { recordAudit } from "../audit/audit.server.ts";
import type { AppServices } from "../context.server.ts";
import type { SessionUser } from "../users/session.server.ts";
import { writeBackupFile } from "./backup.server.ts";

/**
 * The admin's "Download backup" (issue 17): the backup is written to a temporary file first,
 * so the database snapshot (on PGlite: the one connection) is held only as long as writing
 * takes, never while a slow browser downloads; then the file is streamed and removed.
 * The download is in the audit log.
 */
export async function backupDownload(
  services: Pick<AppServices, "db" | "storage" | "databaseKind" | "logger">,
  admin: SessionUser,
  now = new Date(),
): Promise<Response> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  const name = `shop-${backupStamp(now)}.backup`;
  const file = path.join(folder, name);
  const removeFile = () => fs.rm(folder, { recursive: true, force: true }, () => {});
  try {
    const summary = await writeBackupFile(
      services.db,
      services.storage,
      services.databaseKind,
      file,
    );
    await recordAudit(
      services.db,
      { userId: admin.userId, email: admin.email },
      {
        action: "system.backup",
        entity: "system",
        details: { rows: summary.rows, files: summary.files, bytes: summary.bytes },
      },
    );
    const size = fs.statSync(file).size;
    const stream = fs.createReadStream(file);
    stream.once("close", removeFile);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Content-Length": String(size),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    removeFile();
    services.logger.error({ err: error }, "admin: backup failed");
    throw error;
  }
}

/** 2026-11-25-0612 in South African time: sorts by date in a folder of backups. */
function backupStamp(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-ZA", {
      timeZone: "Africa/Johannesburg",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}`;
}
