import { eq, sql } from "drizzle-orm";
import { isConfirmedOrder } from "#app/lib/invoice.ts";
import { invoiceCounter, orders } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Invoice numbers (docs/product.md §3.9 "Invoice"), apart from the invoice itself so that the
 * status and payment changes can give one in their own transaction.
 */

/**
 * The order's invoice number, given now if it has none. Call it inside the transaction that
 * confirms the order; it locks the order's row, then the counter's.
 */
export async function assignInvoiceNumber(
  tx: Database,
  orderId: string,
  now: Date,
): Promise<{ number: number; issued: boolean } | null> {
  const [order] = await tx
    .select({ invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) return null;
  if (order.invoiceNumber !== null) return { number: order.invoiceNumber, issued: false };
  const [counter] = await tx
    .insert(invoiceCounter)
    .values({ id: 1, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounter.id,
      set: { last: sql`${invoiceCounter.last} + 1` },
    })
    .returning({ last: invoiceCounter.last });
  await tx
    .update(orders)
    .set({ invoiceNumber: counter!.last, invoiceIssuedAt: now })
    .where(eq(orders.id, orderId));
  return { number: counter!.last, issued: true };
}

/** Gives a confirmed order its number inside the transaction that confirmed it. */
export async function invoiceIfConfirmed(
  tx: Database,
  orderId: string,
  state: Parameters<typeof isConfirmedOrder>,
  now: Date,
) {
  if (isConfirmedOrder(...state)) await assignInvoiceNumber(tx, orderId, now);
}
