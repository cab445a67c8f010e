import { ShoppingBagIcon } from "lucide-react";
import { OrderCard, OrderCardSkeletons } from "#app/components/admin/orders/order-card.tsx";
import { ORDERS_HEADING_ID, OrderDialog } from "#app/components/admin/orders/order-dialog.tsx";
import { AdminPagination } from "#app/components/admin/pagination.tsx";
import { ResultsRegion } from "#app/components/admin/results-region.tsx";
import { useListWithDialog } from "#app/lib/list-url.ts";
import type { OrderDetail, OrderListPage } from "#app/lib/orders.ts";

/*
 * The list of /admin/orders (docs/product.md §3.8): cards of ten a page (order-card.tsx), six skeleton
 * cards while loading, the empty texts, and the order's dialog over the list
 * (order-dialog.tsx). The filters are in order-filters.tsx.
 */

/**
 * The page's state in the URL: `?q=&status=&payment=&overdue=1&page=`, and `?order=<id>` for
 * the dialog.
 */
export const ORDERS_URL = {
  dialogParam: "order",
  listParams: ["q", "status", "payment", "overdue", "page"],
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

export function OrderResults({
  list,
  selected,
  filtered,
}: OrdersData & {
  filtered: boolean;
}) {
  // A new search, filter or page: skeletons until its data arrives (docs/product.md §3.8); a search typed
  // into the box keeps the cards, busy, until its own arrive (decision 017).
  const {
    loading,
    listPending,
    showListLoading,
    openId,
    listHref,
    open: openOrder,
    close: closeDialog,
  } = useListWithDialog(DIALOG_PARAM, LIST_PARAMS, SEARCH_FORM_ID);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.orders.length - 1;

  return (
    <>
      <ResultsRegion id={ORDERS_HEADING_ID} title="Orders" busy={listPending}>
        {showListLoading ? (
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
            <p className="text-sm text-muted-foreground">
              {list.totalIsExact
                ? list.total > list.pageSize
                  ? `Showing ${first.toLocaleString("en-ZA")}–${last.toLocaleString("en-ZA")} of ${list.total.toLocaleString("en-ZA")} orders`
                  : `${list.total.toLocaleString("en-ZA")} ${list.total === 1 ? "order" : "orders"}`
                : `More than ${list.total.toLocaleString("en-ZA")} orders match. Showing the newest ${list.total.toLocaleString("en-ZA")}: refine the search to narrow them down.`}
            </p>
            <ul
              aria-labelledby={ORDERS_HEADING_ID}
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
            >
              {list.orders.map((order) => (
                <OrderCard key={order.id} order={order} onOpen={openOrder} />
              ))}
            </ul>
          </div>
        )}
      </ResultsRegion>

      {/* docs/product.md §3.8: only when more than 10 results exist. */}
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
