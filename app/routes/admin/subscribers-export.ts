import { csvFilename } from "#app/lib/csv.ts";
import { getServices } from "#app/server/context.server.ts";
import { csvResponse } from "#app/server/http/csv.server.ts";
import {
  parseSubscriberListQuery,
  SUBSCRIBER_EXPORT_HEADER,
  subscriberExportBatches,
} from "#app/server/newsletter/admin-subscribers.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/subscribers-export";

/**
 * GET /admin/subscribers/export.csv?q=&state= (decision 009): the subscribers matching the
 * search and the state filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, logger } = getServices(context);
  const { q, state } = parseSubscriberListQuery(new URL(request.url).searchParams);
  return csvResponse({
    filename: csvFilename("subscribers", new Date()),
    header: SUBSCRIBER_EXPORT_HEADER,
    batches: subscriberExportBatches(db, { q, state }),
    onError: (error) => logger.error({ err: error }, "admin: subscribers export failed"),
  });
}
