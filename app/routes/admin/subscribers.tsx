import { MailIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import {
  DeferredList,
  DeferredPart,
  LoadingStatus,
  pagePresence,
} from "#app/components/admin/deferred-list.tsx";
import { ExportLink } from "#app/components/admin/export-link.tsx";
import { HeldLink } from "#app/components/admin/held-submissions.tsx";
import { AdminPagination } from "#app/components/admin/pagination.tsx";
import { foundText, ResultsStatus } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import {
  SubscriberStateFilter,
  SubscriberTable,
} from "#app/components/admin/subscribers/subscriber-table.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { parseSubscriberListQuery } from "#app/lib/admin-list-queries.ts";
import { formFields } from "#app/lib/forms.ts";
import { useListPending } from "#app/lib/list-url.ts";
import { SUBSCRIBER_STATUS_LABELS, type SubscriberRow } from "#app/lib/subscribers.ts";
import { toast } from "#app/lib/toast.ts";
import { RemoveSubscriberSchema } from "#app/lib/validation/subscribers.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  listSubscribers,
  removeSubscriber,
  type SubscriberListPage,
} from "#app/server/newsletter/admin-subscribers.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = () => [
  { title: "Subscribers | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseSubscriberListQuery(new URL(request.url).searchParams);
  const list = await listSubscribers(getServices(context).db, query);
  return {
    q: query.q,
    state: query.state,
    list: list as SubscriberListPage | Promise<SubscriberListPage>,
  };
}

const presence = pagePresence();

/**
 * Arriving from another page, the page shows at once with its search box and 'Loading
 * subscribers...' (docs/product.md §3.10), and the rows and 'Total Subscribers: n' arrive from the server
 * loader, which still guards and searches. Within the page (a new search, a removal) the data
 * is awaited as without a clientLoader.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { q, state } = parseSubscriberListQuery(new URL(request.url).searchParams);
  const list = serverLoader().then((data) => data.list);
  return { q, state, list: presence.isOnScreen() ? await list : list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, logger } = getServices(context);
  const parsed = RemoveSubscriberSchema.safeParse(
    formFields(readForm(context, RemoveSubscriberSchema)),
  );
  const failure = (description: string, status: number) =>
    data(
      {
        ok: false,
        toast: toast({ title: "Error removing subscriber", description, type: "destructive" }),
      },
      { status },
    );
  if (!parsed.success) return failure("Please choose a subscriber to remove.", 400);
  try {
    const result = await removeSubscriber(db, admin, parsed.data.subscriberId);
    if (!result.ok) return failure("That subscriber does not exist (any more).", 404);
    return data({
      ok: true,
      toast: toast({
        title: "Subscriber removed",
        description: `${result.email} has been removed from the newsletter subscribers.`,
        type: "success",
      }),
    });
  } catch (error) {
    logger.error({ err: error }, "admin: removing a subscriber failed");
    return failure("The subscriber was not removed. Please try again.", 500);
  }
}

/**
 * The 'Remove Subscriber' confirmation (docs/product.md §3.10) for the chosen row. One fetcher for the page,
 * so the notice still shows after the removed row has left the table.
 */
function useRemoval() {
  const fetcher = useFetcher<typeof action>({ key: "remove-subscriber" });
  const [target, setTarget] = useState<SubscriberRow | null>(null);
  const [open, setOpen] = useState(false);
  useShowToast(fetcher.data?.toast);
  // docs/product.md §5.7 (deletions): the dialog closes whether the removal succeeded or failed.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const dialog = (
    <>
      <fetcher.Form method="post" id="remove-subscriber-form">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="subscriberId" value={target?.id ?? ""} />
      </fetcher.Form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove Subscriber"
        description={`Are you sure you want to remove "${target?.email ?? ""}" from the newsletter subscribers? This action cannot be undone.`}
        confirmLabel="Remove"
        busy={fetcher.state !== "idle"}
        form="remove-subscriber-form"
      />
    </>
  );
  const ask = (subscriber: SubscriberRow) => {
    setTarget(subscriber);
    setOpen(true);
  };
  return { dialog, ask };
}

export default function SubscribersPage({ loaderData }: Route.ComponentProps) {
  const { list, q, state } = loaderData;
  presence.useOnScreen();
  // A new search or page shows 'Loading subscribers...'; a search typed into the box keeps
  // the rows, busy, until its own arrive (decision 017).
  const { pending, showLoading } = useListPending();
  const removal = useRemoval();
  const exportSearch = new URLSearchParams({ ...(q ? { q } : {}), ...(state ? { state } : {}) });
  const exportHref = `/admin/subscribers/export.csv${exportSearch.size ? `?${exportSearch}` : ""}`;
  const loadingText = <LoadingStatus text="Loading subscribers..." />;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Newsletter Subscribers"
        description="People who asked for the newsletter, newest first."
        actions={
          <>
            <HeldLink />
            <ExportLink href={exportHref} />
          </>
        }
      />
      <section
        aria-labelledby="subscribers-heading"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <h2 id="subscribers-heading" className="flex items-center gap-2 text-lg font-semibold">
            <MailIcon className="size-5 text-primary" aria-hidden="true" />
            {/* '...' while loading, as the dashboard's cards (docs/product.md §3.3). */}
            <DeferredPart resolve={list} fallback={<span>Total Subscribers: ...</span>}>
              {({ allTotal }) => (
                <span data-testid="subscriber-total">
                  Total Subscribers: {allTotal.toLocaleString("en-ZA")}
                </span>
              )}
            </DeferredPart>
          </h2>
          <AdminSearchForm
            value={q ?? ""}
            placeholder="Search by email..."
            label="Search subscribers by email"
            className="sm:w-96"
          />
        </div>
        <DeferredPart resolve={list}>
          {({ stateCounts }) => <SubscriberStateFilter q={q} state={state} counts={stateCounts} />}
        </DeferredPart>
        <ResultsStatus
          resolve={list}
          text={({ total }) => foundText(total, ["subscriber", "subscribers"])}
        />
        <div aria-busy={pending || undefined}>
          <DeferredList
            resolve={list}
            fallback={loadingText}
            errorTitle="Error fetching subscribers"
            errorText={() => "The subscribers could not be loaded. Please try again."}
          >
            {({ subscribers }) =>
              showLoading ? (
                loadingText
              ) : subscribers.length === 0 ? (
                <p className="p-6 text-center text-sm text-muted-foreground">
                  {q
                    ? `No subscribers found for "${q}"`
                    : state
                      ? `No subscribers are ${SUBSCRIBER_STATUS_LABELS[state].toLowerCase()}.`
                      : "No subscribers yet"}
                </p>
              ) : (
                <SubscriberTable subscribers={subscribers} onRemove={removal.ask} />
              )
            }
          </DeferredList>
        </div>
      </section>
      <DeferredPart resolve={list}>
        {({ total, page, pageCount }) => (
          <>
            {q && total > 0 ? (
              <p className="-mt-3 text-sm text-muted-foreground">
                {total.toLocaleString("en-ZA")}{" "}
                {total === 1 ? "subscriber matches" : "subscribers match"} "{q}".
              </p>
            ) : null}
            <AdminPagination page={page} pageCount={pageCount} label="Subscribers pages" />
          </>
        )}
      </DeferredPart>
      {removal.dialog}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching subscribers</AlertTitle>
      <AlertDescription>The subscribers could not be loaded. Please try again.</AlertDescription>
    </Alert>
  );
}
