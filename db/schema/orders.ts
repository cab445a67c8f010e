import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { createdAt, idColumn, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** Spec §4 "Order status": the five values, a new order starts as pending. */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const statusList = ORDER_STATUSES.map((s) => `'${s}'`).join(", ");

export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    // A checkout form carries a key so a double submit stores one order.
    idempotencyKey: uuid("idempotency_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_known", sql.raw(`status in (${statusList})`)),
    check("orders_customer_name_not_blank", sql`btrim(${t.customerName}) <> ''`),
    check("orders_email_not_blank", sql`btrim(${t.email}) <> ''`),
    check("orders_phone_not_blank", sql`btrim(${t.phone}) <> ''`),
    // Newest first, optionally per status (admin orders list and its filter).
    index("orders_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
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
 * Orders per status, kept exact by statement triggers on orders (migration
 * 0001_admin_operations), so the admin list's total and its status filter's total are one
 * small read at any size instead of a count over every order (decision 009).
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    status: text("status").$type<OrderStatus>().primaryKey(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  () => [check("order_status_counts_status_known", sql.raw(`status in (${statusList})`))],
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
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_not_negative", sql`${t.price} >= 0`),
    check("order_items_product_name_not_blank", sql`btrim(${t.productName}) <> ''`),
  ],
);

/** Order history: status changes and internal notes, who and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: idColumn(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    kind: text("kind").$type<"status" | "note">().notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_id_idx").on(t.orderId, t.createdAt),
    check("order_events_kind_known", sql`${t.kind} in ('status', 'note')`),
  ],
);
