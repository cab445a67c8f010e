import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "#app/components/admin/order-status-badge.tsx";
import {
  BuyerNote,
  CustomerDetails,
  OrderContactActions,
  type OrderForView,
  OrderInformation,
  OrderItemsTable,
  OrderStatusControl,
} from "#app/components/admin/orders/order-parts.tsx";
import { OrderPaymentControl } from "#app/components/admin/orders/payment-control.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status-badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import { orderReference } from "#app/lib/order-status.ts";
import type { OrderDetail, OrderSummary } from "#app/lib/orders.ts";
import { useReturnFocus } from "#app/lib/return-focus.ts";
import { cn } from "#app/lib/utils.ts";

/** The list's (visually hidden) heading, where focus goes when the order's card is gone. */
export const ORDERS_HEADING_ID = "orders-results";

function LoadingRows() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
    </div>
  );
}

/**
 * The order's dialog over the list (docs/product.md §3.8: status selector, items table, order and
 * customer information, Close and 'View Full Page'), with its payment (decision 014). The card's
 * summary shows at once; the items and payment details arrive with `selected`.
 *
 * It opens from the URL, not from a Radix Trigger: closing gives focus back to the card that
 * opened it (WCAG 2.4.3), also when the dialog was open on arrival (the card of `openId`).
 */
export function OrderDialog({
  openId,
  summary,
  selected,
  loading,
  onClose,
  backTo,
}: {
  openId: string | null;
  summary: OrderSummary | undefined;
  selected: OrderDetail | null;
  loading: boolean;
  onClose: () => void;
  backTo: string;
}) {
  const detail = selected && selected.id === openId ? selected : null;
  const order: (OrderForView & Pick<OrderSummary, "paymentStatus">) | undefined = detail ?? summary;
  const notFound = Boolean(openId) && !loading && !detail;
  const returnFocus = useReturnFocus({
    opener: () =>
      openId ? document.querySelector(`[data-order-card="${CSS.escape(openId)}"]`) : null,
    fallback: () => document.getElementById(ORDERS_HEADING_ID),
  });
  return (
    <Dialog open={Boolean(openId)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" {...returnFocus}>
        {notFound ? (
          <DialogHeader>
            <DialogTitle>Order not found</DialogTitle>
            <DialogDescription>The requested order does not exist.</DialogDescription>
          </DialogHeader>
        ) : order ? (
          <>
            <DialogHeader className="pr-8">
              <DialogTitle className="flex flex-wrap items-center gap-3">
                Order {orderReference(order.id)}
                <OrderStatusBadge status={order.status} />
                <PaymentStatusBadge status={order.paymentStatus} />
              </DialogTitle>
              <DialogDescription>
                {order.customerName} · placed {formatLongDateTime(order.createdAt)}
              </DialogDescription>
            </DialogHeader>
            {/* First: "needed by Friday" must be read before the order is handled. */}
            {order.note ? <BuyerNote note={order.note} headingId="dialog-buyer-note" /> : null}
            <OrderStatusControl orderId={order.id} status={order.status} />
            {/* Beside the status, like it: its own form, labelled "Payment" (decision 014). */}
            <div className="border-t border-border pt-4">
              {detail ? (
                <OrderPaymentControl
                  key={`${detail.payment.status}-${String(detail.updatedAt)}`}
                  orderId={detail.id}
                  totalCents={detail.totalCents}
                  payment={detail.payment}
                />
              ) : (
                <LoadingRows />
              )}
            </div>
            <section aria-labelledby="dialog-items" className="flex flex-col gap-2">
              <h3 id="dialog-items" className="text-sm font-semibold">
                Items
              </h3>
              {detail ? (
                <OrderItemsTable
                  items={detail.items}
                  subtotalCents={detail.subtotalCents}
                  delivery={detail.delivery}
                  totalCents={detail.totalCents}
                  variant="dialog"
                />
              ) : (
                <LoadingRows />
              )}
            </section>
            <div className="grid gap-6 sm:grid-cols-2">
              <section aria-labelledby="dialog-order-info" className="flex flex-col gap-2">
                <h3 id="dialog-order-info" className="text-sm font-semibold">
                  Order Information
                </h3>
                <OrderInformation order={order} />
              </section>
              <section aria-labelledby="dialog-customer-info" className="flex flex-col gap-2">
                <h3 id="dialog-customer-info" className="text-sm font-semibold">
                  Customer Information
                </h3>
                <CustomerDetails order={order} />
              </section>
            </div>
            <OrderContactActions order={order} />
          </>
        ) : (
          <DialogHeader>
            <DialogTitle>Loading order…</DialogTitle>
            <DialogDescription>One moment.</DialogDescription>
          </DialogHeader>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {openId && !notFound ? (
            <Link
              to={`/admin/orders/${openId}`}
              state={{ from: backTo }}
              className={cn(buttonVariants(), "gap-2")}
            >
              <ExternalLinkIcon aria-hidden="true" />
              View Full Page
            </Link>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
