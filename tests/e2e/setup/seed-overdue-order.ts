import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { bootstrapDatabase } from "#app/server/db/bootstrap.server.ts";
import { loadEnv } from "#app/server/env.server.ts";
import { placeOrder } from "#app/server/orders/checkout.server.ts";
import { loadBusinessDetails } from "#app/server/site/business-details.server.ts";
import { orders, products } from "#db/schema/index.ts";
import { OVERDUE_BUYER } from "./overdue-order.ts";

/*
 * Run by playwright.config.ts before the e2e server starts, on its fresh DATA_DIR: creates
 * the database as the server would (migrations, demo catalogue, admin), places one order
 * through the real checkout and moves it 25 hours into the past. Its e-mails wait in the
 * outbox and are written as .eml files once the server runs. Nothing here runs in the app:
 * the server cannot be told the time, so the test's order is made old before it starts.
 */

const env = loadEnv();
const handle = await bootstrapDatabase(env, pino({ level: "warn" }));
try {
  const [product] = await handle.db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.name)
    .limit(1);
  if (!product) throw new Error("seed-overdue-order: the demo catalogue has no products");
  const placed = await placeOrder(
    handle.db,
    { ...env, business: await loadBusinessDetails(handle.db, env) },
    {
      customer: OVERDUE_BUYER,
      idempotencyKey: crypto.randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    },
  );
  if (!placed.ok) throw new Error(`seed-overdue-order: ${placed.message}`);
  await handle.db
    .update(orders)
    .set({
      createdAt: sql`now() - interval '25 hours'`,
      updatedAt: sql`now() - interval '25 hours'`,
    })
    .where(eq(orders.id, placed.orderId));
} finally {
  await handle.close();
}
