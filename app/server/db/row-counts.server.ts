import { inArray, sql } from "drizzle-orm";
import { rowCounts } from "#db/schema/index.ts";
import type { Database } from "./client.server.ts";

/**
 * The sum of the named row counters (db/schema/counts.ts), exact: kept by triggers in the
 * transactions that insert, change and delete the rows.
 */
export async function readRowCount(db: Database, ...names: string[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rowCounts.count}), 0)::text` })
    .from(rowCounts)
    .where(inArray(rowCounts.name, names));
  return Number(row?.total ?? 0);
}
