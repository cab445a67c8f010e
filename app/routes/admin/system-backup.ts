import { backupDownload } from "#app/server/backup/download.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/system-backup";

/**
 * GET /admin/system/backup (issue 17): the whole shop (every table and image) as one file,
 * streamed as a download and recorded in the audit log; guarded like the CSV exports.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return backupDownload(getServices(context), admin);
}
