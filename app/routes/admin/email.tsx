import { RefreshCwIcon, RotateCcwIcon } from "lucide-react";
import { data, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { formatLongDateTime, formatShortDate } from "#app/lib/dates.ts";
import type { OutboxEntry } from "#app/lib/outbox.ts";
import { toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import { RetryEmailSchema } from "#app/lib/validation/email.ts";
import { recordAudit } from "#app/server/audit/audit.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  countFailingMessages,
  listRecentMessages,
  messageKindLabel,
  parseOutboxFilter,
  retryFailedMessage,
} from "#app/server/notifications/admin.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/email";

/*
 * The e-mail outbox (decision 003, beyond the original): what the site sent or tried to send, why
 * a message failed, and a Retry for failed ones.
 */

export const meta: Route.MetaFunction = () => [
  { title: "E-mail | Admin" },
  { name: "robots", content: "noindex" },
];

const FILTERS = [
  { value: null, label: "All" },
  { value: "failed", label: "Failed" },
  { value: "pending", label: "Queued" },
  { value: "sent", label: "Sent" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const status = parseOutboxFilter(new URL(request.url).searchParams.get("status"));
  const [messages, health] = await Promise.all([
    listRecentMessages(db, { limit: 100, status: status ?? undefined }),
    countFailingMessages(db),
  ]);
  return {
    status,
    health,
    messages: messages.map((m) => ({ ...m, kindLabel: messageKindLabel(m.kind) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db } = getServices(context);
  const form = readForm(context, RetryEmailSchema);
  const id = String(form.get("id") ?? "");
  const result = await db.transaction(async (tx) => {
    const outcome = await retryFailedMessage(tx, id);
    if (outcome === "retried") {
      await recordAudit(tx, admin, { action: "email.retry", entity: "email", entityId: id });
    }
    return outcome;
  });
  if (result === "retried") {
    return data({
      toast: toast({
        title: "Queued again",
        description: "The message will be sent in a moment.",
        type: "success",
      }),
    });
  }
  return data(
    {
      toast: toast({
        title: "Error",
        description:
          result === "not-found"
            ? "That message no longer exists."
            : "Only a failed message can be retried.",
        type: "destructive",
      }),
    },
    { status: result === "not-found" ? 404 : 409 },
  );
}

const STATUS_BADGE: Record<
  OutboxEntry["status"],
  { label: string; variant: "green" | "yellow" | "red" | "blue" }
> = {
  sent: { label: "Sent", variant: "green" },
  pending: { label: "Queued", variant: "yellow" },
  sending: { label: "Sending", variant: "blue" },
  failed: { label: "Failed", variant: "red" },
  held: { label: "Paused", variant: "yellow" },
  cancelled: { label: "Not sent (left the list)", variant: "blue" },
};

type Message = Route.ComponentProps["loaderData"]["messages"][number];

function RetryButton({ message }: { message: Message }) {
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={message.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Retry the message to ${message.recipient}`}
      >
        {busy ? <Spinner label="Retrying" /> : <RotateCcwIcon aria-hidden="true" />}
        Retry
      </Button>
    </fetcher.Form>
  );
}

function MessageStatus({ message }: { message: Message }) {
  const badge = STATUS_BADGE[message.status];
  const retrying = message.status === "pending" && message.lastError;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant={retrying ? "red" : badge.variant}>
        {retrying ? "Retrying" : badge.label}
      </Badge>
      <span className="text-xs text-muted-foreground">
        {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"}
      </span>
    </div>
  );
}

export default function EmailPage({ loaderData }: Route.ComponentProps) {
  const { messages, health, status } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="E-mail"
        description="Messages the website sends: notifications to the office, order confirmations, welcomes and replies."
        actions={
          <Link
            to={`${location.pathname}${location.search}`}
            className={cn(buttonVariants({ variant: "outline" }), "gap-2")}
          >
            <RefreshCwIcon
              className={cn("size-4", refreshing && "animate-spin")}
              aria-hidden="true"
            />
            Refresh
          </Link>
        }
      />
      {health.failed > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>
            {health.failed} {health.failed === 1 ? "message" : "messages"} could not be sent
          </AlertTitle>
          <AlertDescription>
            The mail server refused them or could not be reached after repeated tries. Check the
            address and the SMTP settings, then retry.
          </AlertDescription>
        </Alert>
      ) : null}
      {health.retrying > 0 ? (
        <Alert variant="warning">
          <AlertTitle>
            {health.retrying} {health.retrying === 1 ? "message is" : "messages are"} waiting to be
            retried
          </AlertTitle>
          <AlertDescription>
            Sending failed for now (the mail server may be down); the site keeps trying on its own.
          </AlertDescription>
        </Alert>
      ) : null}
      <section
        aria-labelledby="outbox-heading"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border p-4 sm:p-6">
          <h2 id="outbox-heading" className="text-lg font-semibold">
            Recent messages
          </h2>
          <nav aria-label="Filter messages by status">
            <ul className="flex flex-wrap gap-1">
              {FILTERS.map((filter) => {
                const active = status === filter.value;
                return (
                  <li key={filter.label}>
                    <Link
                      to={filter.value ? `?status=${filter.value}` : "?"}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        buttonVariants({ variant: active ? "default" : "ghost", size: "sm" }),
                      )}
                    >
                      {filter.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
        {messages.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {status ? "No messages with this status." : "No messages yet."}
          </p>
        ) : (
          <Table aria-label="Messages">
            <TableHeader>
              <TableRow>
                <TableHead>Message</TableHead>
                <TableHead className="hidden md:table-cell">Created</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {messages.map((message) => (
                <TableRow key={message.id}>
                  <TableCell className="max-w-[12rem] align-top sm:max-w-md">
                    <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                      {message.kindLabel}
                    </p>
                    <p className="truncate font-medium" title={message.subject}>
                      {message.subject}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">To {message.recipient}</p>
                    {message.lastError ? (
                      <p className="mt-1 break-words text-sm text-destructive-hover">
                        Last error: {message.lastError}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden align-top text-sm text-muted-foreground md:table-cell">
                    <time
                      dateTime={new Date(message.createdAt).toISOString()}
                      title={formatLongDateTime(message.createdAt)}
                    >
                      {formatShortDate(message.createdAt)}
                    </time>
                    {message.sentAt ? (
                      <p className="text-xs">Sent {formatLongDateTime(message.sentAt)}</p>
                    ) : null}
                  </TableCell>
                  {/* Retry sits under the status: a column of its own was off a phone's screen. */}
                  <TableCell className="align-top">
                    <div className="flex flex-col items-start gap-2">
                      <MessageStatus message={message} />
                      {message.status === "failed" ? <RetryButton message={message} /> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
