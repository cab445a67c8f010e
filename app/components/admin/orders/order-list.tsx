import { ExternalLinkIcon, MailIcon, PhoneIcon, ShoppingBagIcon } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "#app/components/admin/order-status-badge.tsx";
import {
  Details,
  OrderContactActions,
  type OrderForView,
  OrderItemsTable,
  OrderStatusControl,
} from "#app/components/admin/orders/order-parts.tsx";
import { AdminPagination } from "#app/components/admin/pagination.tsx";
import { ResultsRegion } from "#app/components/admin/results-region.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatLongDateTime, formatShortDate } from "#app/lib/dates.ts";
import { useListWithDialog } from "#app/lib/list-url.ts";
import { formatZar } from "#app/lib/money.ts";
import {
  isFinishedStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_VALUES,
  orderReference,
} from "#app/lib/order-status.ts";
import { cn } from "#app/lib/utils.ts";
import type {
  OrderDetail,
  OrderListPage,
  OrderSummary,
} from "#app/server/orders/admin-orders.server.ts";

/*
 * The list of /admin/orders (spec §2): the status filter, cards of ten a page, six skeleton
 * cards while loading, the empty texts, and the order's dialog over the list.
 */

/** The page's state in the URL: `?q=&status=&page=`, and `?order=<id>` for the dialog. */
export const ORDERS_URL = {
  dialogParam: "order",
  listParams: ["q", "status", "page"],
  searchFormId: "orders-search",
} as const;

const {
  dialogParam: DIALOG_PARAM,
  listParams: LIST_PARAMS,
  searchFormId: SEARCH_FORM_ID,
} = ORDERS_URL;

export type OrdersData = {
  list: OrderListPage;
  /** The dialog's order (`?order=`), with its items; null when none is asked for or found. */
  selected: OrderDetail | null;
};

/** The status filter: a field of the search form (`form`), so either sends both as shown. */
export function StatusFilter({ status }: { status: string | null }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="order-status-filter" className="sr-only">
        Filter by status
      </label>
      <NativeSelect
        id="order-status-filter"
        name="status"
        form={SEARCH_FORM_ID}
        defaultValue={status ?? ""}
        key={status ?? ""}
        className="w-full sm:w-48"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">All Statuses</option>
        {ORDER_STATUS_VALUES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
      <noscript>
        <Button type="submit" variant="outline" form={SEARCH_FORM_ID}>
          Filter
        </Button>
      </noscript>
    </div>
  );
}

function OrderCard({ order, onOpen }: { order: OrderSummary; onOpen: (id: string) => void }) {
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
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span
              className={cn(
                "block truncate font-semibold",
                finished ? "text-muted-foreground" : "text-foreground",
              )}
            >
              {order.customerName}
            </span>
            <span className="block text-xs text-muted-foreground">
              {formatShortDate(order.createdAt)} · {orderReference(order.id)}
            </span>
          </span>
          <OrderStatusBadge status={order.status} />
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

/** Spec §2: six skeleton cards while loading. */
export function OrderCardSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li
          key={i}
          className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card"
          data-testid="order-skeleton"
        >
          <div className="flex justify-between gap-3">
            <div className="flex flex-col gap-2">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
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

function OrderDialog({
  openId,
  summary,
  selected,
  loading,
  onClose,
  backTo,
}: {
  openId: string | null;
  summary: OrderSummary | undefined;
  selected: OrdersData["selected"];
  loading: boolean;
  onClose: () => void;
  backTo: string;
}) {
  const detail = selected && selected.id === openId ? selected : null;
  const order: OrderForView | undefined = detail ?? summary;
  const notFound = Boolean(openId) && !loading && !detail;
  return (
    <Dialog open={Boolean(openId)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
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
              </DialogTitle>
              <DialogDescription>
                {order.customerName} · placed {formatLongDateTime(order.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <OrderStatusControl orderId={order.id} status={order.status} />
            <section aria-labelledby="dialog-items" className="flex flex-col gap-2">
              <h3 id="dialog-items" className="text-sm font-semibold">
                Items
              </h3>
              {detail ? (
                <OrderItemsTable
                  items={detail.items}
                  totalCents={detail.totalCents}
                  variant="dialog"
                />
              ) : (
                <div className="flex flex-col gap-2" aria-busy="true">
                  <Skeleton className="h-8 w-full" />
                  <Skeleton className="h-8 w-full" />
                  <Skeleton className="h-8 w-full" />
                </div>
              )}
            </section>
            <div className="grid gap-6 sm:grid-cols-2">
              <section aria-labelledby="dialog-order-info" className="flex flex-col gap-2">
                <h3 id="dialog-order-info" className="text-sm font-semibold">
                  Order Information
                </h3>
                <Details
                  rows={[
                    [
                      "Order ID",
                      <span key="id" className="font-mono text-xs">
                        {order.id}
                      </span>,
                    ],
                    ["Date Placed", formatLongDateTime(order.createdAt)],
                    ["Last Updated", formatLongDateTime(order.updatedAt)],
                    ["Items", String(order.itemCount)],
                  ]}
                />
              </section>
              <section aria-labelledby="dialog-customer-info" className="flex flex-col gap-2">
                <h3 id="dialog-customer-info" className="text-sm font-semibold">
                  Customer Information
                </h3>
                <Details
                  rows={[
                    ["Name", order.customerName],
                    ["Email", order.email],
                    ["Phone", order.phone],
                  ]}
                />
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

export function OrderResults({
  list,
  selected,
  filtered,
}: OrdersData & {
  filtered: boolean;
}) {
  // A new search, filter or page: skeletons until its data arrives (spec §2).
  const {
    loading,
    listPending,
    openId,
    listHref,
    open: openOrder,
    close: closeDialog,
  } = useListWithDialog(DIALOG_PARAM, LIST_PARAMS);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.orders.length - 1;

  return (
    <>
      <ResultsRegion id="orders-results" title="Orders" busy={listPending}>
        {listPending ? (
          <OrderCardSkeletons />
        ) : list.orders.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background p-10 text-center">
            <ShoppingBagIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">
              {filtered ? "No orders match your filters" : "No orders received yet"}
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {list.totalIsExact
                ? list.total > list.pageSize
                  ? `Showing ${first.toLocaleString("en-ZA")}–${last.toLocaleString("en-ZA")} of ${list.total.toLocaleString("en-ZA")} orders`
                  : `${list.total.toLocaleString("en-ZA")} ${list.total === 1 ? "order" : "orders"}`
                : `More than ${list.total.toLocaleString("en-ZA")} orders match. Showing the newest ${list.total.toLocaleString("en-ZA")}: refine the search to narrow them down.`}
            </p>
            <ul
              aria-labelledby="orders-results"
              className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            >
              {list.orders.map((order) => (
                <OrderCard key={order.id} order={order} onOpen={openOrder} />
              ))}
            </ul>
          </div>
        )}
      </ResultsRegion>

      {/* Spec §2: only when more than 10 results exist. */}
      {list.total > list.pageSize ? (
        <AdminPagination
          page={list.page}
          pageCount={list.pageCount}
          label="Orders pages"
          drop={[DIALOG_PARAM]}
        />
      ) : null}

      <OrderDialog
        openId={openId}
        summary={list.orders.find((order) => order.id === openId)}
        selected={selected}
        loading={loading}
        onClose={closeDialog}
        backTo={listHref}
      />
    </>
  );
}
