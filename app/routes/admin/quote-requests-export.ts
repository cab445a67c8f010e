import { parseQuoteRequestListQuery } from "#app/lib/admin-list-queries.ts";
import { csvFilename } from "#app/lib/csv.ts";
import { getServices } from "#app/server/context.server.ts";
import { csvResponse } from "#app/server/http/csv.server.ts";
import {
  QUOTE_REQUEST_EXPORT_HEADER,
  quoteRequestExportBatches,
} from "#app/server/inquiries/quote-request-export.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/quote-requests-export";

/**
 * GET /admin/quote-requests/export.csv?q=&resolved=1 (decision 009): the requests and messages
 * the list shows (its search, and resolved ones only when they are shown).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, logger } = getServices(context);
  const { q, showResolved } = parseQuoteRequestListQuery(new URL(request.url).searchParams);
  return csvResponse({
    filename: csvFilename("quote-requests", new Date()),
    header: QUOTE_REQUEST_EXPORT_HEADER,
    batches: quoteRequestExportBatches(db, { q, showResolved }),
    onError: (error) => logger.error({ err: error }, "admin: quote requests export failed"),
  });
}
