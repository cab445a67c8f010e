import { asc, desc, eq, sql } from "drizzle-orm";
import { toCents } from "#app/lib/money.ts";
import { isOrderStatus, NOTIFIABLE_STATUSES, type OrderStatus } from "#app/lib/order-status.ts";
import type { OrderDetail, OrderLineDetail } from "#app/lib/orders.ts";
import type { PaymentStatus } from "#app/lib/payment-status.ts";
import { ORDER_NOTE_MAX_LENGTH } from "#app/lib/validation/orders.ts";
import {
  type DeliveryEventDetails,
  orderEvents,
  orderItems,
  orders,
  type PaymentEventDetails,
} from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { type OrderData, orderStatusMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { deliveryColumns, deliveryOf, totalWithDeliveryCents } from "./delivery.server.ts";
import { invoiceIfConfirmed } from "./invoice-number.server.ts";
import { summaryColumns, totalsOf } from "./order-list.server.ts";

/*
 * One order in the admin (docs/product.md §3.9 /admin/orders/{id}, §5.4 "Order status"; the admin reads and
 * writes): its lines, its history, its status and its notes.
 */

export interface OrderHistoryEntry {
  id: string;
  kind: "status" | "note" | "payment" | "delivery";
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  fromPayment: PaymentStatus | null;
  toPayment: PaymentStatus | null;
  paymentDetails: PaymentEventDetails | null;
  deliveryDetails: DeliveryEventDetails | null;
  note: string | null;
  actorEmail: string | null;
  createdAt: Date;
}

/** One order with its lines (docs/product.md §3.9), or null for an unknown id. */
export async function getOrder(db: Database, orderId: string): Promise<OrderDetail | null> {
  // A malformed id never reaches the database (it would be a 500 there): it is unknown.
  if (!isUuid(orderId)) return null;
  const [found] = await db
    .select({
      ...summaryColumns,
      note: orders.note,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      paymentAmount: orders.paymentAmount,
      paidOn: orders.paidOn,
      paymentArrangedAt: orders.paymentArrangedAt,
      ...deliveryColumns,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found) return null;
  const {
    paymentMethod,
    paymentReference,
    paymentAmount,
    paidOn,
    paymentArrangedAt,
    deliveryMethod,
    deliveryAmount,
    deliveryCourier,
    deliveryReference,
    ...row
  } = found;
  const delivery = deliveryOf({
    deliveryMethod,
    deliveryAmount,
    deliveryCourier,
    deliveryReference,
  });
  const items = await orderLines(db, orderId);
  const totals = await totalsOf(db, [orderId]);
  const subtotalCents = totals.get(orderId)?.totalCents ?? 0;
  return {
    ...row,
    itemCount: totals.get(orderId)?.itemCount ?? 0,
    subtotalCents,
    delivery,
    totalCents: totalWithDeliveryCents(subtotalCents, deliveryAmount),
    payment: {
      status: row.paymentStatus,
      method: paymentMethod,
      reference: paymentReference,
      amountCents: paymentAmount === null ? null : toCents(paymentAmount),
      paidOn,
      arrangedAt: paymentArrangedAt,
    },
    items,
  };
}

/**
 * An order's lines as sold, by product name (then personalisation), each with its subtotal in
 * exact money.
 */
export async function orderLines(db: Database, orderId: string): Promise<OrderLineDetail[]> {
  const lines = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      price: orderItems.price,
      quantity: orderItems.quantity,
      subtotal: sql<string>`(${orderItems.price} * ${orderItems.quantity})::numeric(14, 2)::text`,
      personalisation: orderItems.personalisation,
      personalisationLabel: orderItems.personalisationLabel,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.personalisation), asc(orderItems.id));
  return lines.map((line) => ({
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    priceCents: toCents(line.price),
    quantity: line.quantity,
    subtotalCents: toCents(line.subtotal),
    personalisation: line.personalisation,
    personalisationLabel: line.personalisationLabel,
  }));
}

