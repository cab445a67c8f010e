/*
 * The one order the e2e server starts with that is already overdue (placed 25 hours ago and
 * still awaiting contact), so the dashboard's to-do list has an item to clear (decision 014).
 * Placed by seed-overdue-order.ts before the server starts; only order-workflow.spec.ts
 * touches it.
 */
export const OVERDUE_BUYER = {
  name: "Overdue Buyer Zanele",
  email: "overdue.buyer@example.co.za",
  phone: "082 555 0199",
} as const;
