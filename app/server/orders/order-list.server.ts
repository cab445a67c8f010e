import { and, eq, inArray, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { OrderFilters, OrderListQuery } from "#app/lib/admin-list-queries.ts";
import { toCents } from "#app/lib/money.ts";
import type { OrderStatus } from "#app/lib/order-status.ts";
import type { OrderListPage, OrderSummary } from "#app/lib/orders.ts";
import { pageCount } from "#app/lib/pagination.ts";
import {
  ARRANGED_UNPAID_OVERDUE_DAYS,
  AWAITING_CONTACT_OVERDUE_HOURS,
  type PaymentStatus,
} from "#app/lib/payment-status.ts";
import {
  orderDayCounts,
  orderItems,
  orderPhoneDigits,
  orderSearchText,
  orderStatusCounts,
  orders,
} from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { likePattern } from "../db/search.server.ts";
import { totalWithDeliveryCents } from "./delivery.server.ts";

/*
 * The admin's order list (docs/product.md §3.8 /admin/orders, §9 "Orders per page"): search, filter,
 * counts and pages run in the database, and item counts and totals are summed by the
 * database for the ten rows shown (decision 009). The original loaded every order with its
 * items into the browser.
 */

/** docs/product.md §9 "Orders per page". */
export const ORDERS_PAGE_SIZE = 10;

/** The list's state from the URL, read the same way by the page in the browser. */
export {
  type OrderFilters,
  type OrderListQuery,
  parseOrderListQuery,
} from "#app/lib/admin-list-queries.ts";

/**
 * A search term that looks like a phone number, as the national digits to look for in
 * `orderPhoneDigits` (no 27 / 0 prefix); null when the term is not a phone number.
 */
export function phoneSearchDigits(term: string): string | null {
  if (!/^[\d\s\-.()+/]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, "");
  if (digits.length < 4) return null;
  const international = /^\s*(\+|00)/.test(term);
  const national = international
    ? digits.replace(/^(00)?27/, "")
    : /^27\d{9}$/.test(digits)
      ? digits.slice(2)
      : digits.replace(/^0/, "");
  return national.length >= 3 ? national : null;
}

/** Finished orders (docs/product.md §3.8: delivered and cancelled cards are greyed) need nothing more. */
const FINISHED: OrderStatus[] = ["delivered", "cancelled"];

/**
 * The dashboard's overdue orders (decision 014), open ones only: awaiting contact for 24 hours or
 * more, or arranged and unpaid for 7 days or more, at `now`. The same conditions as the
 * partial indexes orders_awaiting_contact_idx and orders_arranged_unpaid_idx.
 */
export function overdueOrdersCondition(payment: "awaiting_contact" | "arranged", now: Date): SQL {
  const open = notInArray(orders.status, FINISHED);
  if (payment === "awaiting_contact") {
    const before = new Date(now.getTime() - AWAITING_CONTACT_OVERDUE_HOURS * 3_600_000);
    return and(eq(orders.paymentStatus, "awaiting_contact"), open, lte(orders.createdAt, before))!;
  }
  const before = new Date(now.getTime() - ARRANGED_UNPAID_OVERDUE_DAYS * 86_400_000);
  return and(eq(orders.paymentStatus, "arranged"), open, lte(orders.paymentArrangedAt, before))!;
}

/**
 * The WHERE clause of a search and the status and payment filters (shared by the list and
 * the export); `now` places the overdue filter's threshold.
 */
export function orderFilterCondition(filters: OrderFilters, now = new Date()): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.payment) conditions.push(eq(orders.paymentStatus, filters.payment));
  if (
    filters.overdue &&
    (filters.payment === "awaiting_contact" || filters.payment === "arranged")
  ) {
    conditions.push(overdueOrdersCondition(filters.payment, now));
  }
  if (filters.q) conditions.push(orderSearchCondition(filters.q));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The orders a search term matches: its name, e-mail or phone contains the term (any case),
 * or, for a phone number, its digits. As written it uses the indexed expressions themselves
 * (db/schema/orders.ts), so the trigram indexes serve it: one for the text, one for a phone
 * number's digits. `checked`: the same test, on an expression the planner does not look up in
 * the index (the text with '' appended), to check the rows another condition found.
 */
export function orderSearchCondition(q: string, form: "indexed" | "checked" = "indexed"): SQL {
  const text =
    form === "indexed" ? orderSearchText(orders) : sql`(${orderSearchText(orders)} || '')`;
  const textMatch = sql`${text} ilike ${likePattern(q)}`;
  const digits = phoneSearchDigits(q);
  return digits
    ? or(textMatch, sql`${orderPhoneDigits(orders)} like ${`%${digits}%`}`)!
    : textMatch;
}

