import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { DeferredList, DeferredPart, pagePresence } from "#app/components/admin/deferred-list.tsx";
import { ExportLink } from "#app/components/admin/export-link.tsx";
import { HeldLink } from "#app/components/admin/held-submissions.tsx";
import { useQuoteRequestActionToasts } from "#app/components/admin/quote-requests/quote-request-dialogs.tsx";
import {
  QUOTE_REQUESTS_URL,
  QuoteRequestResults,
  type QuoteRequestsData,
  RequestsLoading,
  ShowResolvedToggle,
} from "#app/components/admin/quote-requests/quote-request-list.tsx";
import { foundText, ResultsRegion, ResultsStatus } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { parseQuoteRequestListQuery } from "#app/lib/admin-list-queries.ts";
import { keepListWhenDialogCloses } from "#app/lib/list-url.ts";
import { QuoteRequestActionSchema } from "#app/lib/validation/quote-requests.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  getQuoteRequest,
  listQuoteRequests,
} from "#app/server/inquiries/admin-quote-requests.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/quote-requests";
import { quoteRequestAction } from "./quote-requests.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Quote Requests | Admin" },
  { name: "robots", content: "noindex" },
];

const {
  dialogParam: DIALOG_PARAM,
  listParams: LIST_PARAMS,
  searchFormId: SEARCH_FORM_ID,
} = QUOTE_REQUESTS_URL;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = parseQuoteRequestListQuery(params);
  const selectedId = params.get(DIALOG_PARAM);
  const list = await listQuoteRequests(db, query);
  const selected = selectedId ? await getQuoteRequest(db, selectedId) : null;
  const results: QuoteRequestsData = { list, selected };
  return { query, results: results as QuoteRequestsData | Promise<QuoteRequestsData> };
}

const presence = pagePresence();

/**
 * Arriving from another page, the page shows at once with its search, the 'Show resolved
 * requests' box and 'Loading quote requests...' (docs/product.md §3.11), and the cards arrive from the
 * server loader, which still guards and searches. Within the page (a new search, the dialog,
 * a change) the data is awaited as without a clientLoader.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const query = parseQuoteRequestListQuery(new URL(request.url).searchParams);
  const results = serverLoader().then((data) => data.results);
  return { query, results: presence.isOnScreen() ? await results : results };
}

/** Closing the dialog only changes `?request=`: it needs no new data. */
export const shouldRevalidate = keepListWhenDialogCloses(DIALOG_PARAM, LIST_PARAMS);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return quoteRequestAction(
    getServices(context),
    admin,
    readForm(context, QuoteRequestActionSchema),
  );
}

export default function QuoteRequestsPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  presence.useOnScreen();
  useQuoteRequestActionToasts();

  const exportParams = new URLSearchParams();
  if (query.q) exportParams.set("q", query.q);
  if (query.showResolved) exportParams.set("resolved", "1");
  const exportQuery = exportParams.toString();

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Quote Requests"
        description={
          <>
            Quote requests and contact messages.{" "}
            <DeferredPart resolve={results}>
              {({ list }) =>
                `${list.openTotal.toLocaleString("en-ZA")} open of ${list.allTotal.toLocaleString("en-ZA")}.`
              }
            </DeferredPart>
          </>
        }
        actions={
          <>
            <HeldLink />
            <ExportLink
              href={`/admin/quote-requests/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
            />
          </>
        }
      />
      <section
        aria-label="Search and filter"
        className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:flex-row sm:items-center sm:justify-between"
      >
        <AdminSearchForm
          value={query.q ?? ""}
          placeholder="Search by name, email, service or message..."
          label="Search quote requests by name, email, service or message"
          id={SEARCH_FORM_ID}
          keepParams={[DIALOG_PARAM]}
          className="sm:max-w-lg sm:flex-1"
        />
        <ShowResolvedToggle showResolved={query.showResolved} />
      </section>
      <ResultsStatus
        resolve={results}
        text={({ list }) => foundText(list.total, ["quote request", "quote requests"])}
      />

      <DeferredList
        resolve={results}
        fallback={
          <ResultsRegion id="requests-results" title="Quote requests" busy>
            <RequestsLoading />
          </ResultsRegion>
        }
        errorTitle="Error fetching quote requests"
        errorText={() => "The quote requests could not be loaded. Please try again."}
      >
        {({ list, selected }) => (
          <QuoteRequestResults list={list} selected={selected} q={query.q} />
        )}
      </DeferredList>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching quote requests</AlertTitle>
      <AlertDescription>The quote requests could not be loaded. Please try again.</AlertDescription>
    </Alert>
  );
}
