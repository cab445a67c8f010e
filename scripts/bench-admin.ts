import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { desc, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase, redactUrl } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { pgliteDirectory } from "#app/server/env.server.ts";
import {
  listOrders,
  ORDERS_PAGE_SIZE,
  type OrderListQuery,
} from "#app/server/orders/admin-orders.server.ts";
import { orders } from "#db/schema/index.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * `npm run bench:admin` (issue 8, decision 009): seeds ORDERS orders with 3 lines each into a
 * throwaway database, starts the production server on it, signs in as an admin and times the
 * orders page's data request over HTTP (`GET /admin/orders.data?…`, what the browser fetches
 * when the admin pages, searches or filters: the guard and its session lookup, the layout's
 * and the page's loaders, serialisation and compression) for page 1, a middle page, searches
 * and status filters.
 *
 * - Default: PGlite in a temporary data directory on disk, removed at the end.
 * - `DATABASE_URL=postgres://…/postgres npm run bench:admin`: on PostgreSQL, in a new
 *   database `bench_admin_<time>` created next to the one named, dropped at the end
 *   (`BENCH_DATABASE_PREFIX` changes the prefix; `BENCH_KEEP_DATABASE=1` keeps it, and prints
 *   its name, to read query plans on the same data: drop it yourself afterwards).
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

