import { type AnyColumn, and, asc, inArray, type SQL, sql } from "drizzle-orm";
import type { OrderFilters } from "#app/lib/admin-list-queries.ts";
import { centsToDecimal, toCents } from "#app/lib/money.ts";
import { ORDER_STATUS_LABELS, orderReference } from "#app/lib/order-status.ts";
import { DELIVERY_METHOD_LABELS } from "#app/lib/orders.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "#app/lib/payment-status.ts";
import { orderItems, orders } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { totalWithDeliveryCents } from "./delivery.server.ts";
import { NEWEST_FIRST, orderFilterCondition } from "./order-list.server.ts";

/* The orders list's CSV export (/admin/orders/export): one record per order line. */

/** Spreadsheet-friendly local time: "2026-11-22 14:05:09" in Johannesburg. */
const localTime = (column: SQL | AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI:SS')`;

export const ORDER_EXPORT_HEADER = [
  "Order ID",
  "Order Number",
  "Date Placed (SAST)",
  "Last Updated (SAST)",
  "Status",
  "Payment",
  "Payment Method",
  "Payment Reference",
  "Amount Paid (ZAR)",
  "Date Paid",
  "Customer Name",
  "Email",
  "Phone",
  "Product",
  "Unit Price (ZAR)",
  "Quantity",
  "Subtotal (ZAR)",
  "Order Total (ZAR)",
  // Last, so that the columns spreadsheets were built on keep their places.
  "Buyer Note",
  "Delivery",
  "Delivery (ZAR)",
  // The line's personalisation (decision 040): what it asked, and the buyer's text.
  "Personalisation Label",
  "Personalisation",
] as const;

/** Orders read per batch of the export (each with its lines: about 3 times as many rows). */
export const EXPORT_BATCH_SIZE = 500;
/**
 * The first batch is smaller: the download's headers go out once it is read, so it starts
 * sooner (20-30 ms for 500 orders and their lines at 1,000,000 orders; decision 009).
 */
export const EXPORT_FIRST_BATCH_SIZE = 100;

function orderExportBatch(
  db: Database,
  filters: OrderFilters,
  after: { at: string; id: string } | null,
  batchSize: number,
  now: Date,
) {
  const keyset = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      email: orders.email,
      phone: orders.phone,
      note: orders.note,
      deliveryMethod: orders.deliveryMethod,
      deliveryAmount: sql<string | null>`${orders.deliveryAmount}::text`,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      paymentAmount: sql<string | null>`${orders.paymentAmount}::text`,
      paidOn: sql<string | null>`${orders.paidOn}::text`,
      placed: localTime(orders.createdAt),
      updated: localTime(orders.updatedAt),
      // The exact timestamp (microseconds) for the next batch's keyset.
      at: sql<string>`${orders.createdAt}::text`,
    })
    .from(orders)
    .where(and(orderFilterCondition(filters, now), keyset))
    .orderBy(...NEWEST_FIRST)
    .limit(batchSize);
}

/**
 * The orders matching a search and filter as CSV records, one per order line (an order
 * without lines gets one record with empty line cells), newest order first. Read in keyset
 * batches (created_at, id): each batch is one index range, whatever the export's size, and
 * only one batch is in memory at a time.
 */
export async function* orderExportBatches(
  db: Database,
  filters: OrderFilters,
  batchSize = EXPORT_BATCH_SIZE,
  now = new Date(),
): AsyncGenerator<string[][]> {
  let after: { at: string; id: string } | null = null;
  let size = Math.min(batchSize, EXPORT_FIRST_BATCH_SIZE);
  for (;;) {
    const batch = await orderExportBatch(db, filters, after, size, now);
    if (batch.length === 0) return;
    const lines = await db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        price: sql<string>`${orderItems.price}::text`,
        quantity: orderItems.quantity,
        subtotal: sql<string>`(${orderItems.price} * ${orderItems.quantity})::numeric(14, 2)::text`,
        orderTotal: sql<string>`(sum(${orderItems.price} * ${orderItems.quantity}) over (partition by ${orderItems.orderId}))::numeric(14, 2)::text`,
        personalisation: orderItems.personalisation,
        personalisationLabel: orderItems.personalisationLabel,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderItems.productName), asc(orderItems.personalisation), asc(orderItems.id));
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId) ?? [];
      list.push(line);
      linesOf.set(line.orderId, list);
    }
    yield batch.flatMap((order) => {
      const head = [
        order.id,
        orderReference(order.id),
        order.placed,
        order.updated,
        ORDER_STATUS_LABELS[order.status],
        PAYMENT_STATUS_LABELS[order.paymentStatus],
        order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : "",
        order.paymentReference ?? "",
        order.paymentAmount ?? "",
        order.paidOn ?? "",
        order.customerName,
        order.email,
        order.phone,
      ];
      const orderLines = linesOf.get(order.id);
      // The order's total includes delivery once it is agreed (docs/product.md §3.9).
      const withDelivery = (itemsTotal: string) =>
        centsToDecimal(totalWithDeliveryCents(toCents(itemsTotal), order.deliveryAmount));
      const tail = [
        order.note ?? "",
        order.deliveryMethod ? DELIVERY_METHOD_LABELS[order.deliveryMethod] : "",
        order.deliveryAmount ?? "",
      ];
      if (!orderLines) return [[...head, "", "", "", "", withDelivery("0.00"), ...tail, "", ""]];
      return orderLines.map((line) => [
        ...head,
        line.productName,
        line.price,
        String(line.quantity),
        line.subtotal,
        withDelivery(line.orderTotal),
        ...tail,
        line.personalisationLabel ?? "",
        line.personalisation ?? "",
      ]);
    });
    if (batch.length < size) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
    size = batchSize;
  }
}
