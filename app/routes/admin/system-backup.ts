import { redirect } from "react-router";
import { backupDownload } from "#app/server/backup/download.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/system-backup";

/**
 * POST /admin/system/backup (decision 019): the whole shop (every table and image) as one
 * file, streamed as a download and recorded in the audit log. A POST, so it passes the
 * same-site check of every form: another site cannot make an admin's browser start backups.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return backupDownload(getServices(context), admin);
}

/** GET or HEAD (an old bookmark, a link checker) produce nothing: back to the System page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw redirect("/admin/system");
}
