import { type AnyColumn, and, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { DashboardTodo, WeekComparison } from "#app/lib/dashboard-todo.ts";
import {
  addDays,
  johannesburgDate,
  johannesburgWeekStart,
  startOfJohannesburgDay,
} from "#app/lib/dates.ts";
import { toCents } from "#app/lib/money.ts";
import { OPEN_QUOTE_OVERDUE_HOURS } from "#app/lib/payment-status.ts";
import {
  contactRequests,
  heldSubmissions,
  newsletterSubscribers,
  orderDayCounts,
  orders,
  products,
  ROW_COUNT,
} from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { readRowCount } from "../db/row-counts.server.ts";
import { countFailingMessages, type OutboxHealth } from "../notifications/admin.server.ts";
import {
  countOpenOrders,
  countOrders,
  overdueOrdersCondition,
} from "../orders/order-list.server.ts";
import { countAwaitingApproval } from "../users/admin-access.server.ts";

/** docs/product.md §3.3 /admin/dashboard, plus the open and pending counts and the weekly orders. */
export interface DashboardStats {
  products: number;
  orders: number;
  pendingOrders: number;
  subscribers: number;
  /** Quote requests and contact messages: both live in contact_requests (docs/product.md §4). */
  quoteRequests: number;
  openQuoteRequests: number;
  /** Orders per week (Monday to Sunday, Johannesburg time), oldest first, 12 weeks. */
  ordersPerWeek: { weekStart: string; count: number }[];
  /** E-mail that failed or is being retried: the dashboard warns (decision 003). */
  emailHealth: OutboxHealth;
  /** What waits for the owner, overdue first. */
  todo: DashboardTodo;
  /** This week so far against all of last week (decision 014). */
  week: WeekComparison;
}

export type { DashboardTodo } from "#app/lib/dashboard-todo.ts";

export const DASHBOARD_WEEKS = 12;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Orders placed on the Johannesburg days `from` (included) to `to` (excluded), by counter. */
async function ordersOnDays(db: Database, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orderDayCounts.count}), 0)::text` })
    .from(orderDayCounts)
    .where(and(gte(orderDayCounts.day, from), lt(orderDayCounts.day, to)));
  return Number(row?.total ?? 0);
}

/** Exact counts (docs/product.md §3.3 "Counts are exact"), read in parallel. */
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
    todo,
    week,
  ] = await Promise.all([
    db.$count(products),
    // Orders, subscribers and requests from the counters their triggers keep (decision 009): at
    // 1,000,000 orders counting them took 0.2 s.
    countOrders(db, null),
    countOrders(db, "pending"),
    readRowCount(db, ROW_COUNT.subscribers),
    readRowCount(db, ROW_COUNT.openRequests, ROW_COUNT.resolvedRequests),
    readRowCount(db, ROW_COUNT.openRequests),
    getOrdersPerWeek(db, now),
    countFailingMessages(db),
    getDashboardTodo(db, now),
    getWeekComparison(db, now),
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
    todo,
    week,
  };
}

/**
 * What waits for the owner at `now`, and how much of it is overdue. Each boundary counts: an
 * order placed exactly 24 hours ago is overdue, one placed 23 h 59 min ago is not. The
 * overdue orders' conditions are the list's overdue filter (the to-do items link to it),
 * served by partial indexes; the waiting orders come from the per-state counters.
 */
export async function getDashboardTodo(db: Database, now = new Date()): Promise<DashboardTodo> {
  const quoteBefore = new Date(now.getTime() - OPEN_QUOTE_OVERDUE_HOURS * 3_600_000);
  const [
    awaitingContact,
    awaitingContactOverdue,
    arranged,
    arrangedOverdue,
    openQuotes,
    openQuotesOverdue,
    held,
    accountsAwaitingApproval,
  ] = await Promise.all([
    countOpenOrders(db, "awaiting_contact"),
    db.$count(orders, overdueOrdersCondition("awaiting_contact", now)),
    countOpenOrders(db, "arranged"),
    db.$count(orders, overdueOrdersCondition("arranged", now)),
    readRowCount(db, ROW_COUNT.openRequests),
    db.$count(
      contactRequests,
      and(eq(contactRequests.isResolved, false), lte(contactRequests.createdAt, quoteBefore)),
    ),
    db.$count(heldSubmissions),
    countAwaitingApproval(db),
  ]);
  return {
    awaitingContact: { waiting: awaitingContact, overdue: awaitingContactOverdue },
    arrangedUnpaid: { waiting: arranged, overdue: arrangedOverdue },
    openQuoteRequests: { waiting: openQuotes, overdue: openQuotesOverdue },
    heldSubmissions: held,
    accountsAwaitingApproval,
  };
}

/** This week (Monday 00:00 in Johannesburg up to `now`) and all of last week. */
export async function getWeekComparison(db: Database, now = new Date()): Promise<WeekComparison> {
  const weekStart = johannesburgWeekStart(now);
  const lastWeekStart = addDays(weekStart, -7);
  const thisFrom = startOfJohannesburgDay(weekStart);
  const lastFrom = startOfJohannesburgDay(lastWeekStart);
  const createdIn = (column: AnyColumn, from: Date, to: Date) =>
    and(gte(column, from), lt(column, to));
  const paidIn = async (from: string, to: string) => {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${orders.paymentAmount}), 0)::text` })
      .from(orders)
      .where(
        and(eq(orders.paymentStatus, "paid"), gte(orders.paidOn, from), lt(orders.paidOn, to)),
      );
    return toCents(row?.total ?? "0");
  };
  // "This week" ends now: a payment dated later today is still this week's.
  const nextWeekStart = addDays(weekStart, 7);
  // New orders from the per-day counters (a week held 6,000 orders at 1,000,000); today's up
  // to now counted from the orders themselves.
  const today = johannesburgDate(now);
  const [
    ordersBeforeToday,
    ordersToday,
    ordersLast,
    paidThis,
    paidLast,
    subscribersThis,
    subscribersLast,
  ] = await Promise.all([
    ordersOnDays(db, weekStart, today),
    db.$count(orders, createdIn(orders.createdAt, startOfJohannesburgDay(today), now)),
    ordersOnDays(db, lastWeekStart, weekStart),
    paidIn(weekStart, nextWeekStart),
    paidIn(lastWeekStart, weekStart),
    db.$count(newsletterSubscribers, createdIn(newsletterSubscribers.createdAt, thisFrom, now)),
    db.$count(
      newsletterSubscribers,
      createdIn(newsletterSubscribers.createdAt, lastFrom, thisFrom),
    ),
  ]);
  return {
    weekStart,
    newOrders: { thisWeek: ordersBeforeToday + ordersToday, lastWeek: ordersLast },
    paidRevenueCents: { thisWeek: paidThis, lastWeek: paidLast },
    subscribers: { thisWeek: subscribersThis, lastWeek: subscribersLast },
  };
}

/**
 * Orders per week for the last DASHBOARD_WEEKS weeks including the current one, weeks with no
 * orders included as 0. Summed from the per-day counters (Johannesburg days): at most 84
 * days' rows, at any number of orders.
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
        (select coalesce(sum(d.count), 0)::int from ${orderDayCounts} d
          where d.day >= w.week_start::date and d.day < (w.week_start + interval '1 week')::date
        ) as count
      from weeks w
      order by w.week_start`,
  );
  return result.map((row) => ({ weekStart: row.week_start, count: Number(row.count) }));
}
