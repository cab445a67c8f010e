import { useId } from "react";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import { cn } from "#app/lib/utils.ts";

const dayMonth = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-ZA", {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }),
);

/** "2026-11-16" (a Monday) as "16 Nov"; parsed as UTC so server and browser agree. */
function weekLabel(weekStart: string) {
  return dayMonth().format(new Date(`${weekStart}T00:00:00Z`));
}

/**
 * Orders per week as plain HTML bars (no chart library). The bars are decoration; the same
 * numbers are in a table that screen readers read instead.
 */
export function OrdersPerWeekChart({
  weeks,
}: {
  weeks: { weekStart: string; count: number }[] | null;
}) {
  const titleId = useId();
  const max = Math.max(1, ...(weeks ?? []).map((w) => w.count));
  const total = weeks?.reduce((sum, w) => sum + w.count, 0);

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-border bg-background p-6 shadow-card"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          Orders per week
        </h2>
        <p className="text-sm text-muted-foreground">
          Last 12 weeks: {total === undefined ? "..." : total}
        </p>
      </div>
      {weeks ? (
        <>
          {/* Plain HTML bars: they scale with the card and keep text legible on phones. */}
          <div className="flex h-36 items-end gap-1 sm:gap-2" aria-hidden="true">
            {weeks.map((week) => (
              <div
                key={week.weekStart}
                className="flex h-full flex-1 flex-col items-center justify-end gap-1"
              >
                {week.count > 0 ? (
                  <span className="text-xs font-medium tabular-nums text-muted-strong">
                    {week.count}
                  </span>
                ) : null}
                <div
                  className={cn(
                    "w-full rounded-t-sm",
                    week.count > 0 ? "bg-primary" : "bg-secondary",
                  )}
                  style={{ height: `${Math.max((week.count / max) * 85, 2)}%` }}
                />
              </div>
            ))}
          </div>
          <div className="mt-2 flex gap-1 sm:gap-2" aria-hidden="true">
            {weeks.map((week, i) => (
              <span
                key={week.weekStart}
                className={cn(
                  // min-w-0: a label is wider than its week on a phone; it overflows into
                  // its hidden neighbours instead of widening the row past the screen. A flex
                  // box (not text-center, which lets a line too long overflow only to its
                  // right) keeps the label centred under its bar.
                  "flex min-w-0 flex-1 justify-center text-[11px] whitespace-nowrap text-muted-foreground",
                  // The newest week's label ends under its bar on phones, rather than running
                  // past the chart into the card's padding.
                  i === weeks.length - 1 && "justify-end sm:justify-center",
                  // Every fourth week on phones, every second from sm up.
                  (weeks.length - 1 - i) % 4 === 0
                    ? ""
                    : (weeks.length - 1 - i) % 2 === 0
                      ? "invisible sm:visible"
                      : "invisible",
                )}
              >
                {weekLabel(week.weekStart)}
              </span>
            ))}
          </div>
          {total === 0 ? (
            <p className="mt-2 text-center text-sm text-muted-foreground">
              No orders in the last 12 weeks.
            </p>
          ) : null}
          {/* The wrapper hides the table: `sr-only` on a <table> does not shrink it (a table
              grows to fit its rows), and its 300-odd pixels made the page scroll past its end. */}
          <div className="sr-only">
            <table>
              <caption>Orders per week, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Week starting</th>
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.weekStart}>
                    <td>{weekLabel(week.weekStart)}</td>
                    <td>{week.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <div className="flex h-32 items-center justify-center text-muted-foreground">...</div>
      )}
    </section>
  );
}
