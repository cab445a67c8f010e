import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { isConfirmedOrder } from "#app/lib/invoice.ts";
import { toCents } from "#app/lib/money.ts";
import { orderReference } from "#app/lib/order-status.ts";
import type { BuyerOrder } from "#app/lib/orders.ts";
import { orders } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { orderLines } from "./admin-orders.server.ts";
import { deliveryColumns, deliveryOf, totalWithDeliveryCents } from "./delivery.server.ts";

/*
 * The buyer's own order page, /orders/<token> (decision 014). The confirmation
 * e-mail links to it; there is no sign-in. The token is 32 random bytes (256 bits, base64url):
 * guessing one is hopeless, so the page needs no rate limit. The database keeps only its
 * SHA-256, looked up through a unique index: a leaked database or backup opens no page, and
 * the lookup compares hashes, never the secret itself, so its timing tells nothing.
 */

/** 32 bytes in base64url without padding: exactly 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a path segment can be an order page token at all (anything else: 404 at once). */
export function isOrderPageToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export function hashOrderPageToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new token (for the e-mail) and its hash (for the database). */
export function createOrderPageToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashOrderPageToken(token) };
}

export function orderPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/orders/${token}`;
}

/**
 * The order whose page this token opens, or null: a malformed token never reaches the
 * database, and an unknown one finds nothing.
 */
export async function getBuyerOrder(db: Database, token: string): Promise<BuyerOrder | null> {
  if (!isOrderPageToken(token)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      email: orders.email,
      phone: orders.phone,
      status: orders.status,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      paymentAmount: orders.paymentAmount,
      paidOn: orders.paidOn,
      ...deliveryColumns,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orders)
    .where(eq(orders.accessTokenHash, hashOrderPageToken(token)))
    .limit(1);
  if (!order) return null;
  // Only what the buyer needs of each line: no ids leave this module.
  const shownLines = (await orderLines(db, order.id)).map(
    ({
      productName,
      priceCents,
      quantity,
      subtotalCents,
      personalisation,
      personalisationLabel,
    }) => ({
      productName,
      priceCents,
      quantity,
      subtotalCents,
      personalisation,
      personalisationLabel,
    }),
  );
  const subtotalCents = shownLines.reduce((sum, line) => sum + line.subtotalCents, 0);
  const delivery = deliveryOf(order);
  return {
    reference: orderReference(order.id),
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    payment: {
      status: order.paymentStatus,
      method: order.paymentMethod,
      reference: order.paymentReference,
      amountCents: order.paymentAmount === null ? null : toCents(order.paymentAmount),
      paidOn: order.paidOn,
    },
    lines: shownLines,
    itemCount: shownLines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    delivery,
    totalCents: totalWithDeliveryCents(subtotalCents, order.deliveryAmount),
    invoiceAvailable:
      order.invoiceNumber !== null && isConfirmedOrder(order.status, order.paymentStatus),
  };
}
