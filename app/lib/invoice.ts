import type { OrderStatus, PaymentStatus } from "#db/schema/orders.ts";
import type { BusinessDetails } from "./business.ts";
import type { EftDetails, OrderDelivery } from "./orders.ts";

/*
 * An order's invoice (docs/product.md §3.9 "Invoice"), as the admin's and the buyer's printable
 * page show it: built on the server (app/server/orders/invoice.server.ts), rendered by
 * app/components/invoice/invoice-document.tsx.
 */

/** South Africa's standard VAT rate, in percent. */
export const VAT_RATE_PERCENT = 15;

/** The VAT included in a VAT-inclusive amount: 15/115 of it, to the nearest cent. */
export function vatIncludedCents(totalCents: number): number {
  return Math.round((totalCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/** "INV-00042": the invoice's number as printed. */
export function invoiceNumberText(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(5, "0")}`;
}

/**
 * An order is confirmed, and gets its invoice, once the company has agreed it with the buyer:
 * payment arranged or paid, or the order is being processed or later. A cancelled order is not.
 */
export function isConfirmedOrder(status: OrderStatus, payment: PaymentStatus): boolean {
  if (status === "cancelled") return false;
  return status !== "pending" || payment !== "awaiting_contact";
}

export interface InvoiceView {
  number: number;
  issuedAt: Date;
  orderReference: string;
  orderPlacedAt: Date;
  buyer: { name: string; email: string; phone: string };
  lines: {
    productName: string;
    priceCents: number;
    quantity: number;
    subtotalCents: number;
    /** The buyer's text and its label (decision 040): "lines with personalisation". */
    personalisation: string | null;
    personalisationLabel: string | null;
  }[];
  subtotalCents: number;
  delivery: OrderDelivery | null;
  totalCents: number;
  payment: { status: PaymentStatus; amountCents: number | null; paidOn: string | null };
  /** The company as the business details name it (decision 042). */
  seller: Pick<BusinessDetails, "legalName" | "address" | "phone" | "generalEmail">;
  eft: EftDetails | null;
  /** Set when the company is VAT-registered: a tax invoice with the VAT included. */
  vat: { number: string; includedCents: number } | null;
}
