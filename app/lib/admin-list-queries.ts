import { isOrderStatus, type OrderStatus } from "./order-status.ts";
import { parsePage } from "./pagination.ts";
import { canBeOverdue, isPaymentStatus, type PaymentStatus } from "./payment-status.ts";
import { isSubscriberStatus, type SubscriberStatus } from "./subscribers.ts";

/*
 * The admin lists' state from the URL (search, filter, page). Shared by the server, whose
 * loaders and CSV exports read the lists with it, and the browser, whose clientLoaders show
 * the search box and filters at once, before the list arrives, exactly as the server reads
 * them.
 */

/** A search term from a query string: trimmed, bounded, and null when empty. */
export function searchTerm(value: string | null | undefined, maxLength = 200): string | null {
  const term = value?.trim().slice(0, maxLength);
  return term ? term : null;
}

/**
 * The products list at a search (`?q=`), or its `path` with the same search: an edit opened
 * from a searched list returns to that search.
 */
export function productListPath(q: string | null | undefined, path = "/admin/products"): string {
  const term = searchTerm(q);
  return term ? `${path}?${new URLSearchParams({ q: term })}` : path;
}

export interface OrderFilters {
  /** Matches the customer's name, e-mail (any case) or phone as a substring. */
  q: string | null;
  status: OrderStatus | null;
  /** The payment state (decision 014). */
  payment: PaymentStatus | null;
  /**
   * Only the open orders whose payment state is overdue (the dashboard's to-do links):
   * awaiting contact for 24 hours or more, or arranged and unpaid for 7 days or more. Only
   * with those two payment states; false otherwise.
   */
  overdue: boolean;
}

export interface OrderListQuery extends OrderFilters {
  page: number;
}

/**
 * The orders list's state (`?q=&status=&payment=&overdue=1&page=`); anything unknown means
 * "no filter".
 */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const status = params.get("status");
  const payment = params.get("payment");
  const paymentFilter = isPaymentStatus(payment) ? payment : null;
  return {
    q: searchTerm(params.get("q")),
    status: isOrderStatus(status) ? status : null,
    payment: paymentFilter,
    overdue: params.get("overdue") === "1" && canBeOverdue(paymentFilter),
    page: parsePage(params.get("page")),
  };
}

/** The query string of a list's filters (no page), e.g. for its CSV export. */
export function orderFilterParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.payment) params.set("payment", filters.payment);
  if (filters.overdue) params.set("overdue", "1");
  return params;
}

export interface SubscriberListQuery {
  q: string | null;
  /** One state only (docs/product.md §3.10 "States"); null shows every address. */
  state: SubscriberStatus | null;
  page: number;
}

/** The subscribers list's state (`?q=&state=&page=`); an unknown state shows all. */
export function parseSubscriberListQuery(params: URLSearchParams): SubscriberListQuery {
  const state = params.get("state");
  return {
    q: searchTerm(params.get("q")),
    state: isSubscriberStatus(state) ? state : null,
    page: parsePage(params.get("page")),
  };
}

export interface QuoteRequestListQuery {
  /** Matches name, email, service and message as a substring, any case. */
  q: string | null;
  /** docs/product.md §3.11: 'Show resolved requests', off by default (only open ones). */
  showResolved: boolean;
  page: number;
}

/** The quote requests list's state (`?q=&resolved=1&page=`). */
export function parseQuoteRequestListQuery(params: URLSearchParams): QuoteRequestListQuery {
  return {
    q: searchTerm(params.get("q")),
    showResolved: params.get("resolved") === "1",
    page: parsePage(params.get("page")),
  };
}
