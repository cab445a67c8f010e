import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { CartSkeleton } from "#app/components/site/shop/cart-skeleton.tsx";
import { useHydrated } from "#app/components/site/shop/use-hydrated.ts";
import { useShowToast } from "#app/components/toaster.tsx";
import { seo } from "#app/lib/seo.ts";
import type { Toast } from "#app/lib/toast.ts";
import { CheckoutSchema } from "#app/lib/validation/checkout.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { hasUnshownErrors } from "#app/server/http/submission.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { placeOrder } from "#app/server/orders/checkout.server.ts";
import type { Route } from "./+types/checkout";

const CheckoutContents = lazy(() => import("#app/components/site/shop/checkout-contents.tsx"));

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Checkout",
    description: "Give your contact details and we will arrange payment and delivery.",
    path: "/checkout",
  });

/** A fresh idempotency key each time the form renders: one order per form (issue 5). */
export function loader() {
  return { idempotencyKey: crypto.randomUUID() };
}

function errorToast(description: string): Toast {
  return {
    id: crypto.randomUUID(),
    type: "destructive",
    title: "Error placing order",
    description,
  };
}

const UNREADABLE_ORDER_MESSAGE =
  "Your order could not be read. Please go back to your cart, check it and try again.";

/** The Retry-After of a 429 (rate limit) reaches the visitor with the page. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, logger, rateLimits } = getServices(context);
  const formData = await request.formData();

  const limit = await rateLimits.consume("checkout", getClientAddress(context));
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    const message = `Too many orders from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return data(
      {
        result: parseWithZod(formData, { schema: CheckoutSchema }).reply({ formErrors: [message] }),
        toast: errorToast(message),
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  // Spec §5: an empty cart blocks submission with this notice and returns to /crafts.
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
    if (!hasUnshownErrors(submission.error, ["name", "email", "phone"])) {
      return data({ result: submission.reply(), toast: null }, { status: 400 });
    }
    return data(
      {
        result: submission.reply({ formErrors: [UNREADABLE_ORDER_MESSAGE] }),
        toast: errorToast(UNREADABLE_ORDER_MESSAGE),
      },
      { status: 400 },
    );
  }
  const { name, email, phone, idempotencyKey, lines } = submission.value;

  try {
    const result = await placeOrder(db, env, {
      customer: { name, email, phone },
      idempotencyKey,
      lines: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        expectedPriceCents: line.priceCents,
      })),
    });
    if (result.ok) {
      logger.info(
        { orderId: result.orderId, totalCents: result.totalCents, duplicate: result.duplicate },
        "checkout: order placed",
      );
      // Spec §8: the success notice for 5 s; spec §4: after an order the user goes to /.
      return redirectWithToast(env, "/", {
        type: "success",
        title: "Order placed successfully",
        description: "Thank you for your order! We'll contact you shortly to finalize the details.",
        duration: 5000,
      });
    }
    if (result.code === "empty-cart") {
      return redirectWithToast(env, "/crafts", {
        type: "destructive",
        title: "Cart is empty",
        description: result.message,
      });
    }
    return data(
      {
        result: submission.reply({ formErrors: [result.message] }),
        toast: errorToast(result.message),
      },
      { status: result.code === "price-changed" ? 409 : 422 },
    );
  } catch (error) {
    logger.error({ err: error }, "checkout: placing the order failed");
    const message = "Your order was not placed because of a problem on our side. Please try again.";
    return data(
      { result: submission.reply({ formErrors: [message] }), toast: errorToast(message) },
      { status: 500 },
    );
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  useShowToast(actionData?.toast);
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
      <div className="mt-8">
        {hydrated ? (
          <Suspense fallback={<CartSkeleton label="Loading your cart" />}>
            <CheckoutContents
              idempotencyKey={loaderData.idempotencyKey}
              lastResult={actionData?.result}
            />
          </Suspense>
        ) : (
          <CartSkeleton label="Loading your cart" />
        )}
      </div>
    </section>
  );
}
