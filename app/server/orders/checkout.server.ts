import { eq, inArray } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "#app/lib/cart.ts";
import { centsToDecimal, toCents } from "#app/lib/money.ts";
import { normalisePersonalisation, personalisationProblem } from "#app/lib/personalisation.ts";
import {
  BuyerNoteSchema,
  type CheckoutContact,
  CheckoutContactSchema,
} from "#app/lib/validation/checkout.ts";
import { orderItems, orders, products } from "#db/schema/index.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import { personalisationColumns, personalisationRules } from "../catalog/personalisation.server.ts";
import type { Database } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.server.ts";
import type { FormStamp } from "../http/honeypot.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { orderMessages } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";
import { claimFormStamp } from "../spam/form-guard.server.ts";
import { createOrderPageToken, orderPageUrl } from "./order-page.server.ts";

/*
 * Placing an order (docs/product.md §2.11, §6.1 "Checkout", §11), with the original's flaws fixed: the browser
 * sends product ids and quantities only; names and prices come from the database; the order,
 * its items and both notification e-mails commit in one transaction; an idempotency key from
 * the form makes a double submit store one order. The buyer's confirmation links to their
 * private order page (decision 014): the token goes into the e-mail, only its hash is stored.
 */

/** The most distinct products one order may hold. */
export const MAX_ORDER_LINES = 100;

