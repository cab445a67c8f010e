import type { OrderStatus, PaymentMethod, PaymentStatus } from "#db/schema/orders.ts";

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
  /** Sum of price × quantity of its lines, in cents (docs/product.md §4 total). */
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
  lines: { productName: string; priceCents: number; quantity: number; subtotalCents: number }[];
  itemCount: number;
  totalCents: number;
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
