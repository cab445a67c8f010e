import {
  BanknoteIcon,
  CircleCheckIcon,
  MailIcon,
  MessageSquareQuoteIcon,
  PhoneCallIcon,
  ShoppingBagIcon,
  TrendingUpIcon,
} from "lucide-react";
import { Link } from "react-router";
import { formatZar } from "#app/lib/money.ts";
import {
  ARRANGED_UNPAID_OVERDUE_DAYS,
  AWAITING_CONTACT_OVERDUE_HOURS,
  OPEN_QUOTE_OVERDUE_HOURS,
  OVERDUE_PAYMENT_TEXT,
} from "#app/lib/payment-status.ts";
import type { DashboardTodo, WeekComparison } from "#app/server/dashboard/dashboard.server.ts";

/*
 * The dashboard as a to-do list (issue 19), above the spec's four cards: what is overdue,
 * each a link to the list filtered to exactly those, then this week against last week.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function TodoList({ todo }: { todo: DashboardTodo | null }) {
  const items = todo
    ? [
        {
          key: "awaiting-contact",
          count: todo.awaitingContact,
          icon: PhoneCallIcon,
          text: `${plural(todo.awaitingContact, "order", "orders")} ${OVERDUE_PAYMENT_TEXT.awaiting_contact}`,
          action:
            todo.awaitingContact === 1 ? "Call or e-mail the buyer" : "Call or e-mail the buyers",
          to: "/admin/orders?payment=awaiting_contact&overdue=1",
        },
        {
          key: "arranged-unpaid",
          count: todo.arrangedUnpaid,
          icon: BanknoteIcon,
          text: `${plural(todo.arrangedUnpaid, "order", "orders")} ${OVERDUE_PAYMENT_TEXT.arranged}`,
          action:
            todo.arrangedUnpaid === 1
              ? "Check for the payment or remind the buyer"
              : "Check for the payments or remind the buyers",
          to: "/admin/orders?payment=arranged&overdue=1",
        },
        {
          key: "open-quotes",
          count: todo.openQuoteRequests,
          icon: MessageSquareQuoteIcon,
          text: `${plural(todo.openQuoteRequests, "open quote request", "open quote requests")} older than ${OPEN_QUOTE_OVERDUE_HOURS} hours`,
          action: "Reply or mark them resolved",
          to: "/admin/quote-requests",
        },
      ].filter((item) => item.count > 0)
    : null;
  return (
    <section
      aria-labelledby="todo-heading"
      aria-busy={todo ? undefined : true}
      className="rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
    >
      <h2 id="todo-heading" className="text-lg font-semibold">
        To do
      </h2>
      {items === null ? (
        <p className="mt-3 text-sm text-muted-foreground">...</p>
      ) : items.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-success-text">
          <CircleCheckIcon className="size-5 shrink-0" aria-hidden="true" />
          {`Nothing is overdue: no order has waited ${AWAITING_CONTACT_OVERDUE_HOURS} hours for contact or ${ARRANGED_UNPAID_OVERDUE_DAYS} days for payment, no quote request ${OPEN_QUOTE_OVERDUE_HOURS} hours for an answer.`}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <Link
                  to={item.to}
                  data-todo={item.key}
                  className="flex items-center gap-3 rounded-lg border border-warning-border bg-warning-surface p-3 text-warning-text transition hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">{item.text}</span>
                    <span className="text-sm">{item.action}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** This week's new orders, paid revenue and subscribers against last week's. */
export function WeekSummary({ week }: { week: WeekComparison | null }) {
  const dots = "...";
  const rows: [label: string, icon: typeof ShoppingBagIcon, thisWeek: string, lastWeek: string][] =
    [
      [
        "New orders",
        ShoppingBagIcon,
        week ? String(week.newOrders.thisWeek) : dots,
        week ? String(week.newOrders.lastWeek) : dots,
      ],
      [
        "Paid revenue",
        TrendingUpIcon,
        week ? formatZar(week.paidRevenueCents.thisWeek) : dots,
        week ? formatZar(week.paidRevenueCents.lastWeek) : dots,
      ],
      [
        "New subscribers",
        MailIcon,
        week ? String(week.subscribers.thisWeek) : dots,
        week ? String(week.subscribers.lastWeek) : dots,
      ],
    ];
  return (
    <section
      aria-labelledby="week-heading"
      aria-busy={week ? undefined : true}
      className="rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
    >
      <h2 id="week-heading" className="text-lg font-semibold">
        This week
      </h2>
      <p className="text-sm text-muted-foreground">
        Since Monday, against all of last week (South African time).
      </p>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">This week against last week</caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              This week
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Last week
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, Icon, thisWeek, lastWeek]) => (
            <tr key={label} className="border-b border-border last:border-0">
              <th scope="row" className="py-2.5 pr-2 text-left font-medium">
                <span className="flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  {label}
                </span>
              </th>
              <td className="px-2 py-2.5 text-right text-base font-bold tabular-nums">
                {thisWeek}
              </td>
              <td className="py-2.5 pl-2 text-right tabular-nums text-muted-foreground">
                {lastWeek}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
