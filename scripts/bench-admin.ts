import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { desc, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { SERVICE_OPTIONS } from "#app/lib/quote-services.ts";
import { getDashboardStats } from "#app/server/dashboard/dashboard.server.ts";
import {
  type Database,
  type DatabaseHandle,
  openDatabase,
  redactUrl,
} from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";
import { listQuoteRequests } from "#app/server/inquiries/admin-quote-requests.server.ts";
import { listSubscribers } from "#app/server/newsletter/admin-subscribers.server.ts";
import { orderExportBatches } from "#app/server/orders/order-export.server.ts";
import {
  listOrders,
  ORDERS_PAGE_SIZE,
  type OrderListQuery,
  parseOrderListQuery,
} from "#app/server/orders/order-list.server.ts";
import * as schema from "#db/schema/index.ts";
import { orders } from "#db/schema/index.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * `npm run bench:admin` (decision 009): seeds a shop's history into a
 * throwaway database (orders with 3 lines each over six years, subscribers, quote requests),
 * starts the production server on it, signs in as an admin and times, over HTTP, what the
 * back office asks at that size: the orders list's data request (`GET /admin/orders.data?…`:
 * the guard and its session lookup, the layout's and the page's loaders, serialisation and
 * compression) for pages, filters and searches; the dashboard's; the subscribers' and quote
 * requests' lists; and a streamed CSV export (time to first byte and total).
 *
 *   npm run bench:admin                              PGlite on disk, 100,000 orders
 *   npm run bench:admin -- --orders 1000000          or BENCH_ADMIN_ORDERS=1000000
 *   DATABASE_URL=postgres://…/postgres npm run bench:admin -- --orders 1000000 --explain
 *
 * - PostgreSQL: a new database `bench_admin_<time>` next to the one named, dropped at the end
 *   (`BENCH_DATABASE_PREFIX` changes the prefix; `--keep` or `BENCH_KEEP_DATABASE=1` keeps it
 *   and prints its name, to read query plans on the same data: drop it yourself afterwards).
 *   After seeding it is vacuumed and analysed, as autovacuum would after a bulk load; PGlite
 *   (which never vacuums by itself) is only analysed.
 * - `--orders N` (BENCH_ADMIN_ORDERS, BENCH_ORDERS): orders; `--subscribers N`
 *   (BENCH_ADMIN_SUBSCRIBERS; default a tenth of the orders) and `--quote-requests N`
 *   (BENCH_ADMIN_QUOTE_REQUESTS; a twentieth); `--runs N` (BENCH_RUNS, 30) timed requests per
 *   case, `--csv-runs N` (5) per export.
 * - `--explain [N]` (BENCH_EXPLAIN=N): afterwards, EXPLAIN (ANALYZE, BUFFERS) every query of
 *   the N slowest cases (default 3), run as the server runs them (the same domain function,
 *   its statements replayed in one transaction, planner settings included), with the plan of
 *   each case's slowest statement.
 *
 * Prints the figures against the targets (median ≤ 30 ms, p95 ≤ 60 ms per case; an export's
 * time to first byte) and writes them as JSON to bench-results/.
 */

function option(name: string, ...envNames: string[]): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at >= 0) {
    const arg = args[at]!;
    if (arg.includes("=")) return arg.slice(arg.indexOf("=") + 1);
    const next = args[at + 1];
    return next && !next.startsWith("--") ? next : "";
  }
  for (const env of envNames) if (process.env[env]) return process.env[env];
  return undefined;
}

function count(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value.replaceAll("_", "").replaceAll(",", ""));
  if (!Number.isInteger(n) || n < 0) throw new Error(`bench: not a count: ${value}`);
  return n;
}

// Not BENCH_ORDERS: that is `npm run bench`'s number of checkout orders.
const ORDERS = count(option("orders", "BENCH_ADMIN_ORDERS"), 100_000);
const RUNS = count(option("runs", "BENCH_RUNS"), 30);
const CSV_RUNS = count(option("csv-runs", "BENCH_CSV_RUNS"), 5);
const WARMUP = 3;
/** Decision 009's targets at 1,000,000 orders on PostgreSQL, per case. */
export const TARGET_MEDIAN_MS = 30;
export const TARGET_P95_MS = 60;

