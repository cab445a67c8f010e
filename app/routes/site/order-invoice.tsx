import { data } from "react-router";
import { InvoiceDocument, invoiceLinks } from "#app/components/invoice/invoice-document.tsx";
import { COMPANY } from "#app/content/company.ts";
import { invoiceNumberText } from "#app/lib/invoice.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { getServices } from "#app/server/context.server.ts";
import { throwAsUnavailable } from "#app/server/http/database-unavailable.server.ts";
import { getBuyerInvoice } from "#app/server/orders/invoice.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import type { Route } from "./+types/order-invoice";

/** One buyer's document; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

/*
 * /orders/<token>/invoice (docs/product.md §3.9 "Invoice"): the buyer's copy of the invoice,
 * linked from their order page once the order is confirmed; the same document as the admin's.
 * Like the order page: never indexed, no referrer, a 404 for anything else.
 */

const NOINDEX = { "X-Robots-Tag": "noindex, nofollow" };

export const links: Route.LinksFunction = invoiceLinks;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const invoice = await withBusinessDetails(services)
    .then((env) => getBuyerInvoice(services.db, env, params.token))
    .catch(throwAsUnavailable);
  if (!invoice) throw data("There is no invoice here.", { status: 404, headers: NOINDEX });
  return data({ invoice, token: params.token }, { headers: NOINDEX });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${invoiceNumberText(loaderData.invoice.number)} | ${COMPANY.name}`
      : `Invoice not found | ${COMPANY.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function BuyerInvoicePage({ loaderData }: Route.ComponentProps) {
  return (
    <InvoiceDocument
      invoice={loaderData.invoice}
      backHref={`/orders/${loaderData.token}`}
      backLabel="Back to your order"
    />
  );
}