export const CHECKOUT_ERRORS = {
  "empty-cart": "Please add products to your cart before checkout.",
  "invalid-contact": "Please check your contact details.",
  "too-many-lines": `An order can hold at most ${MAX_ORDER_LINES} different products.`,
  "invalid-quantity": `Each quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  "unknown-products":
    "Some products in your cart are no longer available. Please remove them and try again.",
  "price-changed":
    "Some prices have changed since you added the items. Please check the new prices and place your order again.",
  "stamp-reused": "Please check your details and press Confirm Order to place your order.",
  personalisation: "Please check the personalisation of the items in your cart.",
} as const;
export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;

export interface CheckoutLineInput {
  productId: string;
  quantity: number;
  /** The unit price the visitor was shown; when given and different, the order is refused. */
  expectedPriceCents?: number;
  /** The buyer's text for a personalised product (decision 040); blank is none. */
  personalisation?: string | null;
}

export interface CheckoutInput {
  customer: CheckoutContact;
  /** "Anything we should know?": optional, checked again here (docs/product.md §6.1). */
  note?: string | null;
  lines: CheckoutLineInput[];
  idempotencyKey: string;
  /**
   * The checkout form's stamp: usable for one order (decision 016). A second order with it is
   * refused ("stamp-reused": the buyer confirms once more); a resubmit of the same form (same
   * key) is the same order, not a second one.
   */
  stamp?: FormStamp;
}

/** Thrown inside the order's transaction to undo it when its stamp was used before. */
class StampReused extends Error {}

export type CheckoutResult =
  | {
      ok: true;
      orderId: string;
      totalCents: number;
      /** True when this key had already stored the order (a resubmit): nothing new written. */
      duplicate: boolean;
      /**
       * The order page's token, only when this call stored the order (it is in the e-mail;
       * the database has its hash alone).
       */
      orderPageToken?: string;
    }
  | { ok: false; code: CheckoutErrorCode; message: string; productIds: string[] };

function refuse(
  code: CheckoutErrorCode,
  productIds: string[] = [],
  message: string = CHECKOUT_ERRORS[code],
): CheckoutResult {
  return { ok: false, code, message, productIds };
}

/** An order's total in cents, from its stored lines (docs/product.md §4: sum of price × quantity). */
async function storedTotalCents(db: Database, orderId: string): Promise<number> {
  const lines = await db
    .select({ price: orderItems.price, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

/** The order a checkout form's key already stored, if any. */
export async function findOrderByIdempotencyKey(db: Database, key: string) {
  if (!isUuid(key)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

async function existingResult(db: Database, key: string): Promise<CheckoutResult | null> {
  const existing = await findOrderByIdempotencyKey(db, key);
  if (!existing) return null;
  return {
    ok: true,
    orderId: existing.id,
    totalCents: await storedTotalCents(db, existing.id),
    duplicate: true,
  };
}

/**
 * Same product with the same text twice (a hand-made request): one line with the quantities
 * added. The same product with two texts stays two lines (two keyrings, two names).
 */
function mergeLines(lines: CheckoutLineInput[]): CheckoutLineInput[] {
  const merged = new Map<string, CheckoutLineInput>();
  for (const line of lines) {
    const productId = line.productId.toLowerCase();
    // Kept as sent (the rules are checked on it); compared trimmed.
    const text = line.personalisation ?? null;
    const key = `${productId}\u0000${normalisePersonalisation(text) ?? ""}`;
    const previous = merged.get(key);
    merged.set(
      key,
      previous
        ? { ...previous, quantity: previous.quantity + line.quantity }
        : { ...line, productId, personalisation: text },
    );
  }
  return [...merged.values()];
}

/** A line as the buyer reads it in a refusal: the product, and its text when it has one. */
function lineLabel(name: string, text: string | null | undefined) {
  const shown = normalisePersonalisation(text);
  return shown ? `${name} (“${shown}”)` : name;
}

export async function placeOrder(
  db: Database,
  env: MailEnv,
  input: CheckoutInput,
): Promise<CheckoutResult> {
  const contact = CheckoutContactSchema.safeParse(input.customer);
  const note = BuyerNoteSchema.safeParse(input.note ?? undefined);
  if (!contact.success || !note.success || !isUuid(input.idempotencyKey)) {
    return refuse("invalid-contact");
  }
  const customer = contact.data;
  const key = input.idempotencyKey.toLowerCase();

  // A resubmitted form whose order is already stored: the same success, nothing new.
  const already = await existingResult(db, key);
  if (already) return already;

  if (input.lines.length === 0) return refuse("empty-cart");
  const lines = mergeLines(input.lines);
  if (lines.length > MAX_ORDER_LINES) return refuse("too-many-lines");
  const badQuantity = lines.filter(
    (line) =>
      !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY,
  );
  if (badQuantity.length > 0) {
    return refuse(
      "invalid-quantity",
      badQuantity.map((line) => line.productId),
    );
  }
  const malformed = lines.filter((line) => !isUuid(line.productId));
  if (malformed.length > 0) {
    return refuse(
      "unknown-products",
      malformed.map((line) => line.productId),
    );
  }

  let outcome: CheckoutResult | null;
  try {
    outcome = await db.transaction(async (tx) => {
      // Prices are read inside the transaction, locked against a concurrent change.
      const rows = await tx
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          ...personalisationColumns,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            lines.map((line) => line.productId),
          ),
        )
        .for("share");
      const byId = new Map(rows.map((row) => [row.id, row]));
      const unknown = lines.filter((line) => !byId.has(line.productId));
      if (unknown.length > 0) {
        return refuse(
          "unknown-products",
          unknown.map((line) => line.productId),
        );
      }
      // The product's personalisation rules as they are now, not as when it was put in the
      // cart (decision 040): each line that breaks them is named.
      const problems = lines.flatMap((line) => {
        const row = byId.get(line.productId)!;
        const problem = personalisationProblem(personalisationRules(row), line.personalisation);
        return problem
          ? [{ line, text: `${lineLabel(row.name, line.personalisation)}: ${problem}` }]
          : [];
      });
      if (problems.length > 0) {
        return refuse(
          "personalisation",
          problems.map((p) => p.line.productId),
          problems.map((p) => p.text).join(" "),
        );
      }
      const priced = lines.map((line) => {
        const row = byId.get(line.productId)!;
        const personalisation = normalisePersonalisation(line.personalisation);
        return {
          ...line,
          productName: row.name,
          priceCents: toCents(row.price),
          personalisation,
          personalisationLabel: personalisation ? row.personalisationLabel : null,
        };
      });
      const changed = priced.filter(
        (line) =>
          line.expectedPriceCents !== undefined && line.expectedPriceCents !== line.priceCents,
      );
      if (changed.length > 0) {
        return refuse(
          "price-changed",
          changed.map((line) => line.productId),
        );
      }
      const totalCents = priced.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

      const pageToken = createOrderPageToken();
      // ON CONFLICT waits for a concurrent submit with the same key and then yields to it.
      const [order] = await tx
        .insert(orders)
        .values({
          customerName: customer.name,
          email: customer.email,
          phone: customer.phone,
          note: note.data,
          status: "pending",
          idempotencyKey: key,
          accessTokenHash: pageToken.hash,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning({ id: orders.id });
      if (!order) return null;
      if (input.stamp && !(await claimFormStamp(tx, "checkout", input.stamp))) {
        throw new StampReused();
      }

      await tx.insert(orderItems).values(
        priced.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          productName: line.productName,
          price: centsToDecimal(line.priceCents),
          quantity: line.quantity,
          personalisation: line.personalisation,
          personalisationLabel: line.personalisationLabel,
        })),
      );
      await queueMessages(
        tx,
        orderMessages(env, {
          id: order.id,
          customerName: customer.name,
          email: customer.email,
          phone: customer.phone,
          note: note.data,
          lines: priced.map(
            ({ productName, priceCents, quantity, personalisation, personalisationLabel }) => ({
              productName,
              priceCents,
              quantity,
              personalisation,
              personalisationLabel,
            }),
          ),
          totalCents,
          orderPageUrl: orderPageUrl(env.PUBLIC_URL, pageToken.token),
        }),
      );
      return {
        ok: true as const,
        orderId: order.id,
        totalCents,
        duplicate: false,
        orderPageToken: pageToken.token,
      };
    });
  } catch (error) {
    if (error instanceof StampReused) return refuse("stamp-reused");
    // The other submit with this key won the unique index: its order is the answer.
    if (!isUniqueViolation(error)) throw error;
    outcome = null;
  }
  if (outcome) return outcome;
  const winner = await existingResult(db, key);
  if (!winner) throw new Error("checkout: idempotency key conflict without a stored order");
  return winner;
}
