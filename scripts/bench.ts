import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { count } from "drizzle-orm";
import { openDatabase } from "../app/server/db/client.server.ts";
import { pgliteDirectory } from "../app/server/env.server.ts";
import { createFormStamp } from "../app/server/http/honeypot.server.ts";
import { orders } from "../db/schema/index.ts";
import { adminBenchTable, measureAdminOrders } from "./bench-admin.ts";
import { ensureBuild, startServerProcess } from "./lib/server-process.ts";

/*
 * `npm run bench`: the production build on a throwaway database (PGlite; or PostgreSQL with
 * BENCH_DATABASE_URL, a database this script may fill), measured with autocannon:
 *   - requests per second and p50/p99 latency of /, /crafts and a product page, against a
 *     static hashed asset of the same server (the ratio is the figure that matters), with the
 *     page cache on and again, on a second start, with PAGE_CACHE=off (what the cache buys);
 *   - checkout orders per second with 20 concurrent buyers, and the orders stored afterwards
 *     (must equal the orders acknowledged);
 *   - the admin orders page's data request over HTTP at 100,000 orders (npm run bench:admin's
 *     cases and server, on a throwaway database; BENCH_ADMIN_ORDERS changes the number).
 * Prints one table and writes the figures as JSON to bench-results/.
 * BENCH_SECONDS sets the duration of each page run (default 10), BENCH_ORDERS the number of
 * checkout orders (default 400).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Checkout runs a fixed number of orders, so every answer is counted (none in flight). */
const CHECKOUT_ORDERS = Number(process.env.BENCH_ORDERS ?? 400);

