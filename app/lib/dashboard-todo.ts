/*
 * The dashboard's to-do list: what is waiting for the owner now, and how much of it is
 * overdue (the thresholds are in payment-status.ts). Counted by the server
 * (app/server/dashboard/dashboard.server.ts), shown by app/components/admin/dashboard-todo.tsx.
 */

/** Things waiting, and how many of them have waited past their threshold. */
export interface WaitingCount {
  waiting: number;
  overdue: number;
}

export interface DashboardTodo {
  /** Open orders no one has contacted yet (overdue after 24 hours). */
  awaitingContact: WaitingCount;
  /** Open orders with payment arranged and not received (overdue 7 days after arranging). */
  arrangedUnpaid: WaitingCount;
  /** Quote requests and messages not answered or resolved (overdue after 48 hours). */
  openQuoteRequests: WaitingCount;
  /** Submissions held as possible spam, waiting for an admin to release or delete them. */
  heldSubmissions: number;
  /** Accounts made on the public Create Account tab, awaiting an admin's decision. */
  accountsAwaitingApproval: number;
}

/** Whether anything at all waits (else the list says "Nothing to do"). */
export function hasAnythingToDo(todo: DashboardTodo): boolean {
  return (
    todo.awaitingContact.waiting +
      todo.arrangedUnpaid.waiting +
      todo.openQuoteRequests.waiting +
      todo.heldSubmissions +
      todo.accountsAwaitingApproval >
    0
  );
}

/** Monday to Sunday in Johannesburg; "this week" runs to `now`. */
export interface WeekComparison {
  /** "YYYY-MM-DD", this week's Monday. */
  weekStart: string;
  newOrders: { thisWeek: number; lastWeek: number };
  /** Payments recorded with a date in the week, integer cents. */
  paidRevenueCents: { thisWeek: number; lastWeek: number };
  subscribers: { thisWeek: number; lastWeek: number };
}
