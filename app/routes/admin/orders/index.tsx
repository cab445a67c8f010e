import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { DeferredList, pagePresence } from "#app/components/admin/deferred-list.tsx";
import { ExportLink } from "#app/components/admin/export-link.tsx";
import { OrderCardSkeletons } from "#app/components/admin/orders/order-card.tsx";
import { OrderFilters, OverdueNotice } from "#app/components/admin/orders/order-filters.tsx";
import {
  ORDERS_URL,
  OrderResults,
  type OrdersData,
} from "#app/components/admin/orders/order-list.tsx";
import { foundText, ResultsRegion, ResultsStatus } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { orderFilterParams, parseOrderListQuery } from "#app/lib/admin-list-queries.ts";
import { keepListWhenDialogCloses } from "#app/lib/list-url.ts";
import { getServices } from "#app/server/context.server.ts";
import { getOrder } from "#app/server/orders/admin-orders.server.ts";
import { listOrders } from "#app/server/orders/order-list.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Admin" },
  { name: "robots", content: "noindex" },
];

const {
  dialogParam: DIALOG_PARAM,
  listParams: LIST_PARAMS,
  searchFormId: SEARCH_FORM_ID,
} = ORDERS_URL;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = parseOrderListQuery(params);
  const selectedId = params.get(DIALOG_PARAM);
  const list = await listOrders(db, query);
  const selected = selectedId ? await getOrder(db, selectedId) : null;
  const results: OrdersData = { list, selected };
  return { query, results: results as OrdersData | Promise<OrdersData> };
}

const presence = pagePresence();

/**
 * Arriving from another page (the sidebar, a dashboard card), the page shows at once with its
 * search, filter and six skeleton cards (docs/product.md §3.8), and the cards arrive from the server
 * loader, which still guards and searches. Within the page, the data is awaited as without
 * a clientLoader, so a new search shows the skeletons and the dialog opens over the list.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const results = serverLoader().then((data) => data.results);
  return { query, results: presence.isOnScreen() ? await results : results };
}

/** Opening or closing the dialog only changes `?order=`: closing needs no new data. */
export const shouldRevalidate = keepListWhenDialogCloses(DIALOG_PARAM, LIST_PARAMS);

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  presence.useOnScreen();
  const exportQuery = orderFilterParams(query).toString();
  const withoutOverdue = orderFilterParams({ ...query, overdue: false }).toString();

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Orders"
        description="Customer orders, newest first."
        actions={
          <ExportLink href={`/admin/orders/export.csv${exportQuery ? `?${exportQuery}` : ""}`} />
        }
      />
      <section
        aria-label="Search and filter"
        className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card lg:flex-row lg:items-center lg:justify-between"
      >
        <AdminSearchForm
          value={query.q ?? ""}
          placeholder="Search orders by customer name, email or phone..."
          label="Search orders by customer name, email or phone"
          id={SEARCH_FORM_ID}
          keepParams={[DIALOG_PARAM]}
          className="lg:max-w-lg lg:flex-1"
        />
        <OrderFilters
          form={SEARCH_FORM_ID}
          status={query.status}
          payment={query.payment}
          overdue={query.overdue}
        />
      </section>
      <ResultsStatus
        resolve={results}
        text={({ list }) => foundText(list.total, ["order", "orders"], list.totalIsExact)}
      />
      {query.overdue ? (
        <OverdueNotice
          payment={query.payment}
          allHref={`/admin/orders${withoutOverdue ? `?${withoutOverdue}` : ""}`}
        />
      ) : null}

      <DeferredList
        resolve={results}
        fallback={
          <ResultsRegion id="orders-results" title="Orders" busy>
            <OrderCardSkeletons />
          </ResultsRegion>
        }
        errorTitle="Error fetching orders"
        errorText={() => "The orders could not be loaded. Please try again."}
      >
        {({ list, selected }) => (
          <OrderResults
            list={list}
            selected={selected}
            filtered={Boolean(query.q || query.status || query.payment)}
          />
        )}
      </DeferredList>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching orders</AlertTitle>
      <AlertDescription>The orders could not be loaded. Please try again.</AlertDescription>
    </Alert>
  );
}
