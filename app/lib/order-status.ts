import type { OrderStatus } from "#db/schema/orders.ts";

/*
 * Order status for the admin (docs/product.md §5.4 "Order status"): the five values with their labels and
 * badge colours (pending yellow, processing blue, shipped and delivered green, cancelled red).
 * The database schema owns the list; this module only describes it for the screens, and the
 * Record types make the compiler refuse a status it does not describe.
 */

export type { OrderStatus };

export const ORDER_STATUS_LABELS = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
} as const satisfies Record<OrderStatus, string>;

export const ORDER_STATUS_VALUES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

export const ORDER_STATUS_BADGE = {
  pending: "yellow",
  processing: "blue",
  shipped: "green",
  delivered: "green",
  cancelled: "red",
} as const satisfies Record<OrderStatus, "yellow" | "blue" | "green" | "red">;

/** The statuses after which the customer may be told by e-mail (decision 009). */
export const NOTIFIABLE_STATUSES: readonly OrderStatus[] = ["shipped", "cancelled"];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && Object.hasOwn(ORDER_STATUS_LABELS, value);
}

/** Delivered and cancelled orders are finished: their cards are greyed (docs/product.md §3.8). */
export function isFinishedStatus(status: OrderStatus): boolean {
  return status === "delivered" || status === "cancelled";
}

/** The short order number shown to customers and in subjects: the id's first 8 characters. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