/**
 * The part of an e-mail address or phone number that the trigram index looks up: its longest
 * run of letters or digits ("pillay624" of "lwazi.pillay624@mweb.co.za", "5641" of "+27 82 428
 * 5641"). The rest of such a term is trigrams that most orders share ("@gm", ".co", "o.z",
 * "+27", " 82"), whose long lists the index would read in full: 40-100 ms at 1,000,000
 * orders, against 2 ms for the run (decision 009). Null: the whole term is looked up.
 */
export function searchLookupToken(term: string): string | null {
  if (!term.includes("@") && phoneSearchDigits(term) === null) return null;
  const runs = term.match(/[\p{L}\p{N}]+/gu) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  return longest.length >= 3 && longest.length < term.length ? longest : null;
}

/**
 * What the trigram index looks up for a search: the term, or for an e-mail address or phone
 * number its rare part, the whole term then checked on the rows found. Both find exactly the
 * orders orderSearchCondition finds: a row that contains the term contains its part.
 */
function searchLookupCondition(q: string): SQL {
  const token = searchLookupToken(q);
  if (!token) return orderSearchCondition(q);
  const text = sql`${orderSearchText(orders)} ilike ${likePattern(token)}`;
  const digits = phoneSearchDigits(q);
  const lookup = digits ? or(text, sql`${orderPhoneDigits(orders)} like ${`%${digits}%`}`)! : text;
  return and(lookup, orderSearchCondition(q, "checked"))!;
}

/**
 * Newest first (docs/product.md §9). NULLS LAST as in the indexes (the columns are NOT NULL, so the order
 * is the same): with PostgreSQL's default NULLS FIRST for DESC the planner could not use them.
 */
export const NEWEST_FIRST = [
  sql`${orders.createdAt} desc nulls last`,
  sql`${orders.id} desc nulls last`,
];
const OLDEST_FIRST = [sql`${orders.createdAt} asc nulls first`, sql`${orders.id} asc nulls first`];

export const summaryColumns = {
  id: orders.id,
  customerName: orders.customerName,
  email: orders.email,
  phone: orders.phone,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  /** Added to the lines' sum once delivery is agreed (docs/product.md §3.9 "Delivery"). */
  deliveryAmount: orders.deliveryAmount,
};

/** Item counts and totals of the given orders, summed by the database in exact money. */
export async function totalsOf(db: Database, orderIds: string[]) {
  const totals = new Map<string, { itemCount: number; totalCents: number }>();
  if (orderIds.length === 0) return totals;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      itemCount: sql<number>`sum(${orderItems.quantity})::int`,
      total: sql<string>`sum(${orderItems.price} * ${orderItems.quantity})::numeric(14, 2)::text`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  for (const row of rows) {
    totals.set(row.orderId, { itemCount: Number(row.itemCount), totalCents: toCents(row.total) });
  }
  return totals;
}

/**
 * A search's count stops here: counting every match of a broad term ("gmail") would read
 * most orders. Beyond it the list says "more than 1,000" and pages through the newest 1,000.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * The same for a term the trigram index cannot serve (no three letters or digits in a row):
 * its matches are counted by reading orders one by one, so it stops sooner.
 */
export const SHORT_SEARCH_COUNT_LIMIT = 100;

/**
 * Exact order counts from the per-status and payment counters: one small read at any size.
 */
