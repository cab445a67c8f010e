import type {
  DeliveryRecord,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from "#db/schema/orders.ts";
import { formatZar } from "./admin-money.ts";
import { formatRand } from "./money.ts";

/** Delivery as agreed with the buyer (docs/product.md §3.9 "Delivery"). */
export type OrderDelivery = DeliveryRecord;

export const DELIVERY_METHOD_LABELS: Record<OrderDelivery["method"], string> = {
  collection: "Collection",
  delivery: "Delivery",
};

/*
 * The shapes of orders as the admin's and the buyer's pages show them: built on the server
 * (app/server/orders), rendered by components that must not import server modules.
 */

export interface OrderSummary {
  id: string;
  customerName: string;
  email: string;
  phone: string;
  status: OrderStatus;
  /** Beside the status (decision 014): awaiting contact, arranged or paid. */
  paymentStatus: PaymentStatus;
  createdAt: Date;
  updatedAt: Date;
  /** Sum of the quantities of its lines (docs/product.md §4 item_count). */
  itemCount: number;
  /**
   * What the buyer pays, in cents: the sum of price × quantity of its lines (docs/product.md §4
   * total), plus delivery once it is agreed (§3.9 "Delivery").
   */
  totalCents: number;
}

export interface OrderListPage {
  orders: OrderSummary[];
  /** Orders matching the filters, on all pages (at most SEARCH_COUNT_LIMIT for a search). */
  total: number;
  /** False when a search matched more than SEARCH_COUNT_LIMIT orders. */
  totalIsExact: boolean;
  /** The page shown: the one asked for, or the last one when it asked for more. */
  page: number;
  pageCount: number;
  pageSize: number;
}

export interface OrderLineDetail {
  id: string;
  productId: string | null;
  productName: string;
  priceCents: number;
  quantity: number;
  subtotalCents: number;
  /** The buyer's text and the label it answered (decision 040); null for a plain line. */
  personalisation: string | null;
  personalisationLabel: string | null;
}

/** An order's payment as recorded (decision 014). */
export interface OrderPayment {
  status: PaymentStatus;
  method: PaymentMethod | null;
  reference: string | null;
  amountCents: number | null;
  /** "YYYY-MM-DD", the day it arrived (Johannesburg). */
  paidOn: string | null;
  arrangedAt: Date | null;
}

export interface OrderDetail extends OrderSummary {
  /** The buyer's "Anything we should know?" from checkout, null when left empty. */
  note: string | null;
  /** The lines' sum (price × quantity), in cents; `totalCents` adds delivery to it. */
  subtotalCents: number;
  /** Null until delivery is agreed: every page then says "To be calculated". */
  delivery: OrderDelivery | null;
  items: OrderLineDetail[];
  payment: OrderPayment;
}

/** What the buyer's page shows: their order and nothing else (no ids, no admin notes). */
export interface BuyerOrder {
  /** The short order number (the id's first 8 characters, as in the e-mails). */
  reference: string;
  customerName: string;
  email: string;
  phone: string;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  payment: {
    status: PaymentStatus;
    method: PaymentMethod | null;
    reference: string | null;
    amountCents: number | null;
    /** "YYYY-MM-DD" in Johannesburg. */
    paidOn: string | null;
  };
  lines: (Pick<OrderLineDetail, "productName" | "priceCents" | "quantity" | "subtotalCents"> &
    Pick<OrderLineDetail, "personalisation" | "personalisationLabel">)[];
  itemCount: number;
  /** The lines' sum; `totalCents` adds delivery to it once agreed. */
  subtotalCents: number;
  delivery: OrderDelivery | null;
  totalCents: number;
  /** The order is confirmed and has its invoice: the page links /orders/<token>/invoice. */
  invoiceAvailable: boolean;
}

/** The company's bank account for EFT payments (decision 014), or null when not configured. */
export interface EftDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
  accountType: string | null;
}

export interface CompanyContact {
  phone: string;
  phoneHref: string;
  whatsAppHref: string;
}

/**
 * The delivery line under an order's lines, wherever a total is shown (the buyer's page, the
 * e-mails, the admin): "Shipping: To be calculated" until delivery is agreed (docs/product.md
 * §2.11), then the delivery charge or the collection, with the courier and tracking reference.
 */
export function deliveryLine(delivery: OrderDelivery | null): {
  label: string;
  /** The charge in cents, or null for "To be calculated" / "No charge". */
  amountCents: number | null;
  /** What to show when there is no amount. */
  text: string | null;
  /** "The Courier Guy, tracking ABC123", when given. */
  detail: string | null;
} {
  if (!delivery)
    return { label: "Shipping", amountCents: null, text: "To be calculated", detail: null };
  if (delivery.method === "collection") {
    return { label: "Collection", amountCents: null, text: "No charge", detail: null };
  }
  const detail = [
    delivery.courier,
    delivery.reference ? `tracking ${delivery.reference}` : null,
  ].filter(Boolean);
  return {
    label: "Delivery",
    amountCents: delivery.amountCents,
    text: null,
    detail: detail.length ? detail.join(", ") : null,
  };
}

/** A delivery in one phrase, as the admin's history and audit log read it. */
export function deliverySummary(delivery: OrderDelivery | null): string {
  if (!delivery) return "To be calculated";
  if (delivery.method === "collection") return "Collection";
  const { detail } = deliveryLine(delivery);
  return `Delivery ${formatZar(delivery.amountCents)}${detail ? ` (${detail})` : ""}`;
}

/** A delivery read back from stored JSON (the history, the audit log), or null if it is not one. */
export function asOrderDelivery(value: unknown): OrderDelivery | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.method !== "collection" && v.method !== "delivery") return null;
  if (typeof v.amountCents !== "number") return null;
  return {
    method: v.method,
    amountCents: v.amountCents,
    courier: typeof v.courier === "string" ? v.courier : null,
    reference: typeof v.reference === "string" ? v.reference : null,
  };
}

/** How to pay's sentence about the amount, on the buyer's page and in the "how to pay" e-mail. */
export function orderTotalSentence(totalCents: number, delivery: OrderDelivery | null): string {
  const total = `The order total is ${formatRand(totalCents)}`;
  if (!delivery) return `${total}. If delivery costs extra, we'll confirm the amount with you.`;
  return `${total}, ${delivery.method === "collection" ? "to collect from us" : "delivery included"}.`;
}
