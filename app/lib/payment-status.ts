import type { PaymentMethod, PaymentStatus } from "#db/schema/orders.ts";

/*
 * An order's payment (decision 014), beside its fulfilment status: awaiting contact (every new
 * order: docs/product.md §1, the company calls the buyer), payment arranged (a method, maybe a
 * reference), paid (an amount and a date). The database schema owns the lists; this module
 * describes them for the screens and e-mails, and the Record types make the compiler refuse
 * a value it does not describe.
 */

export type { PaymentMethod, PaymentStatus };

export const PAYMENT_STATUS_LABELS = {
  awaiting_contact: "Awaiting contact",
  arranged: "Payment arranged",
  paid: "Paid",
} as const satisfies Record<PaymentStatus, string>;

export const PAYMENT_STATUS_VALUES = Object.keys(PAYMENT_STATUS_LABELS) as PaymentStatus[];

export const PAYMENT_STATUS_BADGE = {
  awaiting_contact: "yellow",
  arranged: "blue",
  paid: "green",
} as const satisfies Record<PaymentStatus, "yellow" | "blue" | "green">;

export const PAYMENT_METHOD_LABELS = {
  eft: "EFT",
  cash: "Cash on delivery/collection",
  card_machine: "Card machine",
  other: "Other",
} as const satisfies Record<PaymentMethod, string>;

export const PAYMENT_METHOD_VALUES = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && Object.hasOwn(PAYMENT_STATUS_LABELS, value);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && Object.hasOwn(PAYMENT_METHOD_LABELS, value);
}

/** The dashboard's to-do thresholds (decision 014). */
export const AWAITING_CONTACT_OVERDUE_HOURS = 24;
export const ARRANGED_UNPAID_OVERDUE_DAYS = 7;
export const OPEN_QUOTE_OVERDUE_HOURS = 48;

/** The payment states whose orders can be overdue, and after how long (for the list's note). */
export const OVERDUE_PAYMENT_TEXT = {
  awaiting_contact: `awaiting contact for ${AWAITING_CONTACT_OVERDUE_HOURS} hours or more`,
  arranged: `with payment arranged but unpaid for ${ARRANGED_UNPAID_OVERDUE_DAYS} days or more`,
} as const satisfies Partial<Record<PaymentStatus, string>>;

export function canBeOverdue(
  payment: PaymentStatus | null,
): payment is keyof typeof OVERDUE_PAYMENT_TEXT {
  return payment !== null && Object.hasOwn(OVERDUE_PAYMENT_TEXT, payment);
}

/** How a payment reads in one line: "EFT, ref INV-12" or "Paid R 450,00 on 3 May 2027". */
export function paymentMethodText(method: PaymentMethod | null, reference: string | null) {
  if (!method) return "";
  return reference
    ? `${PAYMENT_METHOD_LABELS[method]}, ref ${reference}`
    : PAYMENT_METHOD_LABELS[method];
}

/** What the buyer reads about paying, once payment is arranged (order page and e-mail). */
export const PAYMENT_INSTRUCTIONS = {
  eft: "Please pay by EFT into our bank account below.",
  cash: "Please have the amount ready in cash when your order is delivered or collected.",
  card_machine:
    "You can pay by card on our card machine when your order is delivered or collected.",
  other: "Please pay as we agreed with you.",
} as const satisfies Record<PaymentMethod, string>;

/** The payment's method as the buyer reads it on their order page. */
export const PAYMENT_METHOD_FOR_BUYER = {
  eft: "Pay by EFT",
  cash: "Pay in cash on delivery or collection",
  card_machine: "Pay by card on our card machine",
  other: "Pay as agreed with us",
} as const satisfies Record<PaymentMethod, string>;

/** When EFT is arranged but the company's account is not configured (EFT_* variables). */
export const EFT_DETAILS_TO_FOLLOW = "We will send you our banking details.";

/** The reference an EFT payment should carry: the one agreed, else the order number. */
export function eftReference(reference: string | null, orderNumber: string): string {
  return reference ?? orderNumber;
}
