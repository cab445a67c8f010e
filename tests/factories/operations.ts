import { faker } from "@faker-js/faker";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.server.ts";
import {
  contactRequests,
  newsletterSubscribers,
  type OrderStatus,
  orderItems,
  orders,
  type PaymentMethod,
} from "#db/schema/index.ts";

/*
 * Rows for the admin operations tests (decision 009), straight in the database: the admin pages
 * read what the checkout and the public forms store, so these only need the columns.
 */

export interface OrderLineInput {
  productName?: string;
  price?: string;
  quantity?: number;
}

export async function createOrder(
  db: Database,
  options: {
    customerName?: string;
    email?: string;
    phone?: string;
    /** The buyer's note from checkout. */
    note?: string;
    status?: OrderStatus;
    createdAt?: Date;
    updatedAt?: Date;
    lines?: OrderLineInput[];
    /** The payment (decision 014); awaiting contact when left out. */
    payment?:
      | { status: "arranged"; method?: PaymentMethod; arrangedAt: Date }
      | { status: "paid"; method?: PaymentMethod; amount: string; paidOn: string };
  } = {},
) {
  const createdAt = options.createdAt ?? new Date();
  const payment = options.payment;
  const [order] = await db
    .insert(orders)
    .values({
      customerName: options.customerName ?? faker.person.fullName(),
      email: options.email ?? faker.internet.email().toLowerCase(),
      phone: options.phone ?? "082 123 4567",
      note: options.note ?? null,
      status: options.status ?? "pending",
      createdAt,
      updatedAt: options.updatedAt ?? createdAt,
      ...(payment
        ? {
            paymentStatus: payment.status,
            paymentMethod: payment.method ?? "eft",
            ...(payment.status === "arranged"
              ? { paymentArrangedAt: payment.arrangedAt }
              : { paymentAmount: payment.amount, paidOn: payment.paidOn }),
          }
        : {}),
    })
    .returning();
  const lines = options.lines ?? [{}];
  if (lines.length > 0) {
    await db.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productName: line.productName ?? faker.commerce.productName(),
        price: line.price ?? "100.00",
        quantity: line.quantity ?? 1,
      })),
    );
  }
  return order!;
}

export async function createSubscriber(
  db: Database,
  options: {
    email?: string;
    createdAt?: Date;
    status?: "pending" | "subscribed" | "unsubscribed" | "bounced";
    confirmedAt?: Date | null;
  } = {},
) {
  const createdAt = options.createdAt ?? new Date();
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({
      email: options.email ?? faker.internet.email().toLowerCase(),
      consentSource: "footer",
      consentText: "test consent",
      createdAt,
      status: options.status ?? "subscribed",
      statusChangedAt: createdAt,
      confirmedAt: options.confirmedAt ?? null,
    })
    .returning();
  return row!;
}

export async function createQuoteRequest(
  db: Database,
  options: {
    name?: string;
    email?: string;
    phone?: string | null;
    service?: string;
    message?: string;
    isResolved?: boolean;
    createdAt?: Date;
  } = {},
) {
  const [row] = await db
    .insert(contactRequests)
    .values({
      name: options.name ?? faker.person.fullName(),
      email: options.email ?? faker.internet.email().toLowerCase(),
      phone: options.phone ?? null,
      service: options.service ?? "Web Development",
      message: options.message ?? faker.lorem.sentence(),
      isResolved: options.isResolved ?? false,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

/** Raw SQL rows on PGlite ({ rows }) and postgres.js (an array) alike. */
export async function sqlRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A moment `minutes` before a fixed base, so orderings are known. */
export function minutesAgo(minutes: number, base = new Date("2026-11-20T10:00:00Z")) {
  return new Date(base.getTime() - minutes * 60_000);
}

/** Exact per-status counts by counting the orders themselves (to check the counters). */
export async function countedByStatus(db: Database) {
  const rows = await sqlRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from orders group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
