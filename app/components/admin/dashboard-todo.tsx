import {
  BanknoteIcon,
  CircleCheckIcon,
  MailIcon,
  MessageSquareQuoteIcon,
  PhoneCallIcon,
  ShieldAlertIcon,
  ShoppingBagIcon,
  TrendingUpIcon,
  UserPlusIcon,
} from "lucide-react";
import { Link } from "react-router";
import { formatZar } from "#app/lib/admin-money.ts";
import type { WeekComparison } from "#app/lib/dashboard-todo.ts";
import { type DashboardTodo, hasAnythingToDo } from "#app/lib/dashboard-todo.ts";
import { OPEN_QUOTE_OVERDUE_HOURS, OVERDUE_PAYMENT_TEXT } from "#app/lib/payment-status.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * The dashboard as a to-do list, above the four cards of docs/product.md §3.3: everything that waits for the
 * owner now (orders to call, payments to check, requests to answer, held submissions,
 * accounts asking for access), the overdue ones first and marked, each a link to the list
 * filtered to exactly those; then this week against last week. "Nothing to do" only when
 * nothing waits: a new order waiting for its first call is work, overdue or not.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface TodoItem {
  key: string;
  count: number;
  overdue: boolean;
  icon: typeof PhoneCallIcon;
  text: string;
  action: string;
  to: string;
}

/** The items with something in them, overdue ones first (each list keeps this order). */
export function todoItems(todo: DashboardTodo): TodoItem[] {
  const { awaitingContact, arrangedUnpaid, openQuoteRequests } = todo;
  const notYet = (count: { waiting: number; overdue: number }) => count.waiting - count.overdue;
  const buyers = (n: number) => (n === 1 ? "the buyer" : "the buyers");
  const items: TodoItem[] = [
    {
      key: "awaiting-contact",
      count: awaitingContact.overdue,
      overdue: true,
      icon: PhoneCallIcon,
      text: `${plural(awaitingContact.overdue, "order", "orders")} ${OVERDUE_PAYMENT_TEXT.awaiting_contact}`,
      action: `Call or e-mail ${buyers(awaitingContact.overdue)}`,
      to: "/admin/orders?payment=awaiting_contact&overdue=1",
    },
    {
      key: "arranged-unpaid",
      count: arrangedUnpaid.overdue,
      overdue: true,
      icon: BanknoteIcon,
      text: `${plural(arrangedUnpaid.overdue, "order", "orders")} ${OVERDUE_PAYMENT_TEXT.arranged}`,
      action:
        arrangedUnpaid.overdue === 1
          ? "Check for the payment or remind the buyer"
          : "Check for the payments or remind the buyers",
      to: "/admin/orders?payment=arranged&overdue=1",
    },
    {
      key: "open-quotes",
      count: openQuoteRequests.overdue,
      overdue: true,
      icon: MessageSquareQuoteIcon,
      text: `${plural(openQuoteRequests.overdue, "open quote request", "open quote requests")} older than ${OPEN_QUOTE_OVERDUE_HOURS} hours`,
      action: "Reply or mark them resolved",
      to: "/admin/quote-requests",
    },
    {
      key: "new-orders",
      count: notYet(awaitingContact),
      overdue: false,
      icon: PhoneCallIcon,
      text: `${plural(notYet(awaitingContact), "new order", "new orders")} awaiting contact`,
      action: `Call or e-mail ${buyers(notYet(awaitingContact))} to arrange payment and delivery`,
      to: "/admin/orders?payment=awaiting_contact",
    },
    {
      key: "payments-arranged",
      count: notYet(arrangedUnpaid),
      overdue: false,
      icon: BanknoteIcon,
      text: `${plural(notYet(arrangedUnpaid), "payment", "payments")} arranged, not yet received`,
      action: "Record each payment when it arrives",
      to: "/admin/orders?payment=arranged",
    },
    {
      key: "quotes-waiting",
      count: notYet(openQuoteRequests),
      overdue: false,
      icon: MessageSquareQuoteIcon,
      text: `${plural(notYet(openQuoteRequests), "open quote request", "open quote requests")} waiting for an answer`,
      action: "Reply or mark them resolved",
      to: "/admin/quote-requests",
    },
    {
      key: "held",
      count: todo.heldSubmissions,
      overdue: false,
      icon: ShieldAlertIcon,
      text: `${plural(todo.heldSubmissions, "submission", "submissions")} held as possible spam`,
      action: "Release the genuine ones, delete the rest",
      to: "/admin/held",
    },
    {
      key: "accounts",
      count: todo.accountsAwaitingApproval,
      overdue: false,
      icon: UserPlusIcon,
      text: `${plural(todo.accountsAwaitingApproval, "account", "accounts")} awaiting approval`,
      action: "Grant admin access or dismiss the request",
      to: "/admin/users?awaiting=1",
    },
  ];
  return items.filter((item) => item.count > 0);
}

export function TodoList({ todo }: { todo: DashboardTodo | null }) {
  const items = todo ? todoItems(todo) : null;
  return (
    <section
      aria-labelledby="todo-heading"
      aria-busy={todo ? undefined : true}
      className="rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
    >
      <h2 id="todo-heading" className="text-lg font-semibold">
        To do
      </h2>
      {items === null || !todo ? (
        <p className="mt-3 text-sm text-muted-foreground">...</p>
      ) : !hasAnythingToDo(todo) ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-success-text">
          <CircleCheckIcon className="size-5 shrink-0" aria-hidden="true" />
          Nothing to do: no order, payment, quote request, held submission or account is waiting.
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
                  data-overdue={item.overdue || undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-lg border p-3 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    item.overdue
                      ? "border-warning-border bg-warning-surface text-warning-text"
                      : "border-border bg-background text-foreground",
                  )}
                >
                  <Icon
                    className={cn("size-5 shrink-0", !item.overdue && "text-primary")}
                    aria-hidden="true"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">
                      {item.overdue ? (
                        <span className="mr-2 inline-block rounded bg-warning-text px-1.5 py-0.5 align-middle text-xs font-bold uppercase tracking-wide text-warning-surface">
                          Overdue
                        </span>
                      ) : null}
                      {item.text}
                    </span>
                    <span className={cn("text-sm", !item.overdue && "text-muted-foreground")}>
                      {item.action}
                    </span>
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
