import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { type BusinessDetails, businessPhoneHref } from "#app/lib/business.ts";
import type { CompanyContact } from "#app/lib/orders.ts";
import { internationalPhone } from "#app/lib/phone.ts";
import type { Toast } from "#app/lib/toast.ts";
import { CheckoutSchema } from "#app/lib/validation/checkout.ts";
import { getServices } from "../context.server.ts";
import { throwAsUnavailable } from "../http/database-unavailable.server.ts";
import {
  ANTI_SPAM_FIELDS,
  createConfirmStamp,
  inspectPublicSubmission,
} from "../http/honeypot.server.ts";
import { getClientAddress } from "../http/request-info.server.ts";
import { hasUnshownErrors } from "../http/submission.server.ts";
import { readForm } from "../http/submitted-form.server.ts";
import { redirectWithToast } from "../http/toast.server.ts";
import { claimFormStamp, recordVerdict } from "../spam/form-guard.server.ts";
import { placeOrder } from "./checkout.server.ts";

type Context = Readonly<RouterContextProvider>;

/*
 * The /checkout action (docs/product.md §6.1 "Checkout"), with the public forms' defences (decisions 016 and 020):
 * - rate limits per address (a high ceiling: many buyers share one address behind a mobile
 *   carrier's NAT or an office) and per buyer (their e-mail and their phone number), which
 *   answer 429 with a friendly message naming the company's phone and WhatsApp;
 * - the honeypot and the form stamp. An order is never dropped silently: a suspect stamp
 *   (too fast, too old, used before, missing) asks the buyer to confirm once more; a filled
 *   honeypot is refused with a way to order by phone. The cart stays in the browser either
 *   way (it is cleared only after an order is placed). The confirmation carries a stamp of its
 *   own, made when it is sent and tied to this checkout's idempotency key: it ages like a
 *   page's stamp and places one order, so a script cannot turn the notice round at once.
 */

export type CheckoutActionData = {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
  /** The buyer is asked to confirm: send the form again with this stamp. */
  confirmStamp?: string;
  /** A limit was reached (or the order could not be taken): how to order by phone instead. */
  contact?: CompanyContact;
};

/** The shop's phone and WhatsApp (the business details), for the buyer to order by phone. */
export function companyContact(
  business: Pick<BusinessDetails, "phone" | "whatsApp">,
): CompanyContact {
  const whatsApp = internationalPhone(business.whatsApp);
  const phoneHref = businessPhoneHref(business);
  return {
    phone: business.phone,
    phoneHref,
    whatsAppHref: whatsApp ? `https://wa.me/${whatsApp}` : phoneHref,
  };
}

export const CHECKOUT_CONFIRM_MESSAGE =
  "Please check your details and press Confirm Order to place your order.";

const UNREADABLE_ORDER_MESSAGE =
  "Your order could not be read. Please go back to your cart, check it and try again.";

function errorToast(description: string, title = "Error placing order"): Toast {
  return { id: crypto.randomUUID(), type: "destructive", title, description };
}

function minutes(seconds: number) {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
}

/** The friendly answer to a reached limit (429): wait, or order by phone or WhatsApp. */
export function limitMessage(retryAfterSeconds: number, who: "address" | "buyer", phone: string) {
  const what =
    who === "buyer"
      ? "We have received several orders with your details in the last few minutes."
      : "We have received many orders from your network in the last few minutes.";
  return `${what} Your cart is kept: please try again in ${minutes(retryAfterSeconds)}, or call us on ${phone} or message us on WhatsApp and we will take your order.`;
}

/** Keys of the per-buyer limits: the address as typed in any case, the number's digits. */
function buyerKeys(email: string, phone: string) {
  return {
    email: email.trim().toLowerCase(),
    phone: internationalPhone(phone) ?? phone.replace(/\D/g, ""),
  };
}

