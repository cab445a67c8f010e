import { data, redirect } from "react-router";
import { InvoiceDocument, invoiceLinks } from "#app/components/invoice/invoice-document.tsx";
import { invoiceNumberText } from "#app/lib/invoice.ts";
import { getServices } from "#app/server/context.server.ts";
import { getInvoice, issueInvoice } from "#app/server/orders/invoice.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/invoice";

/*
 * /admin/orders/{id}/invoice (docs/product.md §3.9 "Invoice"): the order's printable invoice,
 * outside the admin's layout so that it prints as the document alone. The order page's
 * "Invoice" button posts here: an order not yet confirmed gets its number then.
 */

export const links: Route.LinksFunction = invoiceLinks;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${invoiceNumberText(data.invoice.number)} | Admin` : "Invoice | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, env } = getServices(context);
  const invoice = await getInvoice(db, env, params.id);
  // No number yet: the order page has the button that issues one.
  if (!invoice) throw redirect(`/admin/orders/${encodeURIComponent(params.id)}`);
  return data({ invoice, orderId: params.id });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const result = await issueInvoice(getServices(context).db, admin, params.id);
  if (!result.ok) throw data("The requested order does not exist.", { status: 404 });
  return redirect(`/admin/orders/${params.id}/invoice`);
}

export default function AdminInvoicePage({ loaderData }: Route.ComponentProps) {
  return (
    <InvoiceDocument
      invoice={loaderData.invoice}
      backHref={`/admin/orders/${loaderData.orderId}`}
      backLabel="Back to the order"
    />
  );
}
