import { type AnyColumn, and, sql } from "drizzle-orm";
import { serviceDisplayLabel } from "#app/lib/quote-requests.ts";
import { contactRequests } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import {
  QUOTE_REQUEST_COLUMNS,
  quoteRequestFilterCondition,
  REQUESTS_NEWEST_FIRST,
} from "./admin-quote-requests.server.ts";

/*
 * The quote requests' CSV export (/admin/quote-requests/export): the rows the list's search
 * and filter show, newest first, read in keyset batches so that a long list streams.
 */

export const QUOTE_REQUEST_EXPORT_HEADER = [
  "Date (SAST)",
  "Name",
  "Email",
  "Phone",
  "Service",
  "Message",
  "Status",
  "Replied (SAST)",
  "Reply",
] as const;

export const QUOTE_REQUEST_EXPORT_BATCH_SIZE = 500;

const localTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI:SS')`;

function quoteRequestExportBatch(
  db: Database,
  filters: { q: string | null; showResolved: boolean },
  after: { at: string; id: string } | null,
  batchSize: number,
) {
  const keyset = after
    ? sql`(${contactRequests.createdAt}, ${contactRequests.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      ...QUOTE_REQUEST_COLUMNS,
      created: localTime(contactRequests.createdAt),
      replied: localTime(contactRequests.repliedAt),
      at: sql<string>`${contactRequests.createdAt}::text`,
    })
    .from(contactRequests)
    .where(and(quoteRequestFilterCondition(filters), keyset))
    .orderBy(...REQUESTS_NEWEST_FIRST)
    .limit(batchSize);
}

/** The requests matching the page's search and filter, newest first, in keyset batches. */
export async function* quoteRequestExportBatches(
  db: Database,
  filters: { q: string | null; showResolved: boolean },
  batchSize = QUOTE_REQUEST_EXPORT_BATCH_SIZE,
): AsyncGenerator<string[][]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await quoteRequestExportBatch(db, filters, after, batchSize);
    if (batch.length === 0) return;
    yield batch.map((row) => [
      row.created,
      row.name,
      row.email,
      row.phone ?? "",
      serviceDisplayLabel(row.service),
      row.message,
      row.isResolved ? "Resolved" : "Open",
      row.replied ?? "",
      row.replyText ?? "",
    ]);
    if (batch.length < batchSize) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
