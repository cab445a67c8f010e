import {
  CheckCircle2Icon,
  MessageSquareQuoteIcon,
  ReplyIcon,
  RotateCcwIcon,
  SendIcon,
  Trash2Icon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ContactActions } from "#app/components/admin/contact-actions.tsx";
import { DeferredList, DeferredPart, pagePresence } from "#app/components/admin/deferred-list.tsx";
import { ExportLink } from "#app/components/admin/export-link.tsx";
import { AdminPagination } from "#app/components/admin/pagination.tsx";
import { ResultsRegion } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { parseQuoteRequestListQuery } from "#app/lib/admin-list-queries.ts";
import { formatLongDateTime, formatShortDate } from "#app/lib/dates.ts";
import { formFields } from "#app/lib/forms.ts";
import { keepListWhenDialogCloses, useListWithDialog } from "#app/lib/list-url.ts";
import {
  quoteReplyPrefill,
  quoteRequestWhatsAppMessage,
  serviceDisplayLabel,
} from "#app/lib/quote-requests.ts";
import { type Toast, toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import {
  QuoteRequestActionSchema,
  REPLY_MAX_LENGTH,
  REPLY_REQUIRED_MESSAGE,
} from "#app/lib/validation/quote-requests.ts";
import { getServices } from "#app/server/context.server.ts";
import {
  eraseQuoteRequest,
  getQuoteRequest,
  listQuoteRequests,
  type QuoteRequestListPage,
  type QuoteRequestSummary,
  replyToQuoteRequest,
  setQuoteRequestResolved,
} from "#app/server/inquiries/admin-quote-requests.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/quote-requests";

export const meta: Route.MetaFunction = () => [
  { title: "Quote Requests | Admin" },
  { name: "robots", content: "noindex" },
];

/** `?request=<id>` opens that request's details dialog over the list. */
const DIALOG_PARAM = "request";
/** The list's own state in the URL. */
const LIST_PARAMS = ["q", "resolved", "page"];
const SEARCH_FORM_ID = "quote-requests-search";

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

type QuoteRequestsData = {
  list: QuoteRequestListPage;
  /** The details dialog's request (`?request=`); null when none is asked for or found. */
  selected: Awaited<ReturnType<typeof getQuoteRequest>>;
};

const presence = pagePresence();

/**
 * Arriving from another page, the page shows at once with its search, the 'Show resolved
 * requests' box and 'Loading quote requests...' (spec §2), and the cards arrive from the
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

type ActionResult = {
  ok: boolean;
  intent: "resolve" | "reopen" | "reply" | "erase" | null;
  toast: Toast;
  fieldError?: string;
};

const ERROR_TITLES = {
  resolve: "Error updating quote request",
  reopen: "Error updating quote request",
  reply: "Error sending reply",
  erase: "Error deleting request",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, env, logger } = getServices(context);
  const formData = await request.formData();
  const rawIntent = formData.get("intent");
  const intent =
    rawIntent === "resolve" ||
    rawIntent === "reopen" ||
    rawIntent === "reply" ||
    rawIntent === "erase"
      ? rawIntent
      : null;
  const fail = (description: string, status: number, fieldError?: string) =>
    data<ActionResult>(
      {
        ok: false,
        intent,
        fieldError,
        toast: toast({
          title: intent ? ERROR_TITLES[intent] : "Error updating quote request",
          description,
          type: "destructive",
        }),
      },
      { status },
    );
  const parsed = QuoteRequestActionSchema.safeParse(formFields(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (intent === "reply" && issue?.path[0] === "reply") {
      return fail(issue.message, 400, issue.message);
    }
    return fail("The request could not be changed: it was not understood.", 400);
  }
  const input = parsed.data;
  const gone = "That request does not exist (any more).";
  try {
    switch (input.intent) {
      case "resolve":
      case "reopen": {
        const result = await setQuoteRequestResolved(db, admin, {
          requestId: input.requestId,
          resolved: input.intent === "resolve",
        });
        if (!result.ok) return fail(gone, 404);
        return data<ActionResult>({
          ok: true,
          intent: input.intent,
          toast: toast({
            title: result.isResolved ? "Marked as resolved" : "Marked as open",
            type: "success",
          }),
        });
      }
      case "reply": {
        const result = await replyToQuoteRequest(db, env, admin, {
          requestId: input.requestId,
          replyText: input.reply,
        });
        if (!result.ok) {
          return result.reason === "empty"
            ? fail(REPLY_REQUIRED_MESSAGE, 400, REPLY_REQUIRED_MESSAGE)
            : fail(gone, 404);
        }
        return data<ActionResult>({
          ok: true,
          intent: "reply",
          toast: toast({
            title: "Reply sent",
            description: `Your reply to ${result.to} is on its way. The request is marked as resolved.`,
            type: "success",
          }),
        });
      }
      case "erase": {
        const result = await eraseQuoteRequest(db, admin, input.requestId);
        if (!result.ok) return fail(gone, 404);
        return data<ActionResult>({
          ok: true,
          intent: "erase",
          toast: toast({
            title: "Request deleted",
            description: "The request and the requester's details have been erased.",
            type: "success",
          }),
        });
      }
    }
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "admin: quote request change failed");
    return fail("Nothing was changed. Please try again.", 500);
  }
}

type SelectedRequest = NonNullable<QuoteRequestsData["selected"]>;

function StatusBadge({ resolved }: { resolved: boolean }) {
  return resolved ? <Badge variant="green">Resolved</Badge> : <Badge variant="yellow">Open</Badge>;
}

/** A field of the search form (`form`), so a search keeps it and a toggle keeps the search. */
function ShowResolvedToggle({ showResolved }: { showResolved: boolean }) {
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

function RequestCard({ request, href }: { request: QuoteRequestSummary; href: string }) {
  return (
    <li>
      <Link
        to={href}
        preventScrollReset
        className={cn(
          "flex h-full flex-col gap-3 rounded-xl border border-border p-4 shadow-card transition hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          request.isResolved ? "bg-muted" : "bg-background",
        )}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="font-semibold text-foreground">
            {serviceDisplayLabel(request.service)}
          </span>
          <StatusBadge resolved={request.isResolved} />
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
 * The empty list (spec §2 texts): 'No quote requests yet' only when there are none at all,
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
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
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

function ReplyDialog({
  request,
  open,
  onOpenChange,
}: {
  request: SelectedRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: "quote-reply" });
  const id = useId();
  const label = serviceDisplayLabel(request.service);
  const busy = fetcher.state !== "idle";
  const error =
    fetcher.data?.intent === "reply" && !fetcher.data.ok ? fetcher.data.fieldError : undefined;
  // Sent: close, once per answer (an error keeps the dialog and the text).
  const handled = useRef<ActionResult | null>(fetcher.data ?? null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.intent === "reply" && answer.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-2xl">
        <DialogHeader className="pr-8">
          <DialogTitle>Reply to {request.name}</DialogTitle>
          <DialogDescription>
            To {request.email} · Subject: RE: Your Quote Request - {label}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="requestId" value={request.id} />
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Service</span>
            <span>{label}</span>
          </div>
          <div className="grid gap-1 text-sm">
            <span className="font-medium" id={`${id}-original`}>
              Original message
            </span>
            <blockquote
              aria-labelledby={`${id}-original`}
              className="max-h-40 overflow-y-auto whitespace-pre-wrap break-words rounded-md border-l-4 border-accent bg-muted p-3"
            >
              {request.message}
            </blockquote>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-reply`} className="text-sm font-medium">
              Your reply
            </label>
            <Textarea
              id={`${id}-reply`}
              name="reply"
              rows={12}
              maxLength={REPLY_MAX_LENGTH}
              defaultValue={quoteReplyPrefill(request)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reply-error` : undefined}
              className="min-h-48"
            />
            {error ? (
              <p id={`${id}-reply-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner label="Sending reply" /> : <SendIcon aria-hidden="true" />}
              Send Reply
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DetailsDialog({
  openId,
  summary,
  selected,
  loading,
  onClose,
}: {
  openId: string | null;
  summary: QuoteRequestSummary | undefined;
  selected: QuoteRequestsData["selected"];
  loading: boolean;
  onClose: () => void;
}) {
  const statusFetcher = useFetcher<ActionResult>({ key: "quote-status" });
  const eraseFetcher = useFetcher<ActionResult>({ key: "quote-erase" });
  const [replying, setReplying] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const detail = selected && selected.id === openId ? selected : null;
  const notFound = Boolean(openId) && !loading && !detail;
  const statusBusy = statusFetcher.state !== "idle";
  const pendingIntent = statusBusy ? statusFetcher.formData?.get("intent") : null;
  const resolved = pendingIntent
    ? pendingIntent === "resolve"
    : (detail?.isResolved ?? summary?.isResolved ?? false);

  // Once per answer: the dialog closes whether the delete worked or not (spec §4), and the
  // details close too when the request is gone.
  const handled = useRef<ActionResult | null>(eraseFetcher.data ?? null);
  useEffect(() => {
    const answer = eraseFetcher.data;
    if (eraseFetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    setConfirmErase(false);
    if (answer.ok) onClose();
  }, [eraseFetcher.state, eraseFetcher.data, onClose]);

  const shown = detail ?? summary;
  return (
    <>
      <Dialog open={Boolean(openId)} onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent className="max-w-2xl">
          {notFound ? (
            <DialogHeader>
              <DialogTitle>Request not found</DialogTitle>
              <DialogDescription>The requested quote request does not exist.</DialogDescription>
            </DialogHeader>
          ) : shown ? (
            <>
              <DialogHeader className="pr-8">
                <DialogTitle className="flex flex-wrap items-center gap-3">
                  {serviceDisplayLabel(shown.service)}
                  <StatusBadge resolved={resolved} />
                </DialogTitle>
                <DialogDescription>
                  From {shown.name} · received {formatLongDateTime(shown.createdAt)}
                </DialogDescription>
              </DialogHeader>
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="font-medium">{shown.name}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all font-medium">{shown.email}</dd>
                {shown.phone ? (
                  <>
                    <dt className="text-muted-foreground">Phone</dt>
                    <dd className="font-medium">{shown.phone}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Service</dt>
                <dd className="font-medium">{serviceDisplayLabel(shown.service)}</dd>
              </dl>
              <section aria-labelledby="request-message" className="grid gap-1">
                <h3 id="request-message" className="text-sm font-semibold">
                  Message
                </h3>
                {detail ? (
                  <p className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">
                    {detail.message}
                  </p>
                ) : (
                  <Skeleton className="h-24 w-full" />
                )}
              </section>
              {detail?.replyText ? (
                <section aria-labelledby="request-reply" className="grid gap-1">
                  <h3 id="request-reply" className="text-sm font-semibold">
                    Reply sent
                  </h3>
                  <p className="text-xs text-muted-foreground">
                    {detail.repliedAt ? formatLongDateTime(detail.repliedAt) : null}
                    {detail.repliedByEmail ? ` by ${detail.repliedByEmail}` : null}
                  </p>
                  <p className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm">
                    {detail.replyText}
                  </p>
                </section>
              ) : null}
              {/* Call and WhatsApp only when a phone number was given, as on orders. */}
              <ContactActions
                name={shown.name}
                phone={shown.phone}
                email={shown.email}
                emailSubject={`RE: Your Quote Request - ${serviceDisplayLabel(shown.service)}`}
                whatsAppMessage={quoteRequestWhatsAppMessage(shown)}
              />
            </>
          ) : (
            <DialogHeader>
              <DialogTitle>Loading request…</DialogTitle>
              <DialogDescription>One moment.</DialogDescription>
            </DialogHeader>
          )}
          {detail ? (
            <DialogFooter className="sm:justify-between">
              <Button
                type="button"
                variant="ghost"
                className="text-destructive hover:bg-destructive-surface"
                onClick={() => setConfirmErase(true)}
              >
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <statusFetcher.Form method="post">
                  <input type="hidden" name="requestId" value={detail.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value={resolved ? "reopen" : "resolve"}
                    variant="outline"
                    disabled={statusBusy}
                    className="w-full"
                  >
                    {statusBusy ? (
                      <Spinner label="Saving" />
                    ) : resolved ? (
                      <RotateCcwIcon aria-hidden="true" />
                    ) : (
                      <CheckCircle2Icon aria-hidden="true" />
                    )}
                    {resolved ? "Mark as Open" : "Mark as Resolved"}
                  </Button>
                </statusFetcher.Form>
                <Button type="button" onClick={() => setReplying(true)}>
                  <ReplyIcon aria-hidden="true" />
                  Reply
                </Button>
              </div>
            </DialogFooter>
          ) : (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
      {detail ? (
        <>
          <ReplyDialog request={detail} open={replying} onOpenChange={setReplying} />
          <eraseFetcher.Form method="post" id="erase-request-form">
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="requestId" value={detail.id} />
          </eraseFetcher.Form>
          <ConfirmDialog
            open={confirmErase}
            onOpenChange={setConfirmErase}
            title="Delete Request"
            description={`Are you sure you want to delete the request from "${detail.name}"? Their name, e-mail address and message will be erased. This action cannot be undone.`}
            confirmLabel="Delete"
            busy={eraseFetcher.state !== "idle"}
            form="erase-request-form"
          />
        </>
      ) : null}
    </>
  );
}

/** The notices of every action on this page, shown once each (the fetchers are keyed). */
function useActionToasts() {
  const status = useFetcher<ActionResult>({ key: "quote-status" });
  const reply = useFetcher<ActionResult>({ key: "quote-reply" });
  const erase = useFetcher<ActionResult>({ key: "quote-erase" });
  useShowToast(status.data?.toast);
  useShowToast(reply.data?.toast);
  useShowToast(erase.data?.toast);
}

export default function QuoteRequestsPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  presence.useOnScreen();
  useActionToasts();

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
          <ExportLink
            href={`/admin/quote-requests/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          />
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
          className="sm:max-w-lg sm:flex-1"
        />
        <ShowResolvedToggle showResolved={query.showResolved} />
      </section>

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

function RequestsLoading() {
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground" role="status">
        Loading quote requests...
      </p>
      <RequestSkeletons />
    </>
  );
}

function QuoteRequestResults({ list, selected, q }: QuoteRequestsData & { q: string | null }) {
  const {
    loading,
    listPending,
    openId,
    dialogHref,
    close: closeDialog,
  } = useListWithDialog(DIALOG_PARAM, LIST_PARAMS);
  return (
    <>
      <ResultsRegion id="requests-results" title="Quote requests" busy={listPending}>
        {listPending ? (
          <RequestsLoading />
        ) : list.requests.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background p-10 text-center">
            <MessageSquareQuoteIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <EmptyListText q={q} allTotal={list.allTotal} hiddenResolved={list.hiddenResolved} />
          </div>
        ) : (
          <ul
            aria-labelledby="requests-results"
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {list.requests.map((request) => (
              <RequestCard key={request.id} request={request} href={dialogHref(request.id)} />
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

      <DetailsDialog
        openId={openId}
        summary={list.requests.find((request) => request.id === openId)}
        selected={selected}
        loading={loading}
        onClose={closeDialog}
      />
    </>
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
