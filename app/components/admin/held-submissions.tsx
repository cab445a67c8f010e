import { ShieldAlertIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import type { HeldSubmission, VerdictCount } from "#app/lib/held.ts";
import {
  HELD_FORM_LABELS,
  HELD_TITLE,
  HOLD_REASON_LABELS,
  VERDICT_COLUMNS,
} from "#app/lib/held.ts";
import type { Toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * The parts of /admin/held (decision 016): a list of held submissions, each with Release
 * and Delete, and the counters of what the form defences decided.
 */

type ActionData = { ok: boolean; toast: Toast };

function HeldCard({ item }: { item: HeldSubmission }) {
  const fetcher = useFetcher<ActionData>();
  const [confirming, setConfirming] = useState(false);
  useShowToast(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  const deleteFormId = `held-delete-${item.id}`;
  const who = item.name ? `${item.name} <${item.email}>` : item.email;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="yellow">{HELD_FORM_LABELS[item.form] ?? item.form}</Badge>
        <span className="text-sm text-muted-foreground">{formatLongDateTime(item.createdAt)}</span>
      </div>
      <div className="min-w-0">
        <p className="font-semibold break-words">{item.name ?? item.email}</p>
        {item.name ? (
          <p className="text-sm break-words text-muted-foreground">
            <EmailAddress email={item.email} />
          </p>
        ) : null}
        {item.phone ? <p className="text-sm text-muted-foreground">{item.phone}</p> : null}
      </div>
      <p className="text-sm font-medium">{item.topic}</p>
      {item.message ? (
        <p className="line-clamp-6 whitespace-pre-wrap break-words text-sm">{item.message}</p>
      ) : null}
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Held: {HOLD_REASON_LABELS[item.reason] ?? item.reason}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <Button
            type="submit"
            name="intent"
            value="release"
            size="sm"
            disabled={busy}
            aria-label={`Release ${who}`}
          >
            Release
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post" id={deleteFormId}>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="intent" value="delete" />
        </fetcher.Form>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${who}`}
        >
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete held submission"
        description={`Delete what ${who} sent? It will not be e-mailed or kept. This cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        form={deleteFormId}
      />
    </li>
  );
}

export function HeldList({
  id,
  title,
  emptyText,
  list,
}: {
  id: string;
  title: string;
  emptyText: string;
  list: { items: HeldSubmission[]; total: number };
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title} ({list.total.toLocaleString("en-ZA")})
      </h2>
      {list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <ul aria-label={title} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {list.items.map((item) => (
            <HeldCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {list.total > list.items.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the newest {list.items.length} of {list.total.toLocaleString("en-ZA")}.
        </p>
      ) : null}
    </section>
  );
}

/** What the defences decided in the last 30 days, by form. */
export function VerdictCounters({ counts }: { counts: VerdictCount[] }) {
  const forms = ["quote", "contact", "newsletter", "checkout"];
  const of = (form: string, verdict: string) =>
    counts.find((row) => row.form === form && row.verdict === verdict)?.count ?? 0;
  return (
    <section aria-labelledby="verdicts-heading" className="flex flex-col gap-3">
      <h2 id="verdicts-heading" className="text-lg font-semibold">
        Form checks, last 30 days
      </h2>
      <div className="overflow-x-auto rounded-xl border border-border bg-background shadow-card">
        <Table aria-labelledby="verdicts-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Form</TableHead>
              {VERDICT_COLUMNS.map((column) => (
                <TableHead key={column.verdict} className="text-right">
                  {column.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {forms.map((form) => (
              <TableRow key={form}>
                <TableCell className="font-medium whitespace-nowrap">
                  {HELD_FORM_LABELS[form]}
                </TableCell>
                {VERDICT_COLUMNS.map((column) => (
                  <TableCell key={column.verdict} className="text-right tabular-nums">
                    {of(form, column.verdict).toLocaleString("en-ZA")}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** The way from Quote Requests and Subscribers to what is held. */
export function HeldLink() {
  return (
    <Link to="/admin/held" className={cn(buttonVariants({ variant: "outline" }), "gap-2")}>
      <ShieldAlertIcon aria-hidden="true" />
      {HELD_TITLE}
    </Link>
  );
}
