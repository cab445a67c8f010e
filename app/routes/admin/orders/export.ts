import { csvFilename } from "#app/lib/csv.ts";
import { getServices } from "#app/server/context.server.ts";
import { csvResponse } from "#app/server/http/csv.server.ts";
import { ORDER_EXPORT_HEADER, orderExportBatches } from "#app/server/orders/order-export.server.ts";
import { parseOrderListQuery } from "#app/server/orders/order-list.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/export";

/**
 * GET /admin/orders/export.csv?q=&status=&payment=&overdue= (decisions 009 and 014): the orders
 * matching the list's search and filters, one row per order line, streamed in batches.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, logger } = getServices(context);
  const { q, status, payment, overdue } = parseOrderListQuery(new URL(request.url).searchParams);
  return csvResponse({
    filename: csvFilename("orders", new Date()),
    header: ORDER_EXPORT_HEADER,
    batches: orderExportBatches(db, { q, status, payment, overdue }),
    onError: (error) => logger.error({ err: error }, "admin: orders export failed"),
  });
}