interface Row {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  ratioToStatic?: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const PAGES = (productPath: string) =>
  [
    ["/", "/"],
    ["/crafts", "/crafts"],
    ["product page", productPath],
  ] as const;

const GZIP = { "accept-encoding": "gzip" };

/** Each public page, with its rate as a share of the static asset's. */
async function measurePages(base: string, productPath: string, staticRow: Row, suffix = "") {
  const rows: Row[] = [];
  for (const [name, page] of PAGES(productPath)) {
    const row = await measure(`${name}${suffix}`, { url: `${base}${page}`, headers: GZIP });
    row.ratioToStatic = Number((row.requestsPerSecond / staticRow.requestsPerSecond).toFixed(2));
    rows.push(row);
  }
  return rows;
}

/** The bench server's cookie and form-stamp secret. */
const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0000";

async function main() {
  if (!ensureBuild()) process.exit(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const serverEnv = {
    SEED_DEMO: "true",
    // As in production: one log line per request.
    LOG_LEVEL: "info",
    // Buyers come from many addresses (X-Forwarded-For through a trusted proxy), as in life.
    TRUST_PROXY: "loopback",
    // Known, so the buyers' forms can carry a stamp the server accepts (decision 016).
    SESSION_SECRET: BENCH_SECRET,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const server = startServerProcess(dataDir, serverEnv);
  const port = await server.ready;
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  let acknowledged = 0;
  let refused = 0;
  let productPath = "";
  let staticRow: Row | undefined;
  try {
    // The admin's stylesheet (the public pages inline theirs): a hashed asset about the size
    // of a compressed page, the same file as the one stylesheet before the public pages inlined theirs.
    const login = await (await fetch(`${base}/admin/login`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(login)?.[1];
    const crafts = await (await fetch(`${base}/crafts`)).text();
    productPath = /href="(\/products\/[0-9a-f-]{36})"/.exec(crafts)?.[1] ?? "";
    if (!asset || !productPath) throw new Error("could not find an asset or a product to measure");
    const productId = productPath.split("/").pop()!;
    const prices = (await (
      await fetch(`${base}/resources/cart-prices?id=${productId}`)
    ).json()) as { products: { id: string; priceCents: number }[] };
    const priceCents = prices.products[0]!.priceCents;

    staticRow = await measure("static asset", { url: `${base}${asset}`, headers: GZIP });
    rows.push(...(await measurePages(base, productPath, staticRow)), staticRow);

    // Checkout: every request a different buyer (address, idempotency key, e-mail, phone), each
    // with its own form stamp from ten seconds ago, as a person's page would give them: the
    // checkout limits orders per buyer and asks a too-fast or stampless form to confirm.
    let buyer = 0;
    const checkout = await autocannon({
      url: `${base}/checkout`,
      connections: CONNECTIONS,
      amount: CHECKOUT_ORDERS,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            buyer += 1;
            const body = new URLSearchParams({
              name: `Bench Buyer ${buyer}`,
              email: `buyer${buyer}@example.co.za`,
              phone: `082 ${String(Math.floor(buyer / 10_000) % 1000).padStart(3, "0")} ${String(buyer % 10_000).padStart(4, "0")}`,
              idempotencyKey: crypto.randomUUID(),
              hp_website: "",
              form_stamp: createFormStamp(BENCH_SECRET, Date.now() - 10_000),
              "lines[0].productId": productId,
              "lines[0].quantity": "1",
              "lines[0].priceCents": String(priceCents),
            }).toString();
            return {
              ...request,
              body,
              headers: {
                ...request.headers,
                "content-type": "application/x-www-form-urlencoded",
                origin: base,
                "x-forwarded-for": `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`,
              },
            };
          },
        },
      ],
    });
    // A placed order answers with the redirect to / (docs/product.md §5.7); anything else placed nothing.
    acknowledged = checkout.statusCodeStats?.["302"]?.count ?? 0;
    refused = checkout.requests.total - acknowledged;
    rows.push({
      name: `checkout (${CONNECTIONS} buyers)`,
      requestsPerSecond: Math.round(checkout.requests.average),
      p50Ms: checkout.latency.p50,
      p99Ms: checkout.latency.p99,
      non2xx: checkout.non2xx,
      errors: checkout.errors + checkout.timeouts,
    });
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }

  // The same pages rendered for every request: what the page cache buys.
  if (staticRow) {
    const uncached = startServerProcess(dataDir, { ...serverEnv, PAGE_CACHE: "off" });
    try {
      const uncachedBase = `http://127.0.0.1:${await uncached.ready}`;
      rows.splice(
        PAGES(productPath).length,
        0,
        ...(await measurePages(uncachedBase, productPath, staticRow, " (no cache)")),
      );
    } finally {
      uncached.child.kill("SIGTERM");
      await uncached.exited;
    }
  }

  // Count what was stored, with the server stopped (PGlite serves one process at a time).
  const handle = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) },
  );
  const [stored] = await handle.db.select({ n: count() }).from(orders);
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  // The admin figures (decision 009): the orders page's data request over HTTP at 100,000 orders,
  // on a throwaway database of the same kind (PGlite on disk, or beside BENCH_DATABASE_URL).
  const admin = await measureAdminOrders({
    orders: Number(process.env.BENCH_ADMIN_ORDERS ?? 100_000),
    databaseUrl,
  });

  const header = ["measure", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs static"];
  const table = rows.map((r) => [
    r.name,
    r.requestsPerSecond,
    r.p50Ms,
    r.p99Ms,
    r.non2xx,
    r.errors,
    r.ratioToStatic ?? "",
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...table.map((row) => String(row[i]).length)),
  );
  const line = (cells: (string | number)[]) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[0]!) : String(cell).padStart(widths[i]!),
      )
      .join("  ");
  console.log(
    `\nnpm run bench — ${new Date().toISOString()} — ${os.cpus().length} CPUs, ${databaseUrl ? "PostgreSQL" : "PGlite"}, ${CONNECTIONS} connections × ${SECONDS} s`,
  );
  console.log(line(header));
  for (const row of table) console.log(line(row));
  console.log(
    `\nadmin orders data (GET /admin/orders.data over HTTP, signed in), ${admin.orders.toLocaleString("en")} orders × 3 lines (${admin.database}):`,
  );
  for (const line of adminBenchTable(admin.cases)) console.log(line);
  const storedOrders = stored?.n ?? 0;
  console.log(
    `\ncheckout: ${acknowledged} orders acknowledged, ${refused} refused, ${storedOrders} stored — ${storedOrders === acknowledged ? "every acknowledged order was stored, and nothing else" : "MISMATCH"}`,
  );

  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join(
    "bench-results",
    `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, database: databaseUrl ? "postgres" : "pglite", seconds: SECONDS, connections: CONNECTIONS, rows, checkout: { acknowledged, refused, stored: storedOrders }, admin }, null, 2)}\n`,
  );
  console.log(`Figures written to ${file}`);
  if (storedOrders !== acknowledged) process.exitCode = 1;
}

await main();
