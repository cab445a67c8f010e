import { eq } from "drizzle-orm";
import { johannesburgDate } from "#app/lib/dates.ts";
import { centsToDecimal, toCents } from "#app/lib/money.ts";
import { isPaymentMethod, isPaymentStatus, type PaymentStatus } from "#app/lib/payment-status.ts";
import { MAX_MONEY_CENTS } from "#app/lib/validation/money.ts";
import { PAYMENT_REFERENCE_MAX_LENGTH, type PaymentChange } from "#app/lib/validation/orders.ts";
import { hasControlCharacters, hasLineBreaks } from "#app/lib/validation/text.ts";
import { orderEvents, orders, type PaymentEventDetails } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import {
  paymentArrangedMessage,
  paymentReceivedMessage,
} from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { getOrder, mailOrderData } from "./admin-orders.server.ts";
import { invoiceIfConfirmed } from "./invoice-number.server.ts";

/*
 * An order's payment (decision 014), beside its status: awaiting contact → payment arranged
 * (method, optional reference) → paid (amount and date, ZAR). Any state may be set from any
 * other (a correction, a buyer who pays cash at once). Each change is one transaction: the
 * order row, its history event, the audit record and, when asked, the e-mail to the buyer.
 */

export type { PaymentChange };

export type PaymentChangeResult =
  | { ok: true; payment: PaymentStatus; changed: boolean; notified: boolean }
  | { ok: false; reason: "not-found" | "invalid" | "future-date" | "before-order" };

type PaymentEnv = MailEnv;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The same rules as the form's schema, for callers that skip it (the schema is the UI's). */
function isValidChange(change: PaymentChange): boolean {
  if (!isPaymentStatus(change.status)) return false;
  if (change.status === "awaiting_contact") return true;
  if (!isPaymentMethod(change.method)) return false;
  const reference = change.reference;
  if (
    reference !== null &&
    (reference.trim() !== reference ||
      reference === "" ||
      reference.length > PAYMENT_REFERENCE_MAX_LENGTH ||
      hasControlCharacters(reference) ||
      hasLineBreaks(reference))
  ) {
    return false;
  }
  if (change.status === "arranged") return true;
  return (
    Number.isInteger(change.amountCents) &&
    change.amountCents > 0 &&
    change.amountCents <= MAX_MONEY_CENTS &&
    DATE.test(change.paidOn) &&
    !Number.isNaN(Date.parse(`${change.paidOn}T00:00:00Z`)) &&
    new Date(`${change.paidOn}T00:00:00Z`).toISOString().startsWith(change.paidOn)
  );
}

/** What the order row holds for a change (the consistency check in db/schema/orders.ts). */
function paymentColumns(change: PaymentChange) {
  return {
    paymentStatus: change.status,
    paymentMethod: change.status === "awaiting_contact" ? null : change.method,
    paymentReference: change.status === "awaiting_contact" ? null : change.reference,
    paymentAmount: change.status === "paid" ? centsToDecimal(change.amountCents) : null,
    paidOn: change.status === "paid" ? change.paidOn : null,
  };
}

function eventDetails(change: PaymentChange, customerNotified: boolean): PaymentEventDetails {
  if (change.status === "awaiting_contact") return {};
  return {
    method: change.method,
    reference: change.reference,
    ...(change.status === "paid" ? { amountCents: change.amountCents, paidOn: change.paidOn } : {}),
    customerNotified,
  };
}

/**
 * Records an order's payment state and its details, at `now`. Setting exactly what is
 * recorded already changes nothing. With `notifyCustomer`, a change to arranged (how to pay,
 * with the company's bank account for EFT) or to paid (the receipt) queues an e-mail to the
 * buyer in the same transaction (the outbox, decision 003).
 */
export async function changeOrderPayment(
  db: Database,
  env: PaymentEnv,
  actor: AuditActor,
  input: { orderId: string; change: PaymentChange; notifyCustomer?: boolean },
  now = new Date(),
): Promise<PaymentChangeResult> {
  if (!isUuid(input.orderId)) return { ok: false, reason: "not-found" };
  const { change } = input;
  if (!isValidChange(change)) return { ok: false, reason: "invalid" };
  if (change.status === "paid" && change.paidOn > johannesburgDate(now)) {
    return { ok: false, reason: "future-date" };
  }
  return db.transaction(async (tx): Promise<PaymentChangeResult> => {
    // Locked, so two admins recording one payment at once are recorded one after the other.
    const [current] = await tx
      .select({
        createdAt: orders.createdAt,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        paymentReference: orders.paymentReference,
        paymentAmount: orders.paymentAmount,
        paidOn: orders.paidOn,
        paymentArrangedAt: orders.paymentArrangedAt,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!current) return { ok: false, reason: "not-found" };
    if (change.status === "paid" && change.paidOn < johannesburgDate(current.createdAt)) {
      return { ok: false, reason: "before-order" };
    }
    const next = paymentColumns(change);
    const unchanged =
      current.paymentStatus === next.paymentStatus &&
      current.paymentMethod === next.paymentMethod &&
      current.paymentReference === next.paymentReference &&
      (current.paymentAmount === null ? null : toCents(current.paymentAmount)) ===
        (next.paymentAmount === null ? null : toCents(next.paymentAmount)) &&
      current.paidOn === next.paidOn;
    if (unchanged) return { ok: true, payment: change.status, changed: false, notified: false };

    // "Arranged but unpaid after 7 days" counts from when it was first arranged; a new
    // method or reference does not restart the clock. Back to awaiting contact forgets it.
    const arrangedAt =
      change.status === "awaiting_contact"
        ? null
        : change.status === "arranged"
          ? current.paymentStatus === "arranged"
            ? current.paymentArrangedAt
            : now
          : current.paymentArrangedAt;
    await tx
      .update(orders)
      .set({ ...next, paymentArrangedAt: arrangedAt, updatedAt: now })
      .where(eq(orders.id, input.orderId));
    // Confirmed now: the order gets its invoice number in this change's transaction.
    await invoiceIfConfirmed(tx, input.orderId, [current.status, change.status], now);

    const notify = Boolean(input.notifyCustomer) && change.status !== "awaiting_contact";
    if (notify) {
      const order = mailOrderData((await getOrder(tx, input.orderId))!);
      await queueMessages(
        tx,
        change.status === "arranged"
          ? paymentArrangedMessage(env, {
              order,
              method: change.method,
              reference: change.reference,
              eft: env.business.eft,
            })
          : paymentReceivedMessage(env, {
              order,
              amountCents: change.amountCents,
              paidOn: change.paidOn,
            }),
      );
    }
    const details = eventDetails(change, notify);
    await tx.insert(orderEvents).values({
      orderId: input.orderId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      kind: "payment",
      fromPayment: current.paymentStatus,
      toPayment: change.status,
      paymentDetails: details,
      createdAt: now,
    });
    await recordAudit(tx, actor, {
      action: "order.payment",
      entity: "order",
      entityId: input.orderId,
      details: { from: current.paymentStatus, to: change.status, ...details },
    });
    return { ok: true, payment: change.status, changed: true, notified: notify };
  });
}