const FIRST_NAMES = [
  "Thandi",
  "Sipho",
  "Lerato",
  "Bongani",
  "Ayanda",
  "Johan",
  "Priya",
  "Zanele",
  "Pieter",
  "Nomvula",
  "Kagiso",
  "Fatima",
  "Lindiwe",
  "Themba",
  "Anika",
  "Mandla",
  "Naledi",
  "Ravi",
  "Busisiwe",
  "Kobus",
  "Lwazi",
  "Refilwe",
  "Sizwe",
  "Karabo",
  "Annelie",
  "Yusuf",
  "Nthabiseng",
  "Hendrik",
  "Kavitha",
  "Musa",
  "Palesa",
  "Tshepo",
  "Ilse",
  "Ahmed",
  "Nokuthula",
  "Deon",
  "Shanice",
  "Vusi",
  "Megan",
  "Zoë",
];
const LAST_NAMES = [
  "Nkosi",
  "Dlamini",
  "Naidoo",
  "van der Merwe",
  "Mokoena",
  "Botha",
  "Khumalo",
  "Pillay",
  "Ndlovu",
  "Mthembu",
  "Govender",
  "Smit",
  "Zulu",
  "Mahlangu",
  "Pretorius",
  "Sithole",
  "Moodley",
  "Coetzee",
  "Ngcobo",
  "Mabaso",
  "Reddy",
  "Nel",
  "Shabalala",
  "Chetty",
  "Venter",
  "Molefe",
  "du Plessis",
  "Cele",
  "Hendricks",
  "Fourie",
  "Maharaj",
  "Baloyi",
  "Jacobs",
  "Ntuli",
  "O'Connor",
  "Mkhize",
  "Williams",
  "Meyer",
  "Sibiya",
  "Adams",
];
/** Where a South African shop's customers have their mail, roughly as often. */
const EMAIL_DOMAINS = [
  ...Array(8).fill("gmail.com"),
  "outlook.com",
  "hotmail.com",
  "yahoo.com",
  "icloud.com",
  "webmail.co.za",
  "mweb.co.za",
  "telkomsa.net",
  "vodamail.co.za",
  "example.co.za",
  "durbanworks.co.za",
];
const PRODUCTS = [
  "Engraved Wooden Keepsake Box",
  "Personalised Cutting Board",
  "Laser-cut Family Name Sign",
  "3D-printed Desk Organiser",
  "Custom Acrylic Photo Frame",
  "Mother's Day Jewellery Stand",
  "Etched Glass Beer Mug",
  "Leather Key Holder",
  "Bamboo Phone Stand",
  "Resin River Coaster Set",
  "Engraved Pen Gift Set",
  "LED Name Night Light",
  "Wine Bottle Holder",
  "Custom Pet Memorial Plaque",
  "Braai Tool Set with Initials",
  "Wedding Guest Book",
  "Cake Topper (custom)",
  "Corporate Desk Award",
  "Recipe Board",
  "Children's Name Puzzle",
];
const MESSAGE_PARTS = [
  "Good day, we are looking for a quote on",
  "Hi there, could you please help us with",
  "Hello, I saw your work on Facebook and would like to ask about",
  "We run a small business in Pinetown and need",
  "Our school would like",
  "Please send me pricing for",
  "a website for our guest house with online bookings",
  "a mobile app for our delivery drivers",
  "an IoT sensor system for our cold rooms",
  "a prototype enclosure for a water meter",
  "200 engraved gifts for our year-end function",
  "a custom control board for a solar geyser",
  "a stock management desktop application",
  "laser-cut signage for a new shop in Umhlanga",
  "We need it before the end of the month.",
  "Budget is flexible for the right solution.",
  "Can we meet at your offices next week?",
  "Please call me back on my cell, mornings are best.",
  "We have drawings available and can e-mail them.",
  "Thanks in advance, kind regards.",
];

function sqlText(value: string) {
  return `'${value.replaceAll("'", "''")}'`;
}
function sqlArray(values: readonly string[]) {
  return sql.raw(`array[${values.map(sqlText).join(", ")}]`);
}

/** The tables the seed fills; their secondary indexes are built after the rows are in. */
const SEEDED_TABLES = ["orders", "order_items", "newsletter_subscribers", "contact_requests"];

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface SeedCounts {
  orders: number;
  subscribers: number;
  quoteRequests: number;
}

/**
 * A shop's history, generated in SQL (a few INSERT … SELECT FROM generate_series, no
 * row-by-row inserts): orders over six years, growing steadily, so the newest week holds
 * about twice the average; statuses and payments as a shop's would be at that age (recent
 * orders open, old ones delivered or cancelled, a few forgotten); names, e-mails in several
 * domains and cases, phone numbers in six forms; three lines each. `now` is the newest
 * order's time, so the dashboard's "this week" and to-do counts have realistic figures.
 */
