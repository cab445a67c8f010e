import { data, Form, redirect } from "react-router";
import { InvoiceDocument, invoiceLinks } from "#app/components/invoice/invoice-document.tsx";
import { invoiceNumberText } from "#app/lib/invoice.ts";
import { orderReference } from "#app/lib/order-status.ts";
import { getServices } from "#app/server/context.server.ts";
import { getOrder } from "#app/server/orders/admin-orders.server.ts";
import { getInvoice, issueInvoice } from "#app/server/orders/invoice.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/invoice";

/*
 * /admin/orders/{id}/invoice (docs/product.md §3.9 "Invoice"): the order's printable invoice,
 * outside the admin's layout so that it prints as the document alone. The order page's
 * "Invoice" button posts here: an order not yet confirmed gets its number then. Opened
 * without one, the page says so and offers to issue it.
 */

export const links: Route.LinksFunction = invoiceLinks;

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data?.invoice ? `${invoiceNumberText(data.invoice.number)} | Admin` : "Invoice | Admin",
  },
  { name: "robots", content: "noindex" },
];

const NOT_FOUND = "The requested order does not exist.";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = getServices(context);
  const { db } = services;
  const invoice = await getInvoice(db, await withBusinessDetails(services), params.id);
  if (invoice) return data({ invoice, orderId: params.id });
  if (!(await getOrder(db, params.id))) throw data(NOT_FOUND, { status: 404 });
  return data({ invoice: null, orderId: params.id });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const result = await issueInvoice(getServices(context).db, admin, params.id);
  if (!result.ok) throw data(NOT_FOUND, { status: 404 });
  return redirect(`/admin/orders/${params.id}/invoice`);
}

export default function AdminInvoicePage({ loaderData }: Route.ComponentProps) {
  const back = `/admin/orders/${loaderData.orderId}`;
  if (!loaderData.invoice) {
    return (
      <div className="invoice-page">
        <main className="invoice" id="main">
          <h1>{`Order ${orderReference(loaderData.orderId)} has no invoice yet`}</h1>
          <p>
            An order gets its invoice number when it is confirmed (payment arranged or paid, or
            processing). You can issue it now; the number is then the order's for good.
          </p>
          <Form method="post" reloadDocument className="invoice-actions">
            <button type="submit" className="invoice-print">
              Issue the invoice
            </button>
            <a href={back}>Back to the order</a>
          </Form>
        </main>
      </div>
    );
  }
  return (
    <InvoiceDocument invoice={loaderData.invoice} backHref={back} backLabel="Back to the order" />
  );
}