/** A throwaway database: PGlite under `dataDir`, or a new database beside `databaseUrl`. */
async function createTarget(dataDir: string, databaseUrl?: string) {
  if (!databaseUrl) {
    return {
      serverEnv: {} as Record<string, string>,
      open: () => openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) }),
      drop: async () => {},
    };
  }
  const { default: postgres } = await import("postgres");
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "bench_admin_"}${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench: not a database name: ${name}`);
  const keep = process.env.BENCH_KEEP_DATABASE === "1";
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(databaseUrl);
  target.pathname = `/${name}`;
  return {
    serverEnv: { DATABASE_URL: target.toString() },
    open: () => openDatabase({ databaseUrl: target.toString(), poolSize: 2 }),
    drop: async () => {
      if (keep) console.log(`bench: kept the database ${name} (drop it when done)`);
      else await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface AdminBenchCase {
  label: string;
  /** The query string of the orders page, e.g. "?q=khumalo". */
  search: string;
  median: number;
  p95: number;
  total: number;
  shown: number;
}

type PlannedCase = Omit<AdminBenchCase, "median" | "p95"> & { firstOrderId: string | null };

/** The cases, as the page's query strings, with what each must show (read directly once). */
async function planCases(handle: DatabaseHandle, count: number): Promise<PlannedCase[]> {
  const pages = Math.ceil(count / ORDERS_PAGE_SIZE);
  const middle = Math.ceil(pages / 2);
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
  const phoneEnd = sample.phone.slice(-8);
  const cases: [string, Record<string, string>][] = [
    ["page 1", {}],
    [`middle page (${middle})`, { page: String(middle) }],
    [`last page (${pages})`, { page: String(pages) }],
    ['search "khumalo" (a surname, 1 in 25 orders)', { q: "khumalo" }],
    [`search "${email}" (e-mail, other case)`, { q: email }],
    [`search "${phone}" (phone, other form)`, { q: phone }],
    [`search "${phoneEnd}" (end of a phone)`, { q: phoneEnd }],
    ['search "gmail" (1 in 4 orders)', { q: "gmail" }],
    ["status pending", { status: "pending" }],
    ["status delivered, page 100", { status: "delivered", page: "100" }],
    ['status pending + search "naidoo"', { status: "pending", q: "naidoo" }],
  ];
  const planned: PlannedCase[] = [];
  for (const [label, params] of cases) {
    const query: OrderListQuery = {
      q: params.q ?? null,
      status: (params.status as OrderListQuery["status"]) ?? null,
      payment: null,
      overdue: false,
      page: Number(params.page ?? 1),
    };
    const result = await listOrders(handle.db, query);
    const search = new URLSearchParams(params).toString();
    planned.push({
      label,
      search: search ? `?${search}` : "",
      total: result.total,
      shown: result.orders.length,
      firstOrderId: result.orders[0]?.id ?? null,
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

/** GET the page's data as the browser does (gzip, the admin's cookie); its time and body. */
async function fetchData(url: string, cookie: string) {
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

/**
 * Times every case: each answer checked once, WARMUP rounds over all cases (a freshly started
 * server compiles and caches as it goes), then `runs` rounds, each request of a round to the
 * next case, so a burst of load on a shared machine spreads over all cases alike.
 */
async function timeCases(base: string, cookie: string, planned: PlannedCase[], runs: number) {
  const url = (plan: PlannedCase) => `${base}/admin/orders.data${plan.search}`;
  for (const plan of planned) {
    // The answer must be the orders page's own data, with the orders the database holds.
    const first = await fetchData(url(plan), cookie);
    const ok =
      first.status === 200 &&
      !first.body.includes("SingleFetchRedirect") &&
      first.body.includes('"routes/admin/orders/index"') &&
      (plan.firstOrderId === null || first.body.includes(plan.firstOrderId));
    if (!ok) {
      throw new Error(`bench: ${url(plan)} answered ${first.status}: ${first.body.slice(0, 200)}`);
    }
  }
  for (let round = 0; round < WARMUP; round++) {
    for (const plan of planned) await fetchData(url(plan), cookie);
  }
  const samples = planned.map(() => [] as number[]);
  for (let round = 0; round < runs; round++) {
    for (const [i, plan] of planned.entries()) {
      samples[i]!.push((await fetchData(url(plan), cookie)).ms);
    }
  }
  return planned.map(({ firstOrderId, ...figures }, i) => ({ ...figures, ...stats(samples[i]!) }));
}

export interface AdminBenchResult {
  orders: number;
  database: string;
  seedSeconds: number;
  runs: number;
  cases: AdminBenchCase[];
}

/**
 * Seeds `orders` orders into a new throwaway database (PGlite on disk, or PostgreSQL beside
 * `databaseUrl`), serves it with the production build and times the orders page's data
 * request for each case. Used by this script and by `npm run bench`.
 */
export async function measureAdminOrders(
  options: { orders?: number; runs?: number; databaseUrl?: string } = {},
): Promise<AdminBenchResult> {
  const count = options.orders ?? ORDERS;
  const runs = options.runs ?? RUNS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const target = await createTarget(dataDir, options.databaseUrl);
  try {
    const handle = await target.open();
    const database = handle.url ? `PostgreSQL (${redactUrl(handle.url)})` : "PGlite on disk";
    let seedSeconds: number;
    let planned: PlannedCase[];
    try {
      const seedStart = performance.now();
      await migrateDatabase(handle);
      await seed(handle, count);
      seedSeconds = (performance.now() - seedStart) / 1000;
      planned = await planCases(handle, count);
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
    try {
      const base = `http://127.0.0.1:${await server.ready}`;
      const cookie = await signIn(base, admin.email, admin.password);
      const cases = await timeCases(base, cookie, planned, runs);
      return { orders: count, database, seedSeconds, runs, cases };
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as a table: case, median, p95, matches, shown. */
export function adminBenchTable(cases: AdminBenchCase[]): string[] {
  const rows = cases.map((c) => [
    c.label,
    c.median.toFixed(1),
    c.p95.toFixed(1),
    c.total.toLocaleString("en"),
    String(c.shown),
  ]);
  const header = ["case", "median ms", "p95 ms", "matches", "shown"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
}

async function main() {
  if (!ensureBuild()) process.exit(1);
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL;
  console.log(
    `bench:admin on ${databaseUrl ? `PostgreSQL (${redactUrl(databaseUrl)})` : "PGlite on disk"}: ${ORDERS.toLocaleString("en")} orders × 3 lines, GET /admin/orders.data over HTTP`,
  );
  const result = await measureAdminOrders({ databaseUrl });
  console.log(`seeded in ${result.seedSeconds.toFixed(1)} s\n`);
  for (const line of adminBenchTable(result.cases)) console.log(line);
  const slowest = Math.max(...result.cases.map((c) => c.median));
  console.log(
    `\n${result.runs} timed requests per case after ${WARMUP} warm-up rounds, one request at a time, the cases in turn, signed in as an admin. Slowest median ${slowest.toFixed(1)} ms (target < ${TARGET_MS} ms): ${slowest < TARGET_MS ? "met" : "NOT met"}. Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
}

// Run when started as a script; importable (e.g. to explore query plans on the same data).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
