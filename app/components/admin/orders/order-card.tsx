import { MailIcon, PhoneIcon } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "#app/components/admin/order-status-badge.tsx";
import { PaymentStatusBadge } from "#app/components/admin/payment-status-badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatZar } from "#app/lib/admin-money.ts";
import { formatShortDate } from "#app/lib/dates.ts";
import { isFinishedStatus, orderReference } from "#app/lib/order-status.ts";
import type { OrderSummary } from "#app/lib/orders.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * An order in the list (docs/product.md §3.8): customer name, date, status badge, e-mail, phone, item
 * count and total; delivered and cancelled cards greyed. Beside the status, the payment's
 * badge (decision 014), on a row below the name. A plain click opens the dialog; a new tab gets
 * the full page.
 */
export function OrderCard({
  order,
  onOpen,
}: {
  order: OrderSummary;
  onOpen: (id: string) => void;
}) {
  const finished = isFinishedStatus(order.status);
  return (
    <li>
      <Link
        to={`/admin/orders/${order.id}`}
        onClick={(event) => {
          // Plain clicks open the dialog; a new tab (Ctrl/⌘/middle click) gets the full page.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpen(order.id);
        }}
        className={cn(
          "flex h-full flex-col gap-3 rounded-xl border border-border p-4 shadow-card transition hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          finished ? "bg-muted text-muted-foreground" : "bg-background",
        )}
        data-finished={finished || undefined}
        // The order's dialog finds its card by this when it was opened by the URL.
        data-order-card={order.id}
      >
        {/* The name has a line of its own and wraps rather than being cut short; the badges
            follow on a row of their own, side by side while they fit. */}
        <span className="flex flex-col gap-2">
          <span className="flex flex-col">
            <span
              className={cn(
                "font-semibold break-words",
                finished ? "text-muted-foreground" : "text-foreground",
              )}
            >
              {order.customerName}
            </span>
            <span className="text-xs text-muted-foreground">
              {formatShortDate(order.createdAt)} · {orderReference(order.id)}
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-1.5">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </span>
        </span>
        <span className="flex flex-col gap-1 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{order.email}</span>
          </span>
          <span className="flex items-center gap-2">
            <PhoneIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {order.phone}
          </span>
        </span>
        <span className="mt-auto flex items-center justify-between border-t border-border pt-3 text-sm">
          <span>
            {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
          </span>
          <span className="font-semibold tabular-nums">{formatZar(order.totalCents)}</span>
        </span>
      </Link>
    </li>
  );
}

/** docs/product.md §3.8: six skeleton cards while loading. */
export function OrderCardSkeletons() {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li
          key={i}
          className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card"
          data-testid="order-skeleton"
        >
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-24" />
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-28 rounded-md" />
            </div>
          </div>
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-32" />
          <div className="flex justify-between border-t border-border pt-3">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-20" />
          </div>
        </li>
      ))}
    </ul>
  );
}
