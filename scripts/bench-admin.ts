import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { desc, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase, redactUrl } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import {
  listOrders,
  ORDERS_PAGE_SIZE,
  type OrderListQuery,
} from "#app/server/orders/admin-orders.server.ts";
import { orders } from "#db/schema/index.ts";

/*
 * `npm run bench:admin` (issue 8, decision 009): seeds ORDERS orders with 3 lines each into a
 * throwaway database and times the admin orders page's data (`listOrders`, what its loader
 * calls) for page 1, a middle page, a search and a status filter.
 *
 * - Default: PGlite in memory (nothing is written to disk).
 * - `DATABASE_URL=postgres://…/postgres npm run bench:admin`: on PostgreSQL, in a new
 *   database `bench_admin_<time>` created next to the one named, dropped at the end.
 * - `BENCH_ORDERS=20000` seeds fewer orders; `BENCH_RUNS=50` changes the number of timed runs.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const TARGET_MS = 50;

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
];

function sqlArray(values: string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}]`);
}

export async function seed(handle: DatabaseHandle, count = ORDERS) {
  const { db } = handle;
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);
  // Names, e-mail domains and statuses drawn independently (hashes of the row number), so a
  // name occurs with every status. Most orders of a shop that has run for years are delivered.
  await db.execute(sql`
    insert into orders (customer_name, email, phone, status, created_at, updated_at)
    select
      f.name || ' ' || l.name,
      lower(replace(f.name || '.' || l.name, ' ', '')) || g
        || (array['@gmail.com', '@example.co.za', '@outlook.com', '@webmail.co.za'])[1 + g % 4],
      -- Random SA mobile numbers; a third typed in the international form.
      case when g % 3 = 0 then '+27 ' || p.a || ' ' || p.b || ' ' || p.c else '0' || p.a || ' ' || p.b || ' ' || p.c end,
      case when s.bucket < 6 then 'pending' when s.bucket < 12 then 'processing'
           when s.bucket < 18 then 'shipped' when s.bucket < 23 then 'cancelled'
           else 'delivered' end,
      timestamptz '2026-11-01 12:00:00+02' - make_interval(mins => g * 5),
      timestamptz '2026-11-01 12:00:00+02' - make_interval(mins => g * 5)
    from generate_series(1, ${count}) g
    cross join lateral (select (${first})[1 + abs(hashtext('first' || g)) % ${FIRST_NAMES.length}] as name) f
    cross join lateral (select (${last})[1 + abs(hashtext('last' || g)) % ${LAST_NAMES.length}] as name) l
    cross join lateral (select abs(hashtext('status' || g)) % 100 as bucket) s
    cross join lateral (select
      (60 + abs(hashtext('pa' || g)) % 25)::text as a,
      lpad((abs(hashtext('pb' || g)) % 1000)::text, 3, '0') as b,
      lpad((abs(hashtext('pc' || g)) % 10000)::text, 4, '0') as c) p`);
  await db.execute(sql`
    insert into order_items (order_id, product_name, price, quantity)
    select o.id, 'Product ' || n || '-' || (abs(hashtext(o.id::text)) % 40),
      (50 + abs(hashtext(o.id::text || n)) % 90000 / 100.0)::numeric(12, 2), 1 + n % 3
    from orders o cross join generate_series(1, 3) n`);
  await db.execute(sql`analyze`);
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function time(handle: DatabaseHandle, query: OrderListQuery) {
  let result = await listOrders(handle.db, query);
  for (let i = 0; i < WARMUP; i++) result = await listOrders(handle.db, query);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await listOrders(handle.db, query);
    samples.push(performance.now() - start);
  }
  return { ...stats(samples), total: result.total, shown: result.orders.length };
}

async function openTarget(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({});
    return { handle, cleanup: () => handle.close() };
  }
  const { default: postgres } = await import("postgres");
  const name = `bench_admin_${Date.now().toString(36)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface AdminBenchCase {
  label: string;
  median: number;
  p95: number;
  total: number;
  shown: number;
}

/**
 * Seeds `orders` orders into a migrated, empty database and times the orders page's data
 * for each case. Used by this script and by `npm run bench`.
 */
export async function measureAdminOrders(
  handle: DatabaseHandle,
  options: { orders?: number } = {},
): Promise<{ orders: number; seedSeconds: number; cases: AdminBenchCase[] }> {
  const count = options.orders ?? ORDERS;
  const seedStart = performance.now();
  await migrateDatabase(handle);
  await seed(handle, count);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const middle = Math.ceil(count / ORDERS_PAGE_SIZE / 2);
  // One real order from the middle of the list: the searches look for it as people would.
  const [sample] = await handle.db
    .select({ email: orders.email, phone: orders.phone })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .offset(Math.floor(count * 0.54));
  if (!sample) throw new Error("bench: no orders seeded");
  const email = sample.email.toUpperCase();
  // The phone in the other form: 082 123 4567 ⇄ +27 82 123 4567.
  const phone = sample.phone.startsWith("+27 ")
    ? `0${sample.phone.slice(4)}`
    : `+27 ${sample.phone.slice(1)}`;
  const cases: [string, OrderListQuery][] = [
    ["page 1", { q: null, status: null, page: 1 }],
    [`middle page (${middle})`, { q: null, status: null, page: middle }],
    ["last page", { q: null, status: null, page: Number.MAX_SAFE_INTEGER }],
    ['search "khumalo" (a surname, 1 in 25 orders)', { q: "khumalo", status: null, page: 1 }],
    [`search "${email}" (e-mail, other case)`, { q: email, status: null, page: 1 }],
    [`search "${phone}" (phone, other form)`, { q: phone, status: null, page: 1 }],
    [
      `search "${sample.phone.slice(-8)}" (end of a phone)`,
      { q: sample.phone.slice(-8), status: null, page: 1 },
    ],
    ['search "gmail" (1 in 4 orders)', { q: "gmail", status: null, page: 1 }],
    ["status pending", { q: null, status: "pending", page: 1 }],
    ["status delivered, page 100", { q: null, status: "delivered", page: 100 }],
    ['status pending + search "naidoo"', { q: "naidoo", status: "pending", page: 1 }],
  ];
  const results: AdminBenchCase[] = [];
  for (const [label, query] of cases) results.push({ label, ...(await time(handle, query)) });
  return { orders: count, seedSeconds, cases: results };
}

async function main() {
  const { handle, cleanup } = await openTarget();
  try {
    const where = handle.url ? `PostgreSQL (${redactUrl(handle.url)})` : "PGlite in memory";
    console.log(`bench:admin on ${where}: ${ORDERS.toLocaleString("en")} orders × 3 lines`);
    const result = await measureAdminOrders(handle);
    console.log(`seeded in ${result.seedSeconds.toFixed(1)} s\n`);
    const rows = result.cases.map((c) => [
      c.label,
      c.median.toFixed(1),
      c.p95.toFixed(1),
      c.total.toLocaleString("en"),
      String(c.shown),
    ]);
    const slowest = Math.max(...result.cases.map((c) => c.median));
    const header = ["case", "median ms", "p95 ms", "matches", "shown"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const row of rows) console.log(line(row));
    console.log(
      `\n${RUNS} timed runs each after ${WARMUP} warm-up runs. Slowest median ${slowest.toFixed(1)} ms (target < ${TARGET_MS} ms): ${slowest < TARGET_MS ? "met" : "NOT met"}.`,
    );
  } finally {
    await cleanup();
  }
}

// Run when started as a script; importable (e.g. to explore query plans on the same data).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