/** The order's history (status changes and notes), newest first. */
export async function getOrderHistory(db: Database, orderId: string): Promise<OrderHistoryEntry[]> {
  if (!isUuid(orderId)) return [];
  return db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      fromPayment: orderEvents.fromPayment,
      toPayment: orderEvents.toPayment,
      paymentDetails: orderEvents.paymentDetails,
      deliveryDetails: orderEvents.deliveryDetails,
      note: orderEvents.note,
      actorEmail: orderEvents.actorEmail,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(500);
}

/** An order as the e-mails to its buyer show it. */
export function mailOrderData(order: OrderDetail): OrderData {
  return {
    id: order.id,
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    createdAt: order.createdAt,
    subtotalCents: order.subtotalCents,
    delivery: order.delivery,
    totalCents: order.totalCents,
    lines: order.items.map((item) => ({
      productName: item.productName,
      priceCents: item.priceCents,
      quantity: item.quantity,
      personalisation: item.personalisation,
      personalisationLabel: item.personalisationLabel,
    })),
  };
}

export type StatusChangeResult =
  | { ok: true; status: OrderStatus; changed: boolean; notified: boolean }
  | { ok: false; reason: "not-found" };

/**
 * Sets an order's status (docs/product.md §5.4: any of the five from any other) and its updated_at, and
 * records who did it in the order's history and the audit log, in one transaction. With
 * `notifyCustomer`, a change to shipped or cancelled also queues an e-mail to the customer in
 * that transaction (the outbox, decision 003). Setting the status it already has changes
 * nothing.
 */
export async function changeOrderStatus(
  db: Database,
  env: MailEnv,
  actor: AuditActor,
  input: { orderId: string; status: OrderStatus; notifyCustomer?: boolean },
): Promise<StatusChangeResult> {
  if (!isUuid(input.orderId) || !isOrderStatus(input.status)) {
    return { ok: false, reason: "not-found" };
  }
  return db.transaction(async (tx) => {
    // Locked, so two admins changing one order at once are recorded one after the other.
    const [current] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!current) return { ok: false as const, reason: "not-found" as const };
    if (current.status === input.status) {
      return { ok: true as const, status: input.status, changed: false, notified: false };
    }
    await tx
      .update(orders)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(eq(orders.id, input.orderId));
    // Confirmed now: the order gets its invoice number in this change's transaction.
    await invoiceIfConfirmed(tx, input.orderId, [input.status, current.paymentStatus], new Date());
    await tx.insert(orderEvents).values({
      orderId: input.orderId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: "status",
      fromStatus: current.status,
      toStatus: input.status,
    });
    const notify = Boolean(input.notifyCustomer) && NOTIFIABLE_STATUSES.includes(input.status);
    if (notify) {
      const order = await getOrder(tx, input.orderId);
      await queueMessages(
        tx,
        orderStatusMessage(env, {
          order: mailOrderData(order!),
          status: input.status as "shipped" | "cancelled",
        }),
      );
    }
    await recordAudit(tx, actor, {
      action: "order.status",
      entity: "order",
      entityId: input.orderId,
      details: { from: current.status, to: input.status, customerNotified: notify },
    });
    return { ok: true as const, status: input.status, changed: true, notified: notify };
  });
}

/** Adds an internal note to the order's history (never shown to the customer). */
export async function addOrderNote(
  db: Database,
  actor: AuditActor,
  input: { orderId: string; note: string },
): Promise<{ ok: true; id: string } | { ok: false; reason: "not-found" | "empty" }> {
  const note = input.note.trim().slice(0, ORDER_NOTE_MAX_LENGTH);
  if (!note) return { ok: false, reason: "empty" };
  if (!isUuid(input.orderId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("share");
    if (!order) return { ok: false as const, reason: "not-found" as const };
    const [event] = await tx
      .insert(orderEvents)
      .values({
        orderId: input.orderId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        kind: "note",
        note,
      })
      .returning({ id: orderEvents.id });
    await recordAudit(tx, actor, {
      action: "order.note",
      entity: "order",
      entityId: input.orderId,
      details: { note },
    });
    return { ok: true as const, id: event!.id };
  });
}
