import { csvFilename } from "#app/lib/csv.ts";
import {
  AUDIT_EXPORT_HEADER,
  auditExportBatches,
  parseAuditQuery,
} from "#app/server/audit/audit.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { csvResponse } from "#app/server/http/csv.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/audit-export";

/**
 * GET /admin/audit/export.csv?actor=&from=&to=: the audit log the page shows (its filters),
 * every page of it, with the actions and details as recorded (JSON), for other tools.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, logger } = getServices(context);
  return csvResponse({
    filename: csvFilename("audit-log", new Date()),
    header: AUDIT_EXPORT_HEADER,
    batches: auditExportBatches(db, parseAuditQuery(new URL(request.url).searchParams)),
    onError: (error) => logger.error({ err: error }, "admin: audit log export failed"),
  });
}
