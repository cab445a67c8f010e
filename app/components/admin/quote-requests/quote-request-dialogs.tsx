import { CheckCircle2Icon, ReplyIcon, RotateCcwIcon, SendIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { ContactActions } from "#app/components/admin/contact-actions.tsx";
import { useShopContact } from "#app/components/site/use-shop-contact.ts";
import { useShowToast } from "#app/components/toaster.tsx";
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
import { EmailAddress } from "#app/components/ui/email-address.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import type { QuoteRequestDetail, QuoteRequestSummary } from "#app/lib/quote-requests.ts";
import {
  type QuoteRequestActionData,
  quoteReplyPrefill,
  quoteRequestWhatsAppMessage,
  serviceDisplayLabel,
} from "#app/lib/quote-requests.ts";
import { useReturnFocus } from "#app/lib/return-focus.ts";
import { REPLY_MAX_LENGTH } from "#app/lib/validation/quote-requests.ts";

/*
 * The quote request's details dialog (docs/product.md §3.11: opened by a card, `?request=<id>`), with Mark
 * as Resolved / Open, Reply (its own dialog, e-mailed through the outbox) and Delete (erased
 * for good after a confirmation). The fetchers are keyed, so the page shows each notice once
 * (useQuoteRequestActionToasts) even after the dialog has closed.
 *
 * None opens from a Radix Trigger (the URL, state): closing one gives focus back to what opened
 * it (WCAG 2.4.3, return-focus.ts): the card, Reply or Delete; after an erase, the next card.
 */

/** The list's (visually hidden) heading, where focus goes when no card is left. */
export const REQUESTS_HEADING_ID = "requests-results";

export function QuoteRequestStatusBadge({ resolved }: { resolved: boolean }) {
  return resolved ? <Badge variant="green">Resolved</Badge> : <Badge variant="yellow">Open</Badge>;
}

function ReplyDialog({
  request,
  open,
  onOpenChange,
}: {
  request: QuoteRequestDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<QuoteRequestActionData>({ key: "quote-reply" });
  const shop = useShopContact();
  const id = useId();
  const label = serviceDisplayLabel(request.service);
  const busy = fetcher.state !== "idle";
  const error =
    fetcher.data?.intent === "reply" && !fetcher.data.ok ? fetcher.data.fieldError : undefined;
  const returnFocus = useReturnFocus();
  // Sent: close, once per answer (an error keeps the dialog and the text).
  const handled = useRef<QuoteRequestActionData | null>(fetcher.data ?? null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.intent === "reply" && answer.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-2xl" {...returnFocus}>
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
              defaultValue={quoteReplyPrefill(request, shop)}
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

export function QuoteRequestDetailsDialog({
  openId,
  summary,
  selected,
  loading,
  onClose,
}: {
  openId: string | null;
  summary: QuoteRequestSummary | undefined;
  selected: QuoteRequestDetail | null;
  loading: boolean;
  onClose: () => void;
}) {
  const statusFetcher = useFetcher<QuoteRequestActionData>({ key: "quote-status" });
  const shop = useShopContact();
  const eraseFetcher = useFetcher<QuoteRequestActionData>({ key: "quote-erase" });
  const [replying, setReplying] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const detail = selected && selected.id === openId ? selected : null;
  const notFound = Boolean(openId) && !loading && !detail;
  const statusBusy = statusFetcher.state !== "idle";
  const pendingIntent = statusBusy ? statusFetcher.formData?.get("intent") : null;
  const resolved = pendingIntent
    ? pendingIntent === "resolve"
    : (detail?.isResolved ?? summary?.isResolved ?? false);

  // Once per answer: the dialog closes whether the delete worked or not (docs/product.md §5.7), and the
  // details close too when the request is gone.
  const handled = useRef<QuoteRequestActionData | null>(eraseFetcher.data ?? null);
  useEffect(() => {
    const answer = eraseFetcher.data;
    if (eraseFetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    setConfirmErase(false);
    if (answer.ok) onClose();
  }, [eraseFetcher.state, eraseFetcher.data, onClose]);

  const returnFocus = useReturnFocus({
    opener: () =>
      openId ? document.querySelector(`[data-request-card="${CSS.escape(openId)}"]`) : null,
    fallback: () => document.getElementById(REQUESTS_HEADING_ID),
  });

  const shown = detail ?? summary;
  return (
    <>
      <Dialog open={Boolean(openId)} onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent
          className="max-w-2xl focus-visible:outline-none"
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            // The dialog itself, not its first button (Delete, once the details are in): the
            // keyboard starts at the top of the request and meets the actions in order.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
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
                  <QuoteRequestStatusBadge resolved={resolved} />
                </DialogTitle>
                <DialogDescription>
                  From {shown.name} · received {formatLongDateTime(shown.createdAt)}
                </DialogDescription>
              </DialogHeader>
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="font-medium">{shown.name}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-words font-medium">
                  <EmailAddress email={shown.email} />
                </dd>
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
                whatsAppMessage={quoteRequestWhatsAppMessage(shown, shop)}
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
export function useQuoteRequestActionToasts() {
  const status = useFetcher<QuoteRequestActionData>({ key: "quote-status" });
  const reply = useFetcher<QuoteRequestActionData>({ key: "quote-reply" });
  const erase = useFetcher<QuoteRequestActionData>({ key: "quote-erase" });
  useShowToast(status.data?.toast);
  useShowToast(reply.data?.toast);
  useShowToast(erase.data?.toast);
}
