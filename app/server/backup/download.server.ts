import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { AppServices } from "../context.server.ts";
import type { SessionUser } from "../users/session.server.ts";
import { recordBackup } from "./backup-log.server.ts";
import { writeBackup } from "./write.server.ts";

/**
 * The admin's "Download backup" (decision 019), a POST from the System page. The backup is
 * written to a file first, so the database snapshot (on PGlite: the one connection) is held
 * only as long as writing takes, never while a slow browser downloads. The file lives in a
 * folder only this process's user can open (DATA_DIR/tmp, mode 0700, the file 0600) and is
 * unlinked as soon as it is open for reading: whatever happens to the response (finished,
 * aborted, never read), nothing of the buyers' data stays on disk, and the open handle goes
 * with the stream. The download is in the audit log.
 */
export async function backupDownload(
  services: Pick<AppServices, "db" | "storage" | "databaseKind" | "logger" | "env" | "clock">,
  admin: SessionUser,
): Promise<Response> {
  const now = services.clock();
  const folder = backupWorkFolder(services.env.DATA_DIR);
  const name = `shop-${backupStamp(now)}.backup`;
  const file = path.join(folder, name);
  try {
    const summary = await writeBackup(
      services.db,
      services.storage,
      services.databaseKind,
      fs.createWriteStream(file, { mode: 0o600 }),
    );
    await recordBackup(services.db, { userId: admin.userId, email: admin.email }, summary);
    const handle = await fs.promises.open(file, "r");
    const { size } = await handle.stat();
    removeFolder(folder);
    const stream = handle.createReadStream();
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Content-Length": String(size),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    removeFolder(folder);
    services.logger.error({ err: error }, "admin: backup failed");
    throw error;
  }
}

const WORK_PREFIX = "backup-download-";

/** A new private folder for one download under DATA_DIR/tmp. */
function backupWorkFolder(dataDir: string): string {
  const tmp = path.join(dataDir, "tmp");
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  return fs.mkdtempSync(path.join(tmp, WORK_PREFIX));
}

function removeFolder(folder: string) {
  fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * Removes what a download that never finished writing left behind (the process was killed
 * mid-backup). Called at start, before any request.
 */
export function removeLeftoverDownloads(dataDir: string) {
  const tmp = path.join(dataDir, "tmp");
  if (!fs.existsSync(tmp)) return;
  for (const entry of fs.readdirSync(tmp)) {
    if (entry.startsWith(WORK_PREFIX)) removeFolder(path.join(tmp, entry));
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
