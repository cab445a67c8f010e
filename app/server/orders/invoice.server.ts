import { eq } from "drizzle-orm";
import type { BusinessDetails } from "#app/lib/business.ts";
import { type InvoiceView, isConfirmedOrder, vatIncludedCents } from "#app/lib/invoice.ts";
import { orderReference } from "#app/lib/order-status.ts";
import { orders } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";
import { getOrder } from "./admin-orders.server.ts";
import { assignInvoiceNumber } from "./invoice-number.server.ts";
import { hashOrderPageToken, isOrderPageToken } from "./order-page.server.ts";

/*
 * Invoices (docs/product.md §3.9 "Invoice"). An order gets its number once it is confirmed
 * (payment arranged or paid, or processing and later), in the transaction that confirms it, or
 * when an admin opens its invoice before that. Numbers come from one counter row raised in
 * that same transaction: sequential, gap-free (a rolled-back order change takes its number
 * back with it) and never reused, also when two admins confirm two orders at once.
 */

type InvoiceEnv = Pick<Env, "VAT_NUMBER"> & { business: BusinessDetails };

/** The admin's "Invoice": the order's number, issued now (audited) if it had none. */
export async function issueInvoice(
  db: Database,
  actor: AuditActor,
  orderId: string,
  now = new Date(),
): Promise<{ ok: true; number: number } | { ok: false; reason: "not-found" }> {
  if (!isUuid(orderId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const assigned = await assignInvoiceNumber(tx, orderId, now);
    if (!assigned) return { ok: false as const, reason: "not-found" as const };
    if (assigned.issued) {
      await recordAudit(tx, actor, {
        action: "order.invoice",
        entity: "order",
        entityId: orderId,
        details: { invoiceNumber: assigned.number },
      });
    }
    return { ok: true as const, number: assigned.number };
  });
}

/** The invoice of an order that has a number, as the printable page shows it; else null. */
export async function getInvoice(
  db: Database,
  env: InvoiceEnv,
  orderId: string,
): Promise<InvoiceView | null> {
  const order = await getOrder(db, orderId);
  if (!order) return null;
  const [row] = await db
    .select({ number: orders.invoiceNumber, issuedAt: orders.invoiceIssuedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row || row.number === null || row.issuedAt === null) return null;
  return {
    number: row.number,
    issuedAt: row.issuedAt,
    orderReference: orderReference(order.id),
    orderPlacedAt: order.createdAt,
    buyer: { name: order.customerName, email: order.email, phone: order.phone },
    lines: order.items.map(
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
    ),
    subtotalCents: order.subtotalCents,
    delivery: order.delivery,
    totalCents: order.totalCents,
    payment: {
      status: order.payment.status,
      amountCents: order.payment.amountCents,
      paidOn: order.payment.paidOn,
    },
    seller: {
      legalName: env.business.legalName,
      address: env.business.address,
      phone: env.business.phone,
      generalEmail: env.business.generalEmail,
    },
    eft: env.business.eft,
    vat: env.VAT_NUMBER
      ? { number: env.VAT_NUMBER, includedCents: vatIncludedCents(order.totalCents) }
      : null,
  };
}

/**
 * The invoice the buyer's order page links to: only for a confirmed, not cancelled order that
 * has its number; null otherwise (the page answers 404, as for an unknown link).
 */
export async function getBuyerInvoice(
  db: Database,
  env: InvoiceEnv,
  token: string,
): Promise<InvoiceView | null> {
  if (!isOrderPageToken(token)) return null;
  const [order] = await db
    .select({ id: orders.id, status: orders.status, payment: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.accessTokenHash, hashOrderPageToken(token)))
    .limit(1);
  if (!order || !isConfirmedOrder(order.status, order.payment)) return null;
  return getInvoice(db, env, order.id);
}
