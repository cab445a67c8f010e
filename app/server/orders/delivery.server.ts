import { eq } from "drizzle-orm";
import { centsToDecimal, toCents } from "#app/lib/money.ts";
import type { OrderDelivery } from "#app/lib/orders.ts";
import { MAX_MONEY_CENTS } from "#app/lib/validation/money.ts";
import { DELIVERY_TEXT_MAX_LENGTH } from "#app/lib/validation/orders.ts";
import { hasControlCharacters, hasLineBreaks } from "#app/lib/validation/text.ts";
import { orderEvents, orders } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";

/*
 * Delivery on an order (docs/product.md §3.9 "Delivery"): once the owner and the buyer agree
 * it, the owner records a collection, or a delivery with its charge and optionally the
 * courier and tracking reference. The total becomes the lines' sum plus the charge, wherever
 * it is shown. Each change is one transaction: the order row, its history event and the audit
 * record. Clearing it (not agreed after all) brings back "To be calculated".
 */

/** The order columns that hold its delivery: select them and read them with `deliveryOf`. */
export const deliveryColumns = {
  deliveryMethod: orders.deliveryMethod,
  deliveryAmount: orders.deliveryAmount,
  deliveryCourier: orders.deliveryCourier,
  deliveryReference: orders.deliveryReference,
};

type DeliveryRow = {
  deliveryMethod: OrderDelivery["method"] | null;
  deliveryAmount: string | null;
  deliveryCourier: string | null;
  deliveryReference: string | null;
};

/** An order's delivery from its columns, or null while it is not agreed. */
export function deliveryOf(row: DeliveryRow): OrderDelivery | null {
  if (row.deliveryMethod === null) return null;
  return {
    method: row.deliveryMethod,
    amountCents: row.deliveryAmount === null ? 0 : toCents(row.deliveryAmount),
    courier: row.deliveryCourier,
    reference: row.deliveryReference,
  };
}

/**
 * What the buyer pays, in cents: the lines' sum plus the delivery charge once agreed (stored as
 * numeric text, or null while "To be calculated"). Every total shown is this one.
 */
export function totalWithDeliveryCents(itemsCents: number, deliveryAmount: string | null): number {
  return itemsCents + (deliveryAmount === null ? 0 : toCents(deliveryAmount));
}

export type DeliveryChangeResult =
  | { ok: true; delivery: OrderDelivery | null; changed: boolean }
  | { ok: false; reason: "not-found" | "invalid" };

const validText = (text: string | null) =>
  text === null ||
  (text !== "" &&
    text.trim() === text &&
    text.length <= DELIVERY_TEXT_MAX_LENGTH &&
    !hasControlCharacters(text) &&
    !hasLineBreaks(text));

/** The form schema's rules, for callers that skip it (the schema is the UI's). */
function isValidDelivery(delivery: OrderDelivery | null): boolean {
  if (delivery === null) return true;
  if (delivery.method === "collection") {
    return delivery.amountCents === 0 && delivery.courier === null && delivery.reference === null;
  }
  return (
    delivery.method === "delivery" &&
    Number.isInteger(delivery.amountCents) &&
    delivery.amountCents >= 0 &&
    delivery.amountCents <= MAX_MONEY_CENTS &&
    validText(delivery.courier) &&
    validText(delivery.reference)
  );
}

const sameDelivery = (a: OrderDelivery | null, b: OrderDelivery | null) =>
  a === null || b === null
    ? a === b
    : a.method === b.method &&
      a.amountCents === b.amountCents &&
      a.courier === b.courier &&
      a.reference === b.reference;

export async function changeOrderDelivery(
  db: Database,
  actor: AuditActor,
  input: { orderId: string; delivery: OrderDelivery | null },
  now = new Date(),
): Promise<DeliveryChangeResult> {
  if (!isUuid(input.orderId)) return { ok: false, reason: "not-found" };
  const next = input.delivery;
  if (!isValidDelivery(next)) return { ok: false, reason: "invalid" };
  return db.transaction(async (tx): Promise<DeliveryChangeResult> => {
    // Locked, so two admins recording it at once are recorded one after the other.
    const [row] = await tx
      .select(deliveryColumns)
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!row) return { ok: false, reason: "not-found" };
    const current = deliveryOf(row);
    if (sameDelivery(current, next)) return { ok: true, delivery: next, changed: false };

    await tx
      .update(orders)
      .set({
        deliveryMethod: next?.method ?? null,
        deliveryAmount: next ? centsToDecimal(next.amountCents) : null,
        deliveryCourier: next?.courier ?? null,
        deliveryReference: next?.reference ?? null,
        updatedAt: now,
      })
      .where(eq(orders.id, input.orderId));
    const details = { from: current, to: next };
    await tx.insert(orderEvents).values({
      orderId: input.orderId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: "delivery",
      deliveryDetails: details,
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      action: "order.delivery",
      entity: "order",
      entityId: input.orderId,
      details,
    });
    return { ok: true, delivery: next, changed: true };
  });
}
