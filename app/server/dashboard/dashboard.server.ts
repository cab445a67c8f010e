import { eq, type SQL, sql } from "drizzle-orm";
import { contactRequests, newsletterSubscribers, orders, products } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { countFailingMessages, type OutboxHealth } from "../notifications/admin.server.ts";

/** Spec §2 /admin/dashboard, plus the open and pending counts and the weekly orders (issue 6). */
export interface DashboardStats {
  products: number;
  orders: number;
  pendingOrders: number;
  subscribers: number;
  /** Quote requests and contact messages: both live in contact_requests (spec §3). */
  quoteRequests: number;
  openQuoteRequests: number;
  /** Orders per week (Monday to Sunday, Johannesburg time), oldest first, 12 weeks. */
  ordersPerWeek: { weekStart: string; count: number }[];
  /** E-mail that failed or is being retried: the dashboard warns (issue 3). */
  emailHealth: OutboxHealth;
}

export const DASHBOARD_WEEKS = 12;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Exact counts (spec §9 "Dashboard counts: exact counts"), read in parallel. */
export async function getDashboardStats(db: Database, now = new Date()): Promise<DashboardStats> {
  const [
    productCount,
    orderCount,
    pendingOrders,
    subscribers,
    quoteRequests,
    openQuoteRequests,
    ordersPerWeek,
    emailHealth,
  ] = await Promise.all([
    db.$count(products),
    db.$count(orders),
    db.$count(orders, eq(orders.status, "pending")),
    db.$count(newsletterSubscribers),
    db.$count(contactRequests),
    db.$count(contactRequests, eq(contactRequests.isResolved, false)),
    getOrdersPerWeek(db, now),
    countFailingMessages(db),
  ]);
  return {
    products: productCount,
    orders: orderCount,
    pendingOrders,
    subscribers,
    quoteRequests,
    openQuoteRequests,
    ordersPerWeek,
    emailHealth,
  };
}

/**
 * Orders per week for the last DASHBOARD_WEEKS weeks including the current one, weeks with no
 * orders included as 0. Ranges on created_at, so the orders_created_at index serves it.
 */
export async function getOrdersPerWeek(db: Database, now = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await rows<{ week_start: string; count: number }>(
    db,
    sql`
      with weeks as (
        select generate_series(
          date_trunc('week', ${at} at time zone 'Africa/Johannesburg')
            - make_interval(weeks => ${DASHBOARD_WEEKS - 1}),
          date_trunc('week', ${at} at time zone 'Africa/Johannesburg'),
          interval '1 week'
        ) as week_start
      )
      select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
        (select count(*)::int from ${orders} o
          where o.created_at >= (w.week_start at time zone 'Africa/Johannesburg')
            and o.created_at < ((w.week_start + interval '1 week') at time zone 'Africa/Johannesburg')
        ) as count
      from weeks w
      order by w.week_start`,
  );
  return result.map((row) => ({ weekStart: row.week_start, count: Number(row.count) }));
}
