import { ArrowLeftIcon, FileTextIcon, PackageXIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { data, Form, Link, useFetcher, useLocation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { OrderStatusBadge } from "#app/components/admin/order-status-badge.tsx";
import { OrderDeliveryControl } from "#app/components/admin/orders/delivery-control.tsx";
import {
  BuyerNote,
  CustomerDetails,
  OrderContactActions,
  OrderInformation,
  OrderItemsTable,
  OrderStatusControl,
} from "#app/components/admin/orders/order-parts.tsx";
import { OrderPaymentControl } from "#app/components/admin/orders/payment-control.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status-badge.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatZar } from "#app/lib/admin-money.ts";
import { formatCalendarDay, formatLongDateTime } from "#app/lib/dates.ts";
import { ORDER_STATUS_LABELS, orderReference } from "#app/lib/order-status.ts";
import { deliverySummary } from "#app/lib/orders.ts";
import { PAYMENT_STATUS_LABELS, paymentMethodText } from "#app/lib/payment-status.ts";
import { cn } from "#app/lib/utils.ts";
import {
  ORDER_NOTE_MAX_LENGTH,
  OrderActionSchema,
  OrderDeliveryFormSchema,
  OrderPaymentFormSchema,
} from "#app/lib/validation/orders.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { getOrder, getOrderHistory } from "#app/server/orders/admin-orders.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/detail";
import { type OrderActionData, orderAction } from "./order-action.server.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data?.order
      ? `Order ${orderReference(data.order.id)} | Admin`
      : "Order not found | Admin",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const order = await getOrder(db, params.id);
  if (!order) {
    // docs/product.md §3.9: 'Order not found' for an unknown id, with HTTP 404 (a malformed id too).
    return data(
      { order: null, history: [] as Awaited<ReturnType<typeof getOrderHistory>> },
      { status: 404 },
    );
  }
  return { order, history: await getOrderHistory(db, order.id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = readForm(context, [
    OrderActionSchema,
    OrderPaymentFormSchema,
    OrderDeliveryFormSchema,
  ]);
  return orderAction(getServices(context), admin, params.id, formData);
}

/** Where Back goes: the list the admin came from (kept by 'View Full Page'), else the list. */
function useBackHref() {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/admin/orders") ? from : "/admin/orders";
}

function OrderNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-background p-8 text-center shadow-card">
      <PackageXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-bold">Order not found</h1>
      <p className="text-sm text-muted-foreground">The requested order does not exist.</p>
      <Link to="/admin/orders" className={cn(buttonVariants(), "mt-2 gap-2")}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to Orders
      </Link>
    </div>
  );
}

type History = Route.ComponentProps["loaderData"]["history"];
type HistoryEntry = History[number];

/** What a history entry says happened (status, payment or a note). */
function historyTitle(entry: HistoryEntry): string {
  if (entry.kind === "status") {
    return `Status changed from ${entry.fromStatus ? ORDER_STATUS_LABELS[entry.fromStatus] : "?"} to ${entry.toStatus ? ORDER_STATUS_LABELS[entry.toStatus] : "?"}`;
  }
  if (entry.kind === "payment") {
    const to = entry.toPayment ? PAYMENT_STATUS_LABELS[entry.toPayment] : "?";
    return `Payment changed from ${entry.fromPayment ? PAYMENT_STATUS_LABELS[entry.fromPayment] : "?"} to ${to}`;
  }
  if (entry.kind === "delivery") {
    const details = entry.deliveryDetails;
    return `Delivery changed from ${deliverySummary(details?.from ?? null)} to ${deliverySummary(details?.to ?? null)}`;
  }
  return "Note";
}

/** A payment event's details: "EFT, ref INV-1 · R 450,00 on 3 May 2027 · customer e-mailed". */
function paymentEventText(entry: HistoryEntry): string | null {
  const details = entry.paymentDetails;
  if (entry.kind !== "payment" || !details) return null;
  const parts = [
    paymentMethodText(details.method ?? null, details.reference ?? null),
    details.amountCents != null && details.paidOn
      ? `${formatZar(details.amountCents)} on ${formatCalendarDay(details.paidOn)}`
      : "",
    details.customerNotified ? "customer e-mailed" : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

function NoteForm({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<OrderActionData>();
  useShowToast(fetcher.data?.toast);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldError : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/admin/orders/${orderId}`}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="note" />
      <label htmlFor={`${id}-note`} className="text-sm font-medium">
        Internal note
      </label>
      <Textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={ORDER_NOTE_MAX_LENGTH}
        placeholder="e.g. Called the customer; delivery on Friday. Only admins see notes."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-note-error` : undefined}
        required
      />
      {error ? (
        <p id={`${id}-note-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? <Spinner label="Adding note" /> : null}
          Add Note
        </Button>
      </div>
    </fetcher.Form>
  );
}

function HistoryList({ history }: { history: History }) {
  if (history.length === 0) {
    return <p className="text-sm text-muted-foreground">No changes or notes yet.</p>;
  }
  return (
    <ol className="flex flex-col gap-3">
      {history.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-border p-3 text-sm">
          <p className="font-medium">{historyTitle(entry)}</p>
          {paymentEventText(entry) ? <p className="mt-1">{paymentEventText(entry)}</p> : null}
          {entry.note ? <p className="mt-1 whitespace-pre-wrap break-words">{entry.note}</p> : null}
          <p className="mt-1 text-muted-foreground">
            {entry.actorEmail ?? "A deleted user"} ·{" "}
            <time dateTime={new Date(entry.createdAt).toISOString()}>
              {formatLongDateTime(entry.createdAt)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const back = useBackHref();
  const { order, history } = loaderData;
  if (!order) return <OrderNotFound />;
  const reference = orderReference(order.id);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={back} className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3")}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Link>
      </div>
      <AdminPageHeader
        title={`Order ${reference}`}
        description={`Placed ${formatLongDateTime(order.createdAt)} by ${order.customerName}`}
        actions={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
            {/* docs/product.md §3.9 "Invoice": issues its number if it has none, then opens it. */}
            <Form method="post" action={`/admin/orders/${order.id}/invoice`} reloadDocument>
              <Button type="submit" variant="outline" size="sm">
                <FileTextIcon aria-hidden="true" />
                Invoice
              </Button>
            </Form>
          </span>
        }
      />
      {/* On a phone the customer's card is far down, under the items and the history: the
          first thing to do with a new order, calling the buyer, is here instead. */}
      <OrderContactActions order={order} className="-mt-2 lg:hidden" />
      {order.note ? <BuyerNote note={order.note} headingId="buyer-note" /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">Order Status</h2>
            </CardHeader>
            <CardContent>
              <OrderStatusControl orderId={order.id} status={order.status} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">Order Payment</h2>
            </CardHeader>
            <CardContent>
              <OrderPaymentControl
                key={`${order.payment.status}-${String(order.updatedAt)}`}
                orderId={order.id}
                totalCents={order.totalCents}
                payment={order.payment}
                actionData={actionData}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">Delivery</h2>
            </CardHeader>
            <CardContent>
              <OrderDeliveryControl
                key={`${order.delivery?.method ?? "none"}-${String(order.updatedAt)}`}
                orderId={order.id}
                delivery={order.delivery}
                actionData={actionData}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-2">
              <h2 className="text-lg font-semibold leading-tight">Order Items</h2>
            </CardHeader>
            <CardContent>
              <OrderItemsTable
                items={order.items}
                subtotalCents={order.subtotalCents}
                delivery={order.delivery}
                totalCents={order.totalCents}
                variant="page"
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">History and notes</h2>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <NoteForm orderId={order.id} />
              <HistoryList history={history} />
            </CardContent>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">Customer Details</h2>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <CustomerDetails order={order} />
              <OrderContactActions order={order} className="hidden lg:flex" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-4">
              <h2 className="text-lg font-semibold leading-tight">Order Information</h2>
            </CardHeader>
            <CardContent>
              <OrderInformation order={order} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching order</AlertTitle>
      <AlertDescription>The order could not be loaded. Please try again.</AlertDescription>
    </Alert>
  );
}