export async function seed(handle: DatabaseHandle, counts: SeedCounts, now = new Date()) {
  const { db } = handle;
  const at = sql`${now.toISOString()}::timestamptz`;
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);
  const domains = sqlArray(EMAIL_DOMAINS);
  const products = sqlArray(PRODUCTS);
  const days = 6 * 365;
  // Secondary indexes are built once after the bulk insert (much faster than maintaining
  // trigram indexes row by row), from their own definitions, so the schema is unchanged.
  const indexes = await rows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public'
          and tablename in (${sql.join(
            SEEDED_TABLES.map((t) => sql`${t}`),
            sql`, `,
          )})
          and indexname not in (select conname from pg_constraint)`,
  );
  await db.execute(
    sql.raw(`set maintenance_work_mem = '${handle.kind === "postgres" ? "1GB" : "256MB"}'`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));

  const n = counts.orders;
  await db.execute(sql`
    insert into orders (customer_name, email, phone, status, payment_status, payment_method,
      payment_reference, payment_amount, paid_on, payment_arranged_at, created_at, updated_at)
    select
      f.name || ' ' || l.name,
      e.address,
      ph.phone,
      st.status,
      pay.state,
      case when pay.state <> 'awaiting_contact' then pay.method end,
      case when pay.state <> 'awaiting_contact' and pay.method = 'eft' and h.r % 3 > 0
        then 'EFT ' || upper(substr(md5(g::text), 1, 8)) end,
      case when pay.state = 'paid' then (80 + h.r % 4500 + (h.r % 100) / 100.0)::numeric(12, 2) end,
      case when pay.state = 'paid'
        then (least(${at}, t.created_at + make_interval(hours => 2 + h.r % 96))
              at time zone 'Africa/Johannesburg')::date end,
      case when pay.state <> 'awaiting_contact'
        then least(${at}, t.created_at + make_interval(mins => 30 + h.r % 2880)) end,
      t.created_at,
      least(${at}, t.created_at + make_interval(mins => h.r % 20000))
    from generate_series(1, ${n}) g
    -- The g-th newest order: orders per day grew linearly from the shop's start to now.
    cross join lateral (select ${days} * (1 - sqrt(1 - (g - 0.5) / ${n})) as age_days) a
    cross join lateral (select ${at} - make_interval(secs => a.age_days * 86400) as created_at) t
    cross join lateral (select (2147483647 & hashtext('o' || g)) as r) h
    cross join lateral (select (${first})[1 + (2147483647 & hashtext('first' || g)) % ${FIRST_NAMES.length}] as name) f
    cross join lateral (select (${last})[1 + (2147483647 & hashtext('last' || g)) % ${LAST_NAMES.length}] as name) l
    cross join lateral (select
      -- Mostly lower case as people type them; some with capitals (the search ignores case).
      case when h.r % 10 = 0
        then f.name || '.' || replace(replace(l.name, ' ', ''), '''', '')
        else lower(case when h.r % 3 = 0 then left(f.name, 1) else f.name || '.' end
          || replace(replace(l.name, ' ', ''), '''', '')) end
      || (g % 997)::text || '@' || (${domains})[1 + (2147483647 & hashtext('domain' || g)) % ${EMAIL_DOMAINS.length}] as address) e
    cross join lateral (select
      (array['82', '83', '84', '72', '73', '76', '79', '60', '61', '71', '31', '11'])[1 + (2147483647 & hashtext('pa' || g)) % 12] as a,
      lpad(((2147483647 & hashtext('pb' || g)) % 1000)::text, 3, '0') as b,
      lpad(((2147483647 & hashtext('pc' || g)) % 10000)::text, 4, '0') as c) p
    cross join lateral (select case (2147483647 & hashtext('pf' || g)) % 6
      when 0 then '0' || p.a || ' ' || p.b || ' ' || p.c
      when 1 then '+27 ' || p.a || ' ' || p.b || ' ' || p.c
      when 2 then '0' || p.a || p.b || p.c
      when 3 then '+27' || p.a || p.b || p.c
      when 4 then '0' || p.a || '-' || p.b || '-' || p.c
      else '(0' || p.a || ') ' || p.b || ' ' || p.c end as phone) ph
    cross join lateral (select (2147483647 & hashtext('s' || g)) % 1000 as s) b
    cross join lateral (select case
      when a.age_days < 1 then case when b.s < 700 then 'pending' when b.s < 950 then 'processing' else 'cancelled' end
      when a.age_days < 3 then case when b.s < 250 then 'pending' when b.s < 650 then 'processing' when b.s < 950 then 'shipped' else 'cancelled' end
      when a.age_days < 10 then case when b.s < 30 then 'pending' when b.s < 150 then 'processing' when b.s < 550 then 'shipped' when b.s < 950 then 'delivered' else 'cancelled' end
      -- Older: delivered or cancelled, but for a few forgotten ones.
      else case when b.s < 2 then 'pending' when b.s < 4 then 'processing' when b.s < 5 then 'shipped' when b.s < 930 then 'delivered' else 'cancelled' end
      end as status) st
    cross join lateral (select (2147483647 & hashtext('p' || g)) % 100 as p) c
    cross join lateral (select
      case st.status
        when 'pending' then case when c.p < 85 then 'awaiting_contact' else 'arranged' end
        when 'processing' then case when c.p < 5 then 'awaiting_contact' when c.p < 55 then 'arranged' else 'paid' end
        when 'shipped' then case when c.p < 25 then 'arranged' else 'paid' end
        when 'delivered' then case when c.p < 3 then 'arranged' else 'paid' end
        else case when c.p < 70 then 'awaiting_contact' when c.p < 90 then 'arranged' else 'paid' end
      end as state,
      (array['eft', 'eft', 'eft', 'cash', 'card_machine', 'other'])[1 + (2147483647 & hashtext('m' || g)) % 6] as method) pay`);
  await db.execute(sql`
    insert into order_items (order_id, product_name, price, quantity)
    select o.id, (${products})[1 + (2147483647 & hashtext(o.id::text || n)) % ${PRODUCTS.length}],
      (50 + (2147483647 & hashtext(o.id::text || n)) % 250000 / 100.0)::numeric(12, 2), 1 + (2147483647 & hashtext(n || o.id::text)) % 3
    from orders o cross join generate_series(1, 3) n`);

  // Subscribers: one address each (unique regardless of case), over the same years.
  await db.execute(sql`
    insert into newsletter_subscribers (email, consent_source, consent_text, created_at)
    select
      lower(replace(replace(l.name, ' ', ''), '''', '')) || '.' || lower(f.name) || g
        || '@' || (${domains})[1 + (2147483647 & hashtext('sd' || g)) % ${EMAIL_DOMAINS.length}],
      (array['footer', 'popup', 'checkout'])[1 + g % 3],
      'Send me news and offers by e-mail. I can unsubscribe at any time.',
      ${at} - make_interval(secs => ${days} * (1 - sqrt(1 - (g - 0.5) / ${counts.subscribers})) * 86400)
    from generate_series(1, ${counts.subscribers}) g
    cross join lateral (select (${first})[1 + (2147483647 & hashtext('sf' || g)) % ${FIRST_NAMES.length}] as name) f
    cross join lateral (select (${last})[1 + (2147483647 & hashtext('sl' || g)) % ${LAST_NAMES.length}] as name) l`);

  // Quote requests and contact messages: recent ones open, old ones resolved (most replied).
  const services = sqlArray([...SERVICE_OPTIONS.map((o) => o.label), "General Contact"]);
  const parts = sqlArray(MESSAGE_PARTS);
  await db.execute(sql`
    insert into contact_requests (name, email, phone, service, message, is_resolved, reply_text,
      replied_at, created_at)
    select
      f.name || ' ' || l.name,
      lower(f.name) || '@' || (${domains})[1 + (2147483647 & hashtext('qd' || g)) % ${EMAIL_DOMAINS.length}],
      case when g % 3 = 0 then null else '0' || (60 + g % 25) || ' ' || lpad((g % 1000)::text, 3, '0') || ' ' || lpad((g % 10000)::text, 4, '0') end,
      (${services})[1 + (2147483647 & hashtext('qs' || g)) % ${SERVICE_OPTIONS.length + 1}],
      (${parts})[1 + (2147483647 & hashtext('m1' || g)) % 6] || ' ' || (${parts})[7 + (2147483647 & hashtext('m2' || g)) % 8]
        || '. ' || (${parts})[15 + (2147483647 & hashtext('m3' || g)) % 6] || ' '
        || (${parts})[15 + (2147483647 & hashtext('m4' || g)) % 6],
      q.age_days > 3 and (2147483647 & hashtext('qr' || g)) % 100 < 96,
      case when q.age_days > 3 and (2147483647 & hashtext('qr' || g)) % 100 < 70
        then 'Thank you for your enquiry. Please find our quotation attached.' end,
      case when q.age_days > 3 and (2147483647 & hashtext('qr' || g)) % 100 < 70
        then ${at} - make_interval(secs => (q.age_days - 1) * 86400) end,
      ${at} - make_interval(secs => q.age_days * 86400)
    from generate_series(1, ${counts.quoteRequests}) g
    cross join lateral (select ${days} * (1 - sqrt(1 - (g - 0.5) / ${counts.quoteRequests})) as age_days) q
    cross join lateral (select (${first})[1 + (2147483647 & hashtext('qf' || g)) % ${FIRST_NAMES.length}] as name) f
    cross join lateral (select (${last})[1 + (2147483647 & hashtext('ql' || g)) % ${LAST_NAMES.length}] as name) l`);

  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`reset maintenance_work_mem`);
  // PostgreSQL's autovacuum would vacuum the new rows soon (the visibility map serves
  // index-only scans); PGlite never vacuums by itself, so it is only analysed.
  await db.execute(sql.raw(handle.kind === "postgres" ? "vacuum (analyze)" : "analyze"));
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** A throwaway database: PGlite under `dataDir`, or a new database beside `databaseUrl`. */
async function createTarget(dataDir: string, databaseUrl?: string, keepDatabase = false) {
  if (!databaseUrl) {
    return {
      serverEnv: {} as Record<string, string>,
      url: undefined as string | undefined,
      open: () => openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) }),
      drop: async () => {},
    };
  }
  const { default: postgres } = await import("postgres");
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "bench_admin_"}${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench: not a database name: ${name}`);
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(databaseUrl);
  target.pathname = `/${name}`;
  return {
    serverEnv: { DATABASE_URL: target.toString() },
    url: target.toString(),
    // One connection: the seed's session settings apply to all its statements.
    open: () => openDatabase({ databaseUrl: target.toString(), poolSize: 1 }),
    drop: async () => {
      if (keepDatabase) console.log(`bench: kept the database ${name} (drop it when done)`);
      else await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface AdminBenchCase {
  group: string;
  label: string;
  /** The path and query string requested, e.g. "/admin/orders.data?q=khumalo". */
  url: string;
  median: number;
  p95: number;
  /** Matches of the list (orders, subscribers, requests); null where it means nothing. */
  total: number | null;
  shown: number | null;
  /** CSV exports: `median`/`p95` are the time to the first byte; these the whole file. */
  totalMedian?: number;
  totalP95?: number;
  bytes?: number;
}

interface PlannedCase {
  group: string;
  label: string;
  url: string;
  kind: "data" | "csv";
  /** What the answer must contain: the route's id and, for lists, the first row's id. */
  expect: string[];
  total: number | null;
  shown: number | null;
  /** The domain call the server makes for it, for EXPLAIN. */
  run: (db: Database) => Promise<unknown>;
}

/** The orders list's query for a query string, as the page's loader reads it. */
function orderQuery(params: Record<string, string>): OrderListQuery {
  return parseOrderListQuery(new URLSearchParams(params));
}

/** The cases, with what each must show (read directly once). */
async function planCases(handle: DatabaseHandle, counts: SeedCounts): Promise<PlannedCase[]> {
  const db = handle.db;
  const pages = Math.ceil(counts.orders / ORDERS_PAGE_SIZE);
  const middle = Math.ceil(pages / 2);
  // One real order from the middle of the list: the searches look for it as people would.
  const [sample] = await db
    .select({ email: orders.email, phone: orders.phone })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .offset(Math.floor(counts.orders * 0.54));
  if (!sample) throw new Error("bench: no orders seeded");
  const email =
    sample.email.toUpperCase() === sample.email
      ? sample.email.toLowerCase()
      : sample.email.toUpperCase();
  // The phone in another form: 082 123 4567 ⇄ +27 82 123 4567.
  const digits = sample.phone.replace(/\D/g, "").replace(/^(27|0)/, "");
  const phone = sample.phone.startsWith("+27")
    ? `0${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`
    : `+27 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  const phoneEnd = sample.phone.slice(-8);
  const statusPages = async (status: string) => {
    const list = await listOrders(db, orderQuery({ status }));
    return list.pageCount;
  };
  const delivered = await statusPages("delivered");
  const orderCases: [string, Record<string, string>][] = [
    ["page 1", {}],
    [`middle page (${middle.toLocaleString("en")})`, { page: String(middle) }],
    [`last page (${pages.toLocaleString("en")})`, { page: String(pages) }],
    ["status pending", { status: "pending" }],
    ["status delivered, page 100", { status: "delivered", page: "100" }],
    [
      `status delivered, middle page (${Math.ceil(delivered / 2).toLocaleString("en")})`,
      { status: "delivered", page: String(Math.ceil(delivered / 2)) },
    ],
    ["payment arranged", { payment: "arranged" }],
    ["payment paid, page 50", { payment: "paid", page: "50" }],
    ["to-do: awaiting contact 24 h+", { payment: "awaiting_contact", overdue: "1" }],
    ["to-do: arranged, unpaid 7 days+", { payment: "arranged", overdue: "1" }],
    ["status processing + payment arranged", { status: "processing", payment: "arranged" }],
    ['search "khumalo" (a surname)', { q: "khumalo" }],
    [`search "${email}" (e-mail, other case)`, { q: email }],
    [`search "${phone}" (phone, other form)`, { q: phone }],
    [`search "${phoneEnd}" (end of a phone)`, { q: phoneEnd }],
    ['search "gmail" (a common fragment)', { q: "gmail" }],
    ['search "al" (two letters)', { q: "al" }],
    ['status pending + search "naidoo"', { status: "pending", q: "naidoo" }],
    ['search "khumalo", page 20', { q: "khumalo", page: "20" }],
  ];
  const planned: PlannedCase[] = [];
  for (const [label, params] of orderCases) {
    const query = orderQuery(params);
    const result = await listOrders(db, query);
    const search = new URLSearchParams(params).toString();
    planned.push({
      group: "orders",
      label,
      url: `/admin/orders.data${search ? `?${search}` : ""}`,
      kind: "data",
      expect: ['"routes/admin/orders/index"', ...(result.orders[0] ? [result.orders[0].id] : [])],
      total: result.total,
      shown: result.orders.length,
      run: (d) => listOrders(d, query),
    });
  }
  planned.push({
    group: "dashboard",
    label: "dashboard (cards, to-do, this week vs last, 12 weeks)",
    url: "/admin/dashboard.data",
    kind: "data",
    expect: ['"routes/admin/dashboard"'],
    total: null,
    shown: null,
    run: (d) => getDashboardStats(d),
  });
  const subscriberPages = Math.ceil(counts.subscribers / 20);
  const subscriberCases: [string, Record<string, string>][] = [
    ["subscribers, page 1", {}],
    [
      `subscribers, middle page (${Math.ceil(subscriberPages / 2).toLocaleString("en")})`,
      { page: String(Math.ceil(subscriberPages / 2)) },
    ],
    ['subscribers, search "naidoo"', { q: "naidoo" }],
    ['subscribers, search "gmail"', { q: "gmail" }],
  ];
  for (const [label, params] of subscriberCases) {
    const query = { q: params.q ?? null, state: null, page: Number(params.page ?? 1) };
    const result = await listSubscribers(db, query);
    const search = new URLSearchParams(params).toString();
    planned.push({
      group: "subscribers",
      label,
      url: `/admin/subscribers.data${search ? `?${search}` : ""}`,
      kind: "data",
      expect: [
        '"routes/admin/subscribers"',
        ...(result.subscribers[0] ? [result.subscribers[0].id] : []),
      ],
      total: result.total,
      shown: result.subscribers.length,
      run: (d) => listSubscribers(d, query),
    });
  }
  const requestCases: [string, Record<string, string>][] = [
    ["quote requests, open, page 1", {}],
    ["quote requests, with resolved, page 1", { resolved: "1" }],
    ["quote requests, with resolved, page 200", { resolved: "1", page: "200" }],
    ['quote requests, search "solar"', { q: "solar" }],
    ['quote requests, with resolved, search "umhlanga"', { resolved: "1", q: "umhlanga" }],
  ];
  for (const [label, params] of requestCases) {
    const query = {
      q: params.q ?? null,
      showResolved: params.resolved === "1",
      page: Number(params.page ?? 1),
    };
    const result = await listQuoteRequests(db, query);
    const search = new URLSearchParams(params).toString();
    planned.push({
      group: "quote requests",
      label,
      url: `/admin/quote-requests.data${search ? `?${search}` : ""}`,
      kind: "data",
      expect: [
        '"routes/admin/quote-requests"',
        ...(result.requests[0] ? [result.requests[0].id] : []),
      ],
      total: result.total,
      shown: result.requests.length,
      run: (d) => listQuoteRequests(d, query),
    });
  }
  const exports: [string, Record<string, string>][] = [
    ["CSV export, status pending", { status: "pending" }],
    ["CSV export, payment arranged", { payment: "arranged" }],
  ];
  for (const [label, params] of exports) {
    const filters = orderQuery(params);
    planned.push({
      group: "csv",
      label,
      url: `/admin/orders/export.csv?${new URLSearchParams(params)}`,
      kind: "csv",
      expect: ["Order ID"],
      total: (await listOrders(db, filters)).total,
      shown: null,
      run: async (d) => {
        const batches = orderExportBatches(d, filters);
        await batches.next();
        await batches.return(undefined);
      },
    });
  }
  return planned;
}

/** Signs in through the login form's action, as the browser posts it: the session cookie. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("en_session=") && cookie !== "en_session=");
  if (response.status !== 302 || !session) {
    throw new Error(`bench: signing in failed (${response.status})`);
  }
  return session;
}

/**
 * GET as the browser does (gzip, the admin's cookie): the time to the first byte (the answer's
 * status and headers: an export sends them once its first batch is read) and to the end.
 */
async function fetchTimed(url: string, cookie: string) {
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
  const firstByte = performance.now() - start;
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  return { ms, firstByte, status: response.status, body };
}

/**
 * Times every case: each answer checked once, WARMUP rounds over all data cases (a freshly
 * started server compiles and caches as it goes), then `runs` rounds, each request of a round
 * to the next case, so a burst of load on a shared machine spreads over all cases alike. The
 * exports (seconds each at this size) are timed after, `csvRuns` times each.
 */
async function timeCases(
  base: string,
  cookie: string,
  planned: PlannedCase[],
  runs: number,
  csvRuns: number,
): Promise<AdminBenchCase[]> {
  const bytes = new Map<PlannedCase, number>();
  for (const plan of planned) {
    const first = await fetchTimed(`${base}${plan.url}`, cookie);
    const text =
      plan.kind === "csv" ? first.body.subarray(0, 4096).toString() : first.body.toString();
    const ok =
      first.status === 200 &&
      !text.includes("SingleFetchRedirect") &&
      plan.expect.every((needle) => text.includes(needle));
    if (!ok) {
      throw new Error(`bench: ${plan.url} answered ${first.status}: ${text.slice(0, 300)}`);
    }
    bytes.set(plan, first.body.length);
  }
  const data = planned.filter((plan) => plan.kind === "data");
  const csv = planned.filter((plan) => plan.kind === "csv");
  for (let round = 0; round < WARMUP; round++) {
    for (const plan of data) await fetchTimed(`${base}${plan.url}`, cookie);
  }
  const samples = new Map(planned.map((plan) => [plan, [] as { ms: number; firstByte: number }[]]));
  for (let round = 0; round < runs; round++) {
    for (const plan of data)
      samples.get(plan)!.push(await fetchTimed(`${base}${plan.url}`, cookie));
  }
  for (let round = 0; round < csvRuns; round++) {
    for (const plan of csv) samples.get(plan)!.push(await fetchTimed(`${base}${plan.url}`, cookie));
  }
  return planned.map((plan) => {
    const timed = samples.get(plan)!;
    const base = {
      group: plan.group,
      label: plan.label,
      url: plan.url,
      total: plan.total,
      shown: plan.shown,
    };
    if (plan.kind === "data") return { ...base, ...stats(timed.map((t) => t.ms)) };
    const whole = stats(timed.map((t) => t.ms));
    return {
      ...base,
      ...stats(timed.map((t) => t.firstByte)),
      totalMedian: whole.median,
      totalP95: whole.p95,
      bytes: bytes.get(plan)!,
    };
  });
}

interface CapturedStatement {
  sql: string;
  params: unknown[];
}

export interface ExplainedStatement {
  sql: string;
  executionMs: number;
  plan: string;
}

export interface ExplainedCase {
  label: string;
  statements: ExplainedStatement[];
}

/**
 * The statements a case's domain call sends, then each under EXPLAIN (ANALYZE, BUFFERS),
 * replayed in order in one transaction that is rolled back: the planner settings a search
 * makes with SET LOCAL (set_config) apply as they did.
 */
async function explainCases(
  target: { url?: string; open: () => Promise<DatabaseHandle> },
  plans: PlannedCase[],
): Promise<ExplainedCase[]> {
  const captured: CapturedStatement[] = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => captured.push({ sql: query, params }),
  };
  let capturing: Database;
  let replay: (statements: CapturedStatement[]) => Promise<ExplainedStatement[]>;
  let close: () => Promise<void>;
  const explained = (sqlText: string, lines: string[]): ExplainedStatement => {
    const time = lines.map((l) => /^Execution Time: ([\d.]+) ms/.exec(l)).find(Boolean);
    return { sql: sqlText, executionMs: time ? Number(time[1]) : 0, plan: lines.join("\n") };
  };
  if (target.url) {
    const { default: postgres } = await import("postgres");
    const client = postgres(target.url, { max: 1, onnotice: () => {} });
    capturing = drizzlePostgres(client, { schema, logger }) as unknown as Database;
    replay = async (statements) => {
      const out: ExplainedStatement[] = [];
      await client
        .begin(async (tx) => {
          for (const s of statements) {
            if (/^select set_config\(/i.test(s.sql)) {
              await tx.unsafe(s.sql, s.params as never[]);
              continue;
            }
            const result = await tx.unsafe(
              `explain (analyze, buffers) ${s.sql}`,
              s.params as never[],
            );
            out.push(
              explained(
                s.sql,
                result.map((r) => String(Object.values(r)[0])),
              ),
            );
          }
          throw new RollBack();
        })
        .catch((error) => {
          if (!(error instanceof RollBack)) throw error;
        });
      return out;
    };
    close = () => client.end();
  } else {
    const handle = await target.open();
    const pglite = handle.pglite!;
    capturing = drizzlePglite(pglite, { schema, logger }) as unknown as Database;
    replay = async (statements) => {
      const out: ExplainedStatement[] = [];
      await pglite.exec("begin");
      try {
        for (const s of statements) {
          if (/^select set_config\(/i.test(s.sql)) {
            await pglite.query(s.sql, s.params);
            continue;
          }
          const result = await pglite.query<Record<string, string>>(
            `explain (analyze, buffers) ${s.sql}`,
            s.params,
          );
          out.push(
            explained(
              s.sql,
              result.rows.map((r) => String(Object.values(r)[0])),
            ),
          );
        }
      } finally {
        await pglite.exec("rollback");
      }
      return out;
    };
    close = () => handle.close();
  }
  const results: ExplainedCase[] = [];
  try {
    for (const plan of plans) {
      captured.length = 0;
      await plan.run(capturing);
      // Parallel reads (the dashboard's) run one after the other here: each is explained.
      results.push({ label: plan.label, statements: await replay([...captured]) });
    }
  } finally {
    await close();
  }
  return results;
}

class RollBack extends Error {}

export interface AdminBenchResult {
  orders: number;
  subscribers: number;
  quoteRequests: number;
  database: string;
  seedSeconds: number;
  runs: number;
  cases: AdminBenchCase[];
  explained: ExplainedCase[];
}

/**
 * Seeds a shop into a new throwaway database (PGlite on disk, or PostgreSQL beside
 * `databaseUrl`), serves it with the production build and times each case. Used by this
 * script and by `npm run bench`.
 */
export async function measureAdminOrders(
  options: {
    orders?: number;
    subscribers?: number;
    quoteRequests?: number;
    runs?: number;
    csvRuns?: number;
    databaseUrl?: string;
    /** EXPLAIN (ANALYZE, BUFFERS) the queries of this many of the slowest cases. */
    explain?: number;
    keepDatabase?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<AdminBenchResult> {
  const log = options.log ?? (() => {});
  const orderCount = options.orders ?? ORDERS;
  const counts: SeedCounts = {
    orders: orderCount,
    subscribers: options.subscribers ?? Math.max(100, Math.round(orderCount / 10)),
    quoteRequests: options.quoteRequests ?? Math.max(100, Math.round(orderCount / 20)),
  };
  const runs = options.runs ?? RUNS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const target = await createTarget(dataDir, options.databaseUrl, options.keepDatabase);
  try {
    const handle = await target.open();
    const database = handle.url ? `PostgreSQL (${redactUrl(handle.url)})` : "PGlite on disk";
    let seedSeconds: number;
    let planned: PlannedCase[];
    try {
      const seedStart = performance.now();
      await migrateDatabase(handle);
      await seed(handle, counts);
      seedSeconds = (performance.now() - seedStart) / 1000;
      log(`seeded in ${seedSeconds.toFixed(1)} s`);
      planned = await planCases(handle, counts);
    } finally {
      // PGlite serves one process: the server opens it next.
      await handle.close();
    }

    const admin = { email: "bench-admin@example.co.za", password: "bench-admin-password" };
    const server = startServerProcess(dataDir, {
      ...target.serverEnv,
      SEED_DEMO: "false",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // As in production: one log line per request.
      LOG_LEVEL: "info",
    });
    let cases: AdminBenchCase[];
    try {
      const base = `http://127.0.0.1:${await server.ready}`;
      const cookie = await signIn(base, admin.email, admin.password);
      cases = await timeCases(base, cookie, planned, runs, options.csvRuns ?? CSV_RUNS);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    let explained: ExplainedCase[] = [];
    if (options.explain) {
      const slowest = [...cases].sort((a, b) => b.median - a.median).slice(0, options.explain);
      log(`EXPLAIN (ANALYZE, BUFFERS) of the ${slowest.length} slowest cases…`);
      explained = await explainCases(
        target,
        slowest.map((c) => planned.find((p) => p.label === c.label)!),
      );
    }
    return {
      ...counts,
      database,
      seedSeconds,
      runs,
      cases,
      explained,
    };
  } finally {
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as a table: case, median, p95, matches, shown (exports: first byte, whole). */
export function adminBenchTable(cases: AdminBenchCase[]): string[] {
  const rows = cases.map((c) => [
    c.label,
    c.median.toFixed(1),
    c.p95.toFixed(1),
    c.total === null ? "" : c.total.toLocaleString("en"),
    c.shown === null
      ? c.bytes !== undefined
        ? `${(c.bytes / 1e6).toFixed(1)} MB in ${c.totalMedian!.toFixed(0)} / ${c.totalP95!.toFixed(0)} ms`
        : ""
      : String(c.shown),
  ]);
  const header = ["case", "median ms", "p95 ms", "matches", "shown"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
}

/** Each explained case: its statements' execution times, and the slowest one's plan. */
export function explainReport(explained: ExplainedCase[]): string[] {
  const out: string[] = [];
  for (const c of explained) {
    const total = c.statements.reduce((sum, s) => sum + s.executionMs, 0);
    out.push(
      "",
      `== ${c.label}: ${c.statements.length} statements, ${total.toFixed(1)} ms executing`,
    );
    for (const s of c.statements) {
      out.push(
        `  ${s.executionMs.toFixed(2).padStart(8)} ms  ${s.sql.replace(/\s+/g, " ").slice(0, 150)}`,
      );
    }
    const slowest = [...c.statements].sort((a, b) => b.executionMs - a.executionMs)[0];
    if (slowest) {
      // Long lines (a list of 500 ids) cut: the plan's shape is what matters.
      const lines = slowest.plan
        .split("\n")
        .map((l) => `    ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`);
      out.push("", `  slowest statement's plan:`, ...lines);
    }
  }
  return out;
}

async function main() {
  if (!ensureBuild()) process.exit(1);
  const started = performance.now();
  const databaseUrl = option("database-url") || process.env.DATABASE_URL;
  const explainOption = option("explain", "BENCH_EXPLAIN");
  const explain =
    explainOption === undefined ? 0 : explainOption === "" ? 3 : count(explainOption, 3);
  const subscribers = option("subscribers", "BENCH_ADMIN_SUBSCRIBERS");
  const quoteRequests = option("quote-requests", "BENCH_ADMIN_QUOTE_REQUESTS");
  console.log(
    `bench:admin on ${databaseUrl ? `PostgreSQL (${redactUrl(databaseUrl)})` : "PGlite on disk"}: ${ORDERS.toLocaleString("en")} orders × 3 lines, requests over HTTP as a signed-in admin`,
  );
  const result = await measureAdminOrders({
    databaseUrl,
    explain,
    subscribers: subscribers === undefined ? undefined : count(subscribers, 0),
    quoteRequests: quoteRequests === undefined ? undefined : count(quoteRequests, 0),
    keepDatabase: option("keep") !== undefined || process.env.BENCH_KEEP_DATABASE === "1",
    log: (line) => console.log(line),
  });
  console.log(
    `${result.orders.toLocaleString("en")} orders, ${result.subscribers.toLocaleString("en")} subscribers, ${result.quoteRequests.toLocaleString("en")} quote requests\n`,
  );
  for (const line of adminBenchTable(result.cases)) console.log(line);
  const misses = result.cases.filter((c) => c.median > TARGET_MEDIAN_MS || c.p95 > TARGET_P95_MS);
  console.log(
    `\n${result.runs} timed requests per case (${CSV_RUNS} per export) after ${WARMUP} warm-up rounds, one request at a time, the cases in turn; exports: time to the first byte, then the whole file. Target median ≤ ${TARGET_MEDIAN_MS} ms and p95 ≤ ${TARGET_P95_MS} ms: ${misses.length === 0 ? "met by every case" : `NOT met by ${misses.map((c) => c.label).join("; ")}`}. Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}. Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  for (const line of explainReport(result.explained)) console.log(line);
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join(
    "bench-results",
    `bench-admin-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), ...result }, null, 2)}\n`,
  );
  console.log(`\nFigures written to ${file}`);
}

// Run when started as a script; importable (e.g. to explore query plans on the same data).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
