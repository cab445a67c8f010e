import { PackageSearchIcon } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BuyerOrderView } from "#app/components/site/order-page.tsx";
import { useShopContact } from "#app/components/site/use-shop-contact.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { publicBusinessDetails } from "#app/lib/business.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { siteNameFrom } from "#app/lib/seo.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { getBuyerOrder } from "#app/server/orders/order-page.server.ts";
import type { Route } from "./+types/order";

/** A buyer's private order page; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

/*
 * /orders/<token>: the buyer's private order page (decision 014), linked from the order
 * confirmation e-mail; no sign-in. Never cached (the page cache leaves every path it does not
 * list to `private, no-store`), never indexed, and a wrong token is a plain 404 that shows
 * no order.
 */

/** Robots read the header too (a PDF or a crawler that skips <meta>). */
const NOINDEX = { "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const order = await getBuyerOrder(services.db, params.token).catch(throwAsUnavailable);
  if (!order) throw data("This order link is not valid.", { status: 404, headers: NOINDEX });
  // The bank account only once payment is arranged by EFT (the page says "we will send our
  // banking details" when none is configured).
  const business = await services.business.get().catch(throwAsUnavailable);
  const bank =
    order.payment.status === "arranged" && order.payment.method === "eft" ? business.eft : null;
  const invoiceHref = order.invoiceAvailable ? `/orders/${params.token}/invoice` : null;
  return data(
    { order, bank, invoiceHref, business: publicBusinessDetails(business) },
    { headers: NOINDEX },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData?.order
      ? `Order ${loaderData.order.reference} | ${siteNameFrom(matches)}`
      : `Order not found | ${siteNameFrom(matches)}`,
  },
  { name: "robots", content: "noindex, nofollow" },
  // The address holds the page's secret: links from here never send it on.
  { name: "referrer", content: "no-referrer" },
];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <BuyerOrderView
      order={loaderData.order}
      bank={loaderData.bank}
      invoiceHref={loaderData.invoiceHref}
      business={loaderData.business}
    />
  );
}

/** A link that is not ours (or mistyped) shows no order; a failure on our side says so. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const shop = useShopContact();
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <PackageSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-3xl font-bold tracking-tight">
        {notFound ? "Order not found" : "Your order could not be shown"}
      </h1>
      <p className="text-muted-foreground">
        {notFound
          ? "This order link is not valid. Check that you opened the whole link from your order e-mail, or contact us and mention your order number."
          : unavailable
            ? "Our database cannot be reached just now. Please try again in a minute: the link will work again."
            : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <p className="text-sm">
        {shop.phone} ·{" "}
        <a href={`mailto:${shop.generalEmail}`} className="font-semibold text-primary underline">
          {shop.generalEmail}
        </a>
      </p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        Return to Home
      </Link>
    </section>
  );
}