export async function checkoutAction(context: Context) {
  const services = getServices(context);
  const { db, env, logger, rateLimits } = services;
  const formData = readForm(context, CheckoutSchema, ANTI_SPAM_FIELDS);
  const business = await services.business.get().catch(throwAsUnavailable);
  const reply = (formErrors?: string[]) =>
    parseWithZod(formData, { schema: CheckoutSchema }).reply(formErrors ? { formErrors } : {});
  const limited = (retryAfterSeconds: number, who: "address" | "buyer") => {
    const message = limitMessage(retryAfterSeconds, who, business.phone);
    void recordVerdict(db, logger, "checkout", "limited");
    return data<CheckoutActionData>(
      {
        result: reply([message]),
        toast: errorToast(message, "Please wait a moment"),
        contact: companyContact(business),
      },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  };

  const perAddress = await rateLimits.consume("checkout", getClientAddress(context));
  if (!perAddress.allowed) return limited(perAddress.retryAfterSeconds, "address");

  // docs/product.md §6.1: an empty cart blocks submission with this notice and returns to /crafts.
  const hasLines = [...formData.keys()].some((key) => key.startsWith("lines["));
  if (!hasLines) {
    return redirectWithToast(env, "/crafts", {
      type: "destructive",
      title: "Cart is empty",
      description: "Please add products to your cart before checkout.",
    });
  }

  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  if (submission.status !== "success") {
    // The contact fields show their own messages; anything else (the cart's lines, the
    // form's key) is not on screen, so it gets a message of its own.
    if (!hasUnshownErrors(submission.error, ["name", "email", "phone", "note"])) {
      return data<CheckoutActionData>({ result: submission.reply(), toast: null }, { status: 400 });
    }
    return data<CheckoutActionData>(
      {
        result: submission.reply({ formErrors: [UNREADABLE_ORDER_MESSAGE] }),
        toast: errorToast(UNREADABLE_ORDER_MESSAGE),
      },
      { status: 400 },
    );
  }
  const { name, email, phone, idempotencyKey, lines, note } = submission.value;

  const inspected = inspectPublicSubmission(services, formData, idempotencyKey);
  const { now } = inspected;
  const confirm = () =>
    askToConfirm(submission.reply, env.SESSION_SECRET, idempotencyKey, now, db, logger);
  if (inspected.verdict === "honeypot") {
    // A field no person can see was filled: no order, but never a fake success either.
    await recordVerdict(db, logger, "checkout", "honeypot");
    const message = `Your order could not be sent from this page. Please call us on ${business.phone} or message us on WhatsApp and we will take your order.`;
    return data<CheckoutActionData>(
      {
        result: submission.reply({ formErrors: [message] }),
        toast: errorToast(message),
        contact: companyContact(business),
      },
      { status: 400 },
    );
  }
  if (inspected.verdict !== "ok") {
    // Sent faster than a person types (autofill?), from a page open for hours, or without
    // a stamp: the buyer confirms once more. A stamp sent too fast is spent, as on the other
    // forms, so it cannot be sent again once it is old enough.
    await recordVerdict(db, logger, "checkout", inspected.verdict);
    if (inspected.verdict === "too-fast" && inspected.stamp) {
      await claimFormStamp(db, "checkout", inspected.stamp, now);
    }
    return confirm();
  }

  const buyer = buyerKeys(email, phone);
  for (const [rule, key] of [
    ["checkoutPerBuyerEmail", buyer.email],
    ["checkoutPerBuyerPhone", buyer.phone],
  ] as const) {
    const limit = await rateLimits.consume(rule, key);
    if (!limit.allowed) return limited(limit.retryAfterSeconds, "buyer");
  }

  try {
    const result = await placeOrder(
      db,
      { ...env, business },
      {
        customer: { name, email, phone },
        note,
        idempotencyKey,
        stamp: inspected.stamp ?? undefined,
        lines: lines.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          expectedPriceCents: line.priceCents,
          personalisation: line.personalisation,
        })),
      },
    );
    if (result.ok) {
      logger.info(
        { orderId: result.orderId, totalCents: result.totalCents, duplicate: result.duplicate },
        "checkout: order placed",
      );
      await recordVerdict(db, logger, "checkout", "ok");
      // docs/product.md §8.1: the success notice for 5 s; docs/product.md §5.7: after an order the user goes to /.
      return redirectWithToast(env, "/", {
        type: "success",
        title: "Order placed successfully",
        description: "Thank you for your order! We'll contact you shortly to finalize the details.",
        duration: 5000,
      });
    }
    if (result.code === "stamp-reused") {
      await recordVerdict(db, logger, "checkout", "reused");
      return confirm();
    }
    if (result.code === "empty-cart") {
      return redirectWithToast(env, "/crafts", {
        type: "destructive",
        title: "Cart is empty",
        description: result.message,
      });
    }
    return data<CheckoutActionData>(
      {
        result: submission.reply({ formErrors: [result.message] }),
        toast: errorToast(result.message),
      },
      { status: result.code === "price-changed" ? 409 : 422 },
    );
  } catch (error) {
    logger.error({ err: error }, "checkout: placing the order failed");
    const message = "Your order was not placed because of a problem on our side. Please try again.";
    return data<CheckoutActionData>(
      { result: submission.reply({ formErrors: [message] }), toast: errorToast(message) },
      { status: 500 },
    );
  }
}

async function askToConfirm(
  reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]>,
  secret: string,
  idempotencyKey: string,
  now: Date,
  db: Parameters<typeof recordVerdict>[0],
  logger: Parameters<typeof recordVerdict>[1],
) {
  await recordVerdict(db, logger, "checkout", "confirm", now);
  return data<CheckoutActionData>(
    {
      result: reply({ formErrors: [CHECKOUT_CONFIRM_MESSAGE] }),
      toast: null,
      confirmStamp: createConfirmStamp(secret, idempotencyKey, now.getTime()),
    },
    { status: 409 },
  );
}
