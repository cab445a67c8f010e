import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Row counts the admin shows on every request, kept exact by statement triggers (migration
 * 0011_admin_counts_at_scale), so 'Total Subscribers: n', the quote requests' "n open of m"
 * and the dashboard's cards are one small read at any size instead of a count over the
 * table (decision 009). Orders have their own, per status and payment state
 * (order_status_counts) and per day (order_day_counts).
 */
export const rowCounts = pgTable("row_counts", {
  name: text("name").primaryKey(),
  count: bigint("count", { mode: "number" }).notNull().default(0),
});

/** The counters' names. */
export const ROW_COUNT = {
  subscribers: "newsletter_subscribers",
  openRequests: "contact_requests.open",
  resolvedRequests: "contact_requests.resolved",
} as const;
