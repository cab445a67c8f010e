import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "#app/lib/csv.ts";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { quoteRequestExportBatches } from "#app/server/inquiries/quote-request-export.server.ts";
import { subscriberExportBatches } from "#app/server/newsletter/admin-subscribers.server.ts";
import {
  EXPORT_BATCH_SIZE,
  EXPORT_FIRST_BATCH_SIZE,
  ORDER_EXPORT_HEADER,
  orderExportBatches,
} from "#app/server/orders/order-export.server.ts";
import { listOrders } from "#app/server/orders/order-list.server.ts";
import {
  createOrder,
  createQuoteRequest,
  createSubscriber,
  minutesAgo,
} from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Decision 009, 'Export CSV': the three downloads through the route handler (header, UTF-8,
 * RFC 4180 quoting, formula neutralising, the page's search and filter) and the keyset
 * batches behind them (every row once, in order, whatever the batch size).
 */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, cookie } = await createAdminApp());
}, 120_000);
afterAll(() => handle.close());

/** GET a download as the admin: the response, its raw bytes and its records. */
async function download(path: string) {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { response, bytes, text, records: parseCsv(text) };
}

async function collect(batches: AsyncIterable<string[][]>) {
  const seen: string[][][] = [];
  for await (const batch of batches) seen.push(batch);
  return seen;
}