export async function countOrders(
  db: Database,
  status: OrderStatus | null,
  payment: PaymentStatus | null = null,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orderStatusCounts.count}), 0)::text` })
    .from(orderStatusCounts)
    .where(
      and(
        status ? eq(orderStatusCounts.status, status) : undefined,
        payment ? eq(orderStatusCounts.paymentStatus, payment) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/** Open orders (not delivered or cancelled) in a payment state, from the same counters. */
export async function countOpenOrders(db: Database, payment: PaymentStatus): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orderStatusCounts.count}), 0)::text` })
    .from(orderStatusCounts)
    .where(
      and(
        eq(orderStatusCounts.paymentStatus, payment),
        notInArray(orderStatusCounts.status, FINISHED),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Planner settings for the rest of the transaction (SET LOCAL). The trigram estimates are
 * guesses: at 100,000 orders the planner took a rare term for a common one and scanned every
 * order (0.4-0.8 s on PGlite). A search therefore counts its matches through the trigram
 * index first, then picks the plan for the page from that real number (decision 009).
 */
async function plannerSettings(db: Database, settings: Record<string, string>) {
  const calls = Object.entries(settings).map(
    ([name, value]) => sql`set_config(${name}, ${value}, true)`,
  );
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

type OrderSummaryRow = Omit<OrderSummary, "itemCount" | "totalCents"> & {
  deliveryAmount: string | null;
};

async function pageOfOrders(
  db: Database,
  where: SQL | undefined,
  offset: number,
  fromOldest?: { total: number },
): Promise<OrderSummaryRow[]> {
  if (fromOldest) {
    // The same page counted from the other end, read oldest first and turned round.
    const limit = Math.min(ORDERS_PAGE_SIZE, fromOldest.total - offset);
    const rows = await db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(...OLDEST_FIRST)
      .limit(limit)
      .offset(fromOldest.total - offset - limit);
    return rows.reverse();
  }
  return db
    .select(summaryColumns)
    .from(orders)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset);
}

/**
 * Pages whose first order is further than this from both ends of the list are found by day
 * (orderDayCounts) instead of by skipping every order before them.
 */
export const DIRECT_OFFSET_LIMIT = 2_000;

/**
 * A page deep in the list (decision 009): the per-day counters say in which day (Johannesburg)
 * the page's first order lies and how many orders the newer days hold; the page is then read
 * from that day's end, skipping only orders of that day. At 1,000,000 orders the middle page
 * skipped 500,000 orders (0.2-0.4 s on PostgreSQL); this reads a few thousand counter rows and
 * skips fewer than a day's orders. Null when the counters do not reach `offset` (an order
 * deleted meanwhile): the caller skips the plain way.
 */
async function pageOfOrdersByDay(
  db: Database,
  filters: Pick<OrderFilters, "status" | "payment">,
  where: SQL | undefined,
  offset: number,
): Promise<OrderSummaryRow[] | null> {
  const days = db
    .select({
      day: orderDayCounts.day,
      n: sql<string>`sum(${orderDayCounts.count})`.as("n"),
    })
    .from(orderDayCounts)
    .where(
      and(
        filters.status ? eq(orderDayCounts.status, filters.status) : undefined,
        filters.payment ? eq(orderDayCounts.paymentStatus, filters.payment) : undefined,
      ),
    )
    .groupBy(orderDayCounts.day)
    .as("days");
  const running = db
    .select({
      day: days.day,
      n: days.n,
      // Orders on newer days than this one.
      newer: sql<string>`sum(${days.n}) over (order by ${days.day} desc) - ${days.n}`.as("newer"),
    })
    .from(days)
    .as("running");
  const [start] = await db
    .select({ day: sql<string>`${running.day}::text`, newer: sql<string>`${running.newer}::text` })
    .from(running)
    .where(sql`${running.newer} <= ${offset} and ${running.newer} + ${running.n} > ${offset}`)
    .limit(1);
  if (!start) return null;
  const dayEnd = sql`((${start.day}::date + 1)::timestamp at time zone 'Africa/Johannesburg')`;
  return db
    .select(summaryColumns)
    .from(orders)
    .where(and(where, sql`${orders.createdAt} < ${dayEnd}`))
    .orderBy(...NEWEST_FIRST)
    .limit(ORDERS_PAGE_SIZE)
    .offset(offset - Number(start.newer));
}

/** The given orders, newest first. */
async function ordersByIds(db: Database, ids: string[]): Promise<OrderSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(...NEWEST_FIRST);
}

/** Rows read newest first to tell a common search term (a fifth of the orders or more). */
const SEARCH_PROBE_ROWS = 300;
const SEARCH_PROBE_COMMON = 60;
/** How many of the newest orders a common term's count reads before asking the index. */
const SEARCH_WALK_ROWS = 10_000;

/**
 * How many of the `rows` newest orders (with the filters) match the search, at most `limit`:
 * the orders are read newest first and the reading stops at `limit` matches.
 */
async function countAmongNewest(
  db: Database,
  filters: SQL | undefined,
  match: SQL,
  rows: number,
  limit: number,
): Promise<number> {
  const newest = db
    .select({ hit: sql<boolean>`${match}`.as("hit") })
    .from(orders)
    .where(filters)
    .orderBy(...NEWEST_FIRST)
    .limit(rows)
    .as("newest");
  const hits = db
    .select({ one: sql`1` })
    .from(newest)
    .where(sql`${newest.hit}`)
    .limit(limit)
    .as("hits");
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(hits);
  return Number(counted?.n ?? 0);
}

async function searchPage(db: Database, query: OrderListQuery, now: Date) {
  const q = query.q!;
  const filters = orderFilterCondition({ ...query, q: null }, now);
  const where = and(filters, orderSearchCondition(q));
  // A term without three letters or digits in a row has no trigram to look up: the index
  // could only be read whole. Such a term ("al", "08") matches many orders, so scanning them
  // newest first finds a page and 1,001 matches soon.
  const indexed = /[\p{L}\p{N}]{3,}/u.test(q);
  return db.transaction(async (tx) => {
    // No parallel workers: starting them took 80 ms on a busy server, far more than these
    // reads need (decision 009). Newest first, by the created_at indexes.
    await plannerSettings(tx, { max_parallel_workers_per_gather: "0", enable_bitmapscan: "off" });
    let found: number | null = null;
    if (indexed) {
      // A common term ("gmail": nearly half the orders) has more than 1,000 matches among the
      // newest few thousand orders: counted there, it costs a few ms, where the trigram
      // index would list all 445,000 of them (0.1-0.2 s at 1,000,000 orders).
      const match = orderSearchCondition(q);
      const probe = await countAmongNewest(
        tx,
        filters,
        match,
        SEARCH_PROBE_ROWS,
        SEARCH_PROBE_ROWS,
      );
      if (probe >= SEARCH_PROBE_COMMON) {
        const walked = await countAmongNewest(
          tx,
          filters,
          match,
          SEARCH_WALK_ROWS,
          SEARCH_COUNT_LIMIT + 1,
        );
        if (walked > SEARCH_COUNT_LIMIT) found = walked;
      }
    }
    // Otherwise count through the trigram index (a bitmap scan), at most SEARCH_COUNT_LIMIT + 1
    // rows; an e-mail address or phone number by its rare part (searchLookupCondition).
    const lookup = indexed ? and(filters, searchLookupCondition(q)) : where;
    // A short term's matches are found newest first: their ids, in the list's order, give
    // the count and the page, so a term that matches almost nothing reads the orders once,
    // not twice (1.5 s at 1,000,000 orders, decision 009).
    let newest: string[] | null = null;
    if (found === null && !indexed) {
      newest = (
        await tx
          .select({ id: orders.id })
          .from(orders)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(SHORT_SEARCH_COUNT_LIMIT + 1)
      ).map((row) => row.id);
      found = newest.length;
    }
    if (found === null) {
      await plannerSettings(tx, {
        enable_seqscan: "off",
        enable_indexscan: "off",
        enable_bitmapscan: "on",
      });
      const matches = tx
        .select({ one: sql`1` })
        .from(orders)
        .where(lookup)
        .limit(SEARCH_COUNT_LIMIT + 1)
        .as("matches");
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(matches);
      found = Number(counted?.n ?? 0);
    }
    const limit = indexed ? SEARCH_COUNT_LIMIT : SHORT_SEARCH_COUNT_LIMIT;
    const exact = found <= limit;
    const total = Math.min(found, limit);
    const pages = pageCount(total, ORDERS_PAGE_SIZE);
    const page = Math.min(query.page, pages);
    // Few matches: sort them (the bitmap scan again). Many: they are everywhere, so walking
    // the orders newest first finds a page of them after a few hundred rows.
    if (indexed && !exact) {
      await plannerSettings(tx, { enable_indexscan: "on", enable_bitmapscan: "off" });
    }
    const offset = (page - 1) * ORDERS_PAGE_SIZE;
    const rows = newest
      ? await ordersByIds(tx, newest.slice(offset, offset + ORDERS_PAGE_SIZE))
      : await pageOfOrders(tx, exact ? lookup : where, offset);
    return { rows, total, exact, page, pages };
  });
}

async function unfilteredPage(db: Database, query: OrderListQuery, now: Date) {
  const where = orderFilterCondition(query, now);
  // The overdue orders are few (the to-do list's): counted through their partial index.
  const total = query.overdue
    ? await db.$count(orders, where)
    : await countOrders(db, query.status, query.payment);
  const pages = pageCount(total, ORDERS_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const offset = (page - 1) * ORDERS_PAGE_SIZE;
  const fromOldest = total - offset - ORDERS_PAGE_SIZE;
  if (!query.overdue && offset > DIRECT_OFFSET_LIMIT && fromOldest > DIRECT_OFFSET_LIMIT) {
    const rows = await pageOfOrdersByDay(db, query, where, offset);
    if (rows) return { rows, total, exact: true, page, pages };
  }
  // A page in the second half is read from the oldest end: no page skips more than half.
  const rows = await pageOfOrders(db, where, offset, offset > total / 2 ? { total } : undefined);
  return { rows, total, exact: true, page, pages };
}

/**
 * Orders newest first (docs/product.md §9), ORDERS_PAGE_SIZE per page, with their item counts and
 * totals summed by the database for the rows shown.
 */
export async function listOrders(
  db: Database,
  query: OrderListQuery,
  now = new Date(),
): Promise<OrderListPage> {
  const { rows, total, exact, page, pages } = query.q
    ? await searchPage(db, query, now)
    : await unfilteredPage(db, query, now);
  const totals = await totalsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map(({ deliveryAmount, ...row }) => ({
      ...row,
      itemCount: totals.get(row.id)?.itemCount ?? 0,
      totalCents: totalWithDeliveryCents(totals.get(row.id)?.totalCents ?? 0, deliveryAmount),
    })),
    total,
    totalIsExact: exact,
    page,
    pageCount: pages,
    pageSize: ORDERS_PAGE_SIZE,
  };
}
