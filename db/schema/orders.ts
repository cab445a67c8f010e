import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { createdAt, idColumn, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** docs/product.md §5.4 "Order status": the five values, a new order starts as pending. */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const statusList = ORDER_STATUSES.map((s) => `'${s}'`).join(", ");

/**
 * Payment beside the status (decision 014): a new order awaits the company's call; then payment
 * is arranged (a method, maybe a reference); then paid (an amount and a date).
 */
export const PAYMENT_STATUSES = ["awaiting_contact", "arranged", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a payment was arranged: EFT, cash on delivery or collection, a card machine, other. */
export const PAYMENT_METHODS = ["eft", "cash", "card_machine", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How an order reaches the buyer once it is agreed with them (docs/product.md §3.9 "Delivery"):
 * collected from the workshop, or delivered for an amount. Null until it is agreed.
 */
export const DELIVERY_METHODS = ["collection", "delivery"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

const paymentStatusList = PAYMENT_STATUSES.map((s) => `'${s}'`).join(", ");
const paymentMethodList = PAYMENT_METHODS.map((s) => `'${s}'`).join(", ");

/**
 * Orders that still need the company's attention: the dashboard's to-do list leaves finished
 * ones (delivered, cancelled) out. The partial indexes below repeat this condition.
 */
export const OPEN_ORDER_CONDITION = "status not in ('delivered', 'cancelled')";

export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The buyer's "Anything we should know?" (docs/product.md §6.1), null when left empty. */
    note: text("note"),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    // A checkout form carries a key so a double submit stores one order.
    idempotencyKey: uuid("idempotency_key").unique(),
    // Payment (decision 014); the consistency check below says which fields each state has.
    paymentStatus: text("payment_status")
      .$type<PaymentStatus>()
      .notNull()
      .default("awaiting_contact"),
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    paymentReference: text("payment_reference"),
    /** What the buyer paid (it may differ from the total: shipping is calculated later). */
    paymentAmount: numeric("payment_amount", { precision: 12, scale: 2 }),
    /** The day the payment arrived, in Johannesburg. */
    paidOn: date("paid_on", { mode: "string" }),
    /** When payment was arranged: "arranged but unpaid after 7 days" counts from here. */
    paymentArrangedAt: timestamp("payment_arranged_at", { withTimezone: true, mode: "date" }),
    /**
     * SHA-256 (hex) of the buyer's order page token (/orders/<token>): the raw token is only
     * in the confirmation e-mail. Null for orders placed before the page existed.
     */
    accessTokenHash: text("access_token_hash").unique(),
    /** Delivery as agreed with the buyer (docs/product.md §3.9); all null until then. */
    deliveryMethod: text("delivery_method").$type<DeliveryMethod>(),
    /** What delivery adds to the total (0.00 for a collection). */
    deliveryAmount: numeric("delivery_amount", { precision: 12, scale: 2 }),
    deliveryCourier: text("delivery_courier"),
    deliveryReference: text("delivery_reference"),
    /**
     * The invoice's number (docs/product.md §3.9 "Invoice"): sequential and gap-free from
     * invoice_counter, never reused, apart from the order id; null until one is issued.
     */
    invoiceNumber: integer("invoice_number").unique(),
    invoiceIssuedAt: timestamp("invoice_issued_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_known", sql.raw(`status in (${statusList})`)),
    check("orders_payment_status_known", sql.raw(`payment_status in (${paymentStatusList})`)),
    check(
      "orders_payment_method_known",
      sql.raw(`payment_method is null or payment_method in (${paymentMethodList})`),
    ),
    check(
      "orders_payment_consistent",
      sql`(${t.paymentStatus} = 'awaiting_contact' and ${t.paymentMethod} is null and ${t.paymentReference} is null and ${t.paymentAmount} is null and ${t.paidOn} is null and ${t.paymentArrangedAt} is null)
        or (${t.paymentStatus} = 'arranged' and ${t.paymentMethod} is not null and ${t.paymentAmount} is null and ${t.paidOn} is null and ${t.paymentArrangedAt} is not null)
        or (${t.paymentStatus} = 'paid' and ${t.paymentMethod} is not null and ${t.paymentAmount} is not null and ${t.paidOn} is not null)`,
    ),
    check(
      "orders_payment_amount_positive",
      sql`${t.paymentAmount} is null or ${t.paymentAmount} > 0`,
    ),
    check(
      "orders_payment_reference_not_blank",
      sql`${t.paymentReference} is null or btrim(${t.paymentReference}) <> ''`,
    ),
    check(
      "orders_delivery_consistent",
      // Each branch tests for null first: a comparison with null is null, and a check that
      // comes out null passes.
      sql`(${t.deliveryMethod} is null and ${t.deliveryAmount} is null and ${t.deliveryCourier} is null and ${t.deliveryReference} is null)
        or (${t.deliveryMethod} is not null and ${t.deliveryAmount} is not null and ${t.deliveryMethod} = 'collection' and ${t.deliveryAmount} = 0 and ${t.deliveryCourier} is null and ${t.deliveryReference} is null)
        or (${t.deliveryMethod} is not null and ${t.deliveryAmount} is not null and ${t.deliveryMethod} = 'delivery' and ${t.deliveryAmount} >= 0)`,
    ),
    check(
      "orders_delivery_texts_not_blank",
      sql`(${t.deliveryCourier} is null or btrim(${t.deliveryCourier}) <> '') and (${t.deliveryReference} is null or btrim(${t.deliveryReference}) <> '')`,
    ),
    check(
      "orders_invoice_consistent",
      sql`(${t.invoiceNumber} is null) = (${t.invoiceIssuedAt} is null) and (${t.invoiceNumber} is null or ${t.invoiceNumber} > 0)`,
    ),
    check("orders_customer_name_not_blank", sql`btrim(${t.customerName}) <> ''`),
    check("orders_email_not_blank", sql`btrim(${t.email}) <> ''`),
    check("orders_phone_not_blank", sql`btrim(${t.phone}) <> ''`),
    check(
      "orders_note_length",
      sql`${t.note} is null or (btrim(${t.note}) <> '' and char_length(${t.note}) <= 500)`,
    ),
    // Newest first, optionally per status (admin orders list and its filter).
    index("orders_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // The payment filter of the admin list (decision 014).
    index("orders_payment_created_at_idx").on(t.paymentStatus, t.createdAt.desc(), t.id.desc()),
    // The dashboard's to-do list: open orders awaiting contact (by age), arranged but
    // unpaid (by when it was arranged), and paid revenue per week.
    index("orders_awaiting_contact_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql.raw(`payment_status = 'awaiting_contact' and ${OPEN_ORDER_CONDITION}`)),
    index("orders_arranged_unpaid_idx")
      .on(t.paymentArrangedAt)
      .where(sql.raw(`payment_status = 'arranged' and ${OPEN_ORDER_CONDITION}`)),
    index("orders_paid_on_idx").on(t.paidOn).where(sql.raw(`payment_status = 'paid'`)),
    // Order search: name, e-mail (case-insensitive) or phone, as substrings, through ONE
    // trigram index over the three (with three indexes the planner chose a sequential scan
    // for the OR, 10× slower at 100,000 orders; decision 009). Phone numbers are also found
    // by their digits, whatever the spacing or +27 / 0 prefix.
    index("orders_search_trgm_idx").using("gin", sql`${orderSearchText(t)} gin_trgm_ops`),
    index("orders_phone_digits_trgm_idx").using("gin", sql`${orderPhoneDigits(t)} gin_trgm_ops`),
  ],
);

type SearchColumns = { customerName: AnyPgColumn; email: AnyPgColumn; phone: AnyPgColumn };

/**
 * The text an order search matches: name, e-mail and phone, one per line (a search box
 * cannot send a line break, so a term never spans two fields). Queries must use this exact
 * expression for the index to serve them.
 */
export function orderSearchText(t: SearchColumns) {
  return sql`(${t.customerName} || E'\\n' || ${t.email} || E'\\n' || ${t.phone})`;
}

/**
 * The phone's national digits: separators dropped, then a leading 0027, 27 or 0, so that
 * 082 123 4567, +27 82 123 4567 and 0821234567 all read 821234567.
 */
export function orderPhoneDigits(t: Pick<SearchColumns, "phone">) {
  return sql`regexp_replace(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), '^(0027|27|0)', '')`;
}

/**
 * The last invoice number issued (docs/product.md §3.9 "Invoice"): one row, raised in the
 * transaction that gives an order its number, so numbers are gap-free (a sequence is not: a
 * rolled-back transaction would lose its value) and two invoices never share one.
 */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    id: integer("id").primaryKey().default(1),
    last: integer("last").notNull(),
  },
  (t) => [check("invoice_counter_one_row", sql`${t.id} = 1`)],
);

/**
 * Orders per status and payment state, kept exact by statement triggers on orders
 * (migrations 0002_order_status_counts_triggers and 0007's custom part), so the admin list's
 * total and its filters' totals are one small read at any size instead of a count over every
 * order (decision 009).
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    status: text("status").$type<OrderStatus>().notNull(),
    paymentStatus: text("payment_status")
      .$type<PaymentStatus>()
      .notNull()
      .default("awaiting_contact"),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.status, t.paymentStatus] }),
    check("order_status_counts_status_known", sql.raw(`status in (${statusList})`)),
    check(
      "order_status_counts_payment_status_known",
      sql.raw(`payment_status in (${paymentStatusList})`),
    ),
  ],
);

/**
 * Orders per day (in Johannesburg), status and payment state, kept exact by the same
 * statement triggers as orderStatusCounts (migration 0011_admin_counts_at_scale). A deep page
 * of the admin list finds the day it starts in by adding these up, instead of skipping
 * hundreds of thousands of orders one by one, and the dashboard's weekly figures read a few
 * hundred rows at any size (decision 009).
 */
export const orderDayCounts = pgTable(
  "order_day_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus] })],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept when the product is deleted: the line keeps its name and price as sold.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    quantity: integer("quantity").notNull(),
    /**
     * The buyer's personalisation of this line (decision 040) and the label it answered, as
     * the product asked at checkout; both null for a line without one.
     */
    personalisation: text("personalisation"),
    personalisationLabel: text("personalisation_label"),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_not_negative", sql`${t.price} >= 0`),
    check("order_items_product_name_not_blank", sql`btrim(${t.productName}) <> ''`),
    check(
      "order_items_personalisation_labelled",
      sql`(${t.personalisation} is null) = (${t.personalisationLabel} is null)`,
    ),
  ],
);

export type OrderEventKind = "status" | "note" | "payment" | "delivery";

/** What a delivery change recorded: the delivery before and after (null: not agreed). */
export interface DeliveryEventDetails {
  from: DeliveryRecord | null;
  to: DeliveryRecord | null;
}
export interface DeliveryRecord {
  method: DeliveryMethod;
  /** Integer cents. */
  amountCents: number;
  courier: string | null;
  reference: string | null;
}

/** What a payment change recorded: the new state's details (decision 014). */
export interface PaymentEventDetails {
  method?: PaymentMethod | null;
  reference?: string | null;
  /** Integer cents. */
  amountCents?: number | null;
  paidOn?: string | null;
  customerNotified?: boolean;
}

/** Order history: status changes, payment changes and internal notes, who and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>(),
    fromPayment: text("from_payment").$type<PaymentStatus>(),
    toPayment: text("to_payment").$type<PaymentStatus>(),
    paymentDetails: jsonb("payment_details").$type<PaymentEventDetails>(),
    deliveryDetails: jsonb("delivery_details").$type<DeliveryEventDetails>(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_id_idx").on(t.orderId, t.createdAt),
    check("order_events_kind_known", sql`${t.kind} in ('status', 'note', 'payment', 'delivery')`),
  ],
);