describe("GET /admin/orders/export.csv", () => {
  const tag = "csvtag";
  let tricky: { id: string };
  let plain: { id: string };

  beforeAll(async () => {
    tricky = await createOrder(services.db, {
      customerName: '=HYPERLINK("http://evil.example","Click")',
      email: `${tag}-tricky@example.com`,
      phone: "+27 82 123 4567",
      note: '=cmd|"/c calc"!A1\nNeeded by Friday',
      status: "pending",
      createdAt: minutesAgo(1),
      lines: [
        { productName: 'Box, "Deluxe"\nEdition', price: "1234.50", quantity: 2 },
        { productName: "@SUM(A1:A9)", price: "0.05", quantity: 1 },
        { productName: "Zoë's Mug ☕", price: "85.00", quantity: 3 },
      ],
    });
    plain = await createOrder(services.db, {
      customerName: "Plain Customer",
      email: `${tag}-plain@example.com`,
      phone: "031 464 0192",
      status: "delivered",
      createdAt: minutesAgo(2),
      lines: [],
    });
    await createOrder(services.db, { customerName: "Someone Else", email: "else@example.com" });
  });

  it("downloads UTF-8 with a BOM, a header row and one record per order line", async () => {
    const { response, bytes, text, records } = await download(`/admin/orders/export.csv?q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toContain("\r\n");
    expect(records[0]).toEqual([...ORDER_EXPORT_HEADER]);
    const body = records.slice(1);
    // 3 lines of the tricky order, 1 record for the order without lines; not "Someone Else".
    expect(body).toHaveLength(4);
    expect(body.map((r) => r[0])).toEqual([tricky.id, tricky.id, tricky.id, plain.id]);
    expect(text).not.toContain("Someone Else");
  });

  it("quotes commas, quotes and line breaks, and neutralises formulas", async () => {
    const { text, records } = await download(`/admin/orders/export.csv?q=${tag}`);
    const [, first, second, third, empty] = records;
    const col = (name: (typeof ORDER_EXPORT_HEADER)[number]) => ORDER_EXPORT_HEADER.indexOf(name);
    // Lines by product name: "@SUM…" sorts before "Box…" and "Zoë's…".
    expect(first![col("Product")]).toBe("'@SUM(A1:A9)");
    expect(second![col("Product")]).toBe('Box, "Deluxe"\nEdition');
    expect(text).toContain('"Box, ""Deluxe""\nEdition"');
    expect(third![col("Product")]).toBe("Zoë's Mug ☕");
    expect(first![col("Customer Name")]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(first![col("Phone")]).toBe("'+27 82 123 4567");
    expect(second).toMatchObject({
      [col("Unit Price (ZAR)")]: "1234.50",
      [col("Quantity")]: "2",
      [col("Subtotal (ZAR)")]: "2469.00",
      [col("Order Total (ZAR)")]: "2724.05",
      [col("Status")]: "Pending",
      [col("Order Number")]: tricky.id.slice(0, 8).toUpperCase(),
    });
    expect(first![col("Date Placed (SAST)")]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The buyer's note on each of its order's lines, neutralised like any other cell.
    for (const line of [first, second, third]) {
      expect(line![col("Buyer Note")]).toBe('\'=cmd|"/c calc"!A1\nNeeded by Friday');
    }
    expect(empty!.slice(col("Product"))).toEqual(["", "", "", "", "0.00", "", "", "", "", ""]);
    for (const record of records) {
      for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("respects the status filter and the search", async () => {
    const delivered = await download(`/admin/orders/export.csv?q=${tag}&status=delivered`);
    expect(delivered.records.slice(1).map((r) => r[0])).toEqual([plain.id]);
    const none = await download(`/admin/orders/export.csv?q=${tag}&status=shipped`);
    expect(none.records).toEqual([[...ORDER_EXPORT_HEADER]]);
    const bogus = await download(`/admin/orders/export.csv?q=${tag}&status=bogus`);
    expect(bogus.records).toHaveLength(5);
  });

  it("reads a small first batch, then full ones, every order once (decision 009)", async () => {
    const db = await createTestDatabase();
    try {
      const count = EXPORT_FIRST_BATCH_SIZE + EXPORT_BATCH_SIZE + 7;
      await db.db.execute(sql`
        insert into orders (customer_name, email, phone, created_at, updated_at)
        select 'Batch ' || g, 'batch' || g || '@example.com', '082 000 0000',
          timestamptz '2026-05-01 10:00:00+00' + make_interval(secs => g), now()
        from generate_series(1, ${count}) g`);
      const batches = await collect(
        orderExportBatches(db.db, { q: null, status: null, payment: null, overdue: false }),
      );
      expect(batches.map((b) => b.length)).toEqual([EXPORT_FIRST_BATCH_SIZE, EXPORT_BATCH_SIZE, 7]);
      const names = batches.flat().map((record) => record[10]);
      expect(names).toEqual(Array.from({ length: count }, (_, i) => `Batch ${count - i}`));
    } finally {
      await db.close();
    }
  });

  it("reads keyset batches that give every order once, in the list's order", async () => {
    const db = await createTestDatabase();
    try {
      // Timestamps a microsecond apart (and some equal): a cursor in milliseconds would skip.
      await db.db.execute(sql`
        insert into orders (customer_name, email, phone, created_at, updated_at)
        select 'Batch ' || g, 'batch' || g || '@example.com', '082 000 0000',
          timestamptz '2026-05-01 10:00:00+00' + make_interval(secs => (g / 3) * 0.000001),
          now()
        from generate_series(1, 23) g`);
      const batches = await collect(
        orderExportBatches(db.db, { q: null, status: null, payment: null, overdue: false }, 4),
      );
      expect(batches.map((b) => b.length)).toEqual([4, 4, 4, 4, 4, 3]);
      const exported = batches.flat().map((record) => record[0]);
      const listed: string[] = [];
      for (let p = 1; p <= 3; p++) {
        const result = await listOrders(db.db, {
          q: null,
          status: null,
          payment: null,
          overdue: false,
          page: p,
        });
        listed.push(...result.orders.map((o) => o.id));
      }
      expect(exported).toEqual(listed);
      expect(new Set(exported).size).toBe(23);
    } finally {
      await db.close();
    }
  });
});

describe("GET /admin/subscribers/export.csv", () => {
  it("exports the subscribers matching the search and state, newest first", async () => {
    await createSubscriber(services.db, {
      email: "csv-old@example.com",
      createdAt: minutesAgo(10),
    });
    await createSubscriber(services.db, {
      email: "csv-new@example.com",
      createdAt: minutesAgo(1),
      status: "pending",
    });
    await createSubscriber(services.db, { email: "-@evil.example", createdAt: minutesAgo(5) });
    const { response, records } = await download("/admin/subscribers/export.csv?q=csv-");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="subscribers-/);
    expect(records).toEqual([
      ["Email", "Subscription Date (SAST)", "Source", "State", "Confirmed (SAST)"],
      [
        "csv-new@example.com",
        expect.stringMatching(/^\d{4}-/),
        "footer",
        "Awaiting confirmation",
        "",
      ],
      ["csv-old@example.com", expect.stringMatching(/^\d{4}-/), "footer", "Subscribed", ""],
    ]);
    const pending = await download("/admin/subscribers/export.csv?q=csv-&state=pending");
    expect(pending.records.map((r) => r[0])).toEqual(["Email", "csv-new@example.com"]);
    const all = await download("/admin/subscribers/export.csv");
    expect(all.records.map((r) => r[0])).toContain("'-@evil.example");
    const batches = await collect(
      subscriberExportBatches(services.db, { q: null, state: null }, 2),
    );
    expect(batches.flat()).toHaveLength(3);
  });
});

describe("GET /admin/quote-requests/export.csv", () => {
  it("exports what the list shows: open ones by default, resolved ones when shown", async () => {
    await createQuoteRequest(services.db, {
      name: "Csv Open",
      phone: "+27 82 123 4567",
      service: "iot",
      message: "Line one,\nline \"two\"\n=cmd|' /C calc'!A0",
      createdAt: minutesAgo(2),
    });
    await createQuoteRequest(services.db, {
      name: "Csv Resolved",
      service: "General Contact",
      isResolved: true,
      createdAt: minutesAgo(1),
    });
    const open = await download("/admin/quote-requests/export.csv?q=csv");
    expect(open.response.headers.get("Content-Disposition")).toMatch(/filename="quote-requests-/);
    expect(open.records[0]).toEqual([
      "Date (SAST)",
      "Name",
      "Email",
      "Phone",
      "Service",
      "Message",
      "Status",
      "Replied (SAST)",
      "Reply",
    ]);
    // The phone number (optional) is kept as text: a leading + is neutralised like a formula.
    expect(open.records.slice(1).map((r) => [r[1], r[3], r[4], r[5], r[6]])).toEqual([
      [
        "Csv Open",
        "'+27 82 123 4567",
        "IoT Systems",
        "Line one,\nline \"two\"\n=cmd|' /C calc'!A0",
        "Open",
      ],
    ]);
    const all = await download("/admin/quote-requests/export.csv?q=csv&resolved=1");
    expect(all.records.slice(1).map((r) => [r[1], r[3], r[6]])).toEqual([
      ["Csv Resolved", "", "Resolved"],
      ["Csv Open", "'+27 82 123 4567", "Open"],
    ]);
    const batches = await collect(
      quoteRequestExportBatches(services.db, { q: "csv", showResolved: true }, 1),
    );
    expect(batches).toHaveLength(2);
  });
});
