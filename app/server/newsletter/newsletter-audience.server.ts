import { count, eq } from "drizzle-orm";
import { newsletterSubscribers } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Who a newsletter would go to if it were sent now (docs/product.md §3.18 "Sending"): the
 * subscribed addresses (§3.10 "States"), counted for the question before sending. The send
 * itself queues from the same condition in newsletters.server.ts.
 */

/** How many addresses are subscribed (confirmed, not unsubscribed or bounced). */
export async function countSubscribedAddresses(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "subscribed"));
  return row?.n ?? 0;
}
