import { lazy, Suspense } from "react";
import { CartSkeleton } from "#app/components/site/shop/cart-skeleton.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { retryAfterHeaders } from "#app/server/http/retry-after.server.ts";
import { checkoutAction } from "#app/server/orders/checkout-action.server.ts";
import type { Route } from "./+types/checkout";

/** A checkout is one visitor's; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

const CheckoutContents = lazy(() => import("#app/components/site/shop/checkout-contents.tsx"));

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Checkout",
    description: "Give your contact details and we will arrange payment and delivery.",
    path: "/checkout",
  });

/**
 * A fresh idempotency key each time the form renders: one order per form (decision 005); and the
 * form's own anti-spam stamp, issued when the checkout is shown (decision 016).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    idempotencyKey: crypto.randomUUID(),
    formStamp: createFormStamp(getServices(context).env.SESSION_SECRET),
  };
}

/** The Retry-After of a 429 (rate limit) reaches the visitor with the page. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ context }: Route.ActionArgs) {
  return checkoutAction(context);
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
              formStamp={actionData?.confirmStamp ?? loaderData.formStamp}
              confirming={Boolean(actionData?.confirmStamp)}
              contact={actionData?.contact}
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
