import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every app process on PostgreSQL (decision 010); one process on
 * PGlite keeps them in memory instead. The column names are the ones rate-limiter-flexible's
 * Drizzle store expects: key, points, expire.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
