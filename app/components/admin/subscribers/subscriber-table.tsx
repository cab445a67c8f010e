import { Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { formatLongDateTime, formatShortDate } from "#app/lib/dates.ts";
import {
  SUBSCRIBER_STATUS_BADGE,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUS_VALUES,
  type SubscriberRow,
  type SubscriberStatus,
} from "#app/lib/subscribers.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * The subscribers list's parts (docs/product.md §3.10): the state filter with its counts, and
 * the table, whose rows open to show the consent record.
 */

const SOURCE_LABELS: Record<string, string> = {
  footer: "the footer form",
  popup: "the home page popup",
};

/** Links rather than a select: each state's count shows beside it, and no script is needed. */
export function SubscriberStateFilter({
  q,
  state,
  counts,
}: {
  q: string | null;
  state: SubscriberStatus | null;
  counts: Record<SubscriberStatus, number>;
}) {
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const href = (value: SubscriberStatus | null) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (value) params.set("state", value);
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const options: { value: SubscriberStatus | null; label: string; count: number }[] = [
    { value: null, label: "All", count: all },
    ...SUBSCRIBER_STATUS_VALUES.map((value) => ({
      value,
      label: SUBSCRIBER_STATUS_LABELS[value],
      count: counts[value],
    })),
  ];
  return (
    <nav aria-label="Filter by state" className="border-b border-border px-4 py-3 sm:px-6">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const current = option.value === state;
          return (
            <li key={option.value ?? "all"}>
              <Link
                to={href(option.value)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium",
                  current
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border hover:bg-muted",
                )}
              >
                {option.label}
                <span className={current ? "" : "text-muted-foreground"}>
                  {option.count.toLocaleString("en-ZA")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** When and how the address came onto the list, and what it was shown (POPIA). */
function ConsentRecord({ subscriber }: { subscriber: SubscriberRow }) {
  const source = SOURCE_LABELS[subscriber.consentSource] ?? subscriber.consentSource;
  return (
    <details className="mt-1 text-xs font-normal text-muted-foreground">
      <summary className="cursor-pointer py-1 text-primary underline-offset-4 hover:underline">
        Consent record
      </summary>
      <dl className="mt-1 grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-foreground">Entered</dt>
        <dd>
          {formatLongDateTime(subscriber.createdAt)}, in {source}
        </dd>
        <dt className="font-semibold text-foreground">Confirmed</dt>
        <dd>
          {subscriber.confirmedAt
            ? formatLongDateTime(subscriber.confirmedAt)
            : subscriber.status === "pending"
              ? "Not yet: the confirmation e-mail's link has not been used"
              : "No (subscribed before confirmation was asked, or confirmation is off)"}
        </dd>
        <dt className="font-semibold text-foreground">
          {SUBSCRIBER_STATUS_LABELS[subscriber.status]} since
        </dt>
        <dd>{formatLongDateTime(subscriber.statusChangedAt)}</dd>
        <dt className="font-semibold text-foreground">Shown</dt>
        <dd className="break-normal">{subscriber.consentText || "Not recorded"}</dd>
      </dl>
    </details>
  );
}

export function SubscriberTable({
  subscribers,
  onRemove,
}: {
  subscribers: SubscriberRow[];
  onRemove: (subscriber: SubscriberRow) => void;
}) {
  return (
    <Table aria-label="Subscribers">
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead className="hidden md:table-cell">State</TableHead>
          {/* Phones: the date and state under the e-mail, so Remove stays on the screen. */}
          <TableHead className="hidden sm:table-cell">Subscription Date</TableHead>
          <TableHead className="w-16 text-right">
            <span className="sr-only sm:not-sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {subscribers.map((subscriber) => {
          const badge = (
            <Badge
              variant={SUBSCRIBER_STATUS_BADGE[subscriber.status]}
              data-state={subscriber.status}
            >
              {SUBSCRIBER_STATUS_LABELS[subscriber.status]}
            </Badge>
          );
          return (
            <TableRow key={subscriber.id} className="align-top">
              <TableCell className="font-medium break-all sm:break-normal">
                {subscriber.email}
                <span className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-muted-foreground md:hidden">
                  {badge}
                  <span className="sm:hidden">{formatShortDate(subscriber.createdAt)}</span>
                </span>
                <ConsentRecord subscriber={subscriber} />
              </TableCell>
              <TableCell className="hidden md:table-cell">{badge}</TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                {formatShortDate(subscriber.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-destructive hover:bg-destructive-surface"
                  onClick={() => onRemove(subscriber)}
                  aria-label={`Remove ${subscriber.email}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
