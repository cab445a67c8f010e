import { MessageSquareQuoteIcon } from "lucide-react";
import { Link } from "react-router";
import { AdminPagination } from "#app/components/admin/pagination.tsx";
import { ResultsRegion } from "#app/components/admin/results-region.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatShortDate } from "#app/lib/dates.ts";
import { useListWithDialog } from "#app/lib/list-url.ts";
import type {
  QuoteRequestDetail,
  QuoteRequestListPage,
  QuoteRequestSummary,
} from "#app/lib/quote-requests.ts";
import { serviceDisplayLabel } from "#app/lib/quote-requests.ts";
import { cn } from "#app/lib/utils.ts";
import {
  QuoteRequestDetailsDialog,
  QuoteRequestStatusBadge,
  REQUESTS_HEADING_ID,
} from "./quote-request-dialogs.tsx";

/*
 * The list of /admin/quote-requests (docs/product.md §3.11): cards of 12 a page, the 'Show resolved
 * requests' box, the empty and loading texts, and the details dialog over it.
 */

/** The page's state in the URL: `?q=&resolved=1&page=`, and `?request=<id>` for the dialog. */
export const QUOTE_REQUESTS_URL = {
  dialogParam: "request",
  listParams: ["q", "resolved", "page"],
  searchFormId: "quote-requests-search",
} as const;

const {
  dialogParam: DIALOG_PARAM,
  listParams: LIST_PARAMS,
  searchFormId: SEARCH_FORM_ID,
} = QUOTE_REQUESTS_URL;

export type QuoteRequestsData = {
  list: QuoteRequestListPage;
  /** The details dialog's request (`?request=`); null when none is asked for or found. */
  selected: QuoteRequestDetail | null;
};

/** A field of the search form (`form`), so a search keeps it and a toggle keeps the search. */
export function ShowResolvedToggle({ showResolved }: { showResolved: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id="show-resolved"
        type="checkbox"
        name="resolved"
        value="1"
        form={SEARCH_FORM_ID}
        defaultChecked={showResolved}
        key={String(showResolved)}
        className="size-4 accent-primary"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      />
      <label htmlFor="show-resolved" className="text-sm font-medium">
        Show resolved requests
      </label>
      <noscript>
        <Button type="submit" variant="outline" size="sm" form={SEARCH_FORM_ID}>
          Apply
        </Button>
      </noscript>
    </div>
  );
}

function RequestCard({
  request,
  href,
  onOpen,
}: {
  request: QuoteRequestSummary;
  href: string;
  onOpen: (id: string) => void;
}) {
  return (
    <li>
      <Link
        to={href}
        preventScrollReset
        onClick={(event) => {
          // A plain click opens the dialog with whatever is typed in the search box; a new tab
          // (Ctrl/⌘/middle click) follows the link.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onOpen(request.id);
        }}
        // The details dialog finds its card by this when it was opened by the URL.
        data-request-card={request.id}
        className={cn(
          "flex h-full flex-col gap-3 rounded-xl border border-border p-4 shadow-card transition hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          request.isResolved ? "bg-muted" : "bg-background",
        )}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="font-semibold text-foreground">
            {serviceDisplayLabel(request.service)}
          </span>
          <QuoteRequestStatusBadge resolved={request.isResolved} />
        </span>
        <span className="text-xs text-muted-foreground">
          {formatShortDate(request.createdAt)}
          {request.replied ? " · Replied" : ""}
        </span>
        <span className="flex flex-col text-sm">
          <span className="font-medium text-foreground">{request.name}</span>
          <span className="truncate text-muted-foreground">{request.email}</span>
          {request.phone ? <span className="text-muted-foreground">{request.phone}</span> : null}
        </span>
        <span className="break-words text-sm text-foreground">{request.preview}</span>
      </Link>
    </li>
  );
}

/**
 * The empty list (docs/product.md §3.11 texts): 'No quote requests yet' only when there are none at all,
 * 'No quote requests found for "<term>"' for a search. When resolved requests exist but are
 * hidden (the checkbox is off by default), it says so, with a link that shows them, rather
 * than suggesting there are none.
 */
function EmptyListText({
  q,
  allTotal,
  hiddenResolved,
}: {
  q: string | null;
  allTotal: number;
  hiddenResolved: number;
}) {
  const showResolved = new URLSearchParams(q ? { q, resolved: "1" } : { resolved: "1" });
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {q
          ? `No quote requests found for "${q}"`
          : allTotal === 0
            ? "No quote requests yet"
            : "No open quote requests"}
      </p>
      {hiddenResolved > 0 ? (
        <p className="text-sm text-muted-foreground">
          {hiddenResolved === 1
            ? `1 resolved request${q ? " matches but" : ""} is hidden. `
            : `${hiddenResolved.toLocaleString("en-ZA")} resolved requests${q ? " match but" : ""} are hidden. `}
          <Link
            to={`?${showResolved}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            Show resolved requests
          </Link>
        </p>
      ) : null}
    </>
  );
}

function RequestSkeletons() {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li
          key={i}
          className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4"
        >
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </li>
      ))}
    </ul>
  );
}

export function RequestsLoading() {
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground" role="status">
        Loading quote requests...
      </p>
      <RequestSkeletons />
    </>
  );
}

export function QuoteRequestResults({
  list,
  selected,
  q,
}: QuoteRequestsData & { q: string | null }) {
  const {
    loading,
    listPending,
    showListLoading,
    openId,
    dialogHref,
    open: openRequest,
    close: closeDialog,
  } = useListWithDialog(DIALOG_PARAM, LIST_PARAMS, SEARCH_FORM_ID);
  return (
    <>
      <ResultsRegion id={REQUESTS_HEADING_ID} title="Quote requests" busy={listPending}>
        {showListLoading ? (
          <RequestsLoading />
        ) : list.requests.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background p-10 text-center">
            <MessageSquareQuoteIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <EmptyListText q={q} allTotal={list.allTotal} hiddenResolved={list.hiddenResolved} />
          </div>
        ) : (
          <ul
            aria-labelledby={REQUESTS_HEADING_ID}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {list.requests.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                href={dialogHref(request.id)}
                onOpen={openRequest}
              />
            ))}
          </ul>
        )}
      </ResultsRegion>

      <AdminPagination
        page={list.page}
        pageCount={list.pageCount}
        label="Quote request pages"
        drop={[DIALOG_PARAM]}
      />

      <QuoteRequestDetailsDialog
        openId={openId}
        summary={list.requests.find((request) => request.id === openId)}
        selected={selected}
        loading={loading}
        onClose={closeDialog}
      />
    </>
  );
}
