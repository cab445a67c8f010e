import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";

/**
 * The channel on which a committed catalogue change is announced: every app process drops
 * its cached public pages (decision 011). Sent inside the writing transaction, so it is
 * delivered only if the change commits.
 */
export const CATALOG_CHANNEL = "catalog_changed";

/** Call with the transaction that changes products, categories or their links. */
export async function notifyCatalogChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
