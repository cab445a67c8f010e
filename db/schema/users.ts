import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns.ts";

/** Accounts that can sign in to the admin portal (docs/product.md §3.12, §4). */
export const users = pgTable(
  "users",
  {
    id: idColumn(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /**
     * When the account asked for admin access (the public Create Account tab); null for
     * accounts an operator made, and once an admin granted it. Until then User Access marks it
     * "awaiting approval" and the dashboard's to-do counts it.
     */
    accessRequestedAt: timestamp("access_requested_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail is unique regardless of case: "Admin@x.co" and "admin@x.co" are one account.
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    // User Access searches e-mail addresses as case-insensitive substrings.
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    check("users_email_not_blank", sql`btrim(${t.email}) <> ''`),
  ],
);

/**
 * Database-backed sessions. `id` is the SHA-256 of the cookie token, so a leaked table
 * cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * The browser's User-Agent and client address at sign-in, shown on the account page's
     * "Where you are signed in" (docs/product.md §3.13); null for sessions made before.
     */
    userAgent: text("user_agent"),
    clientAddress: text("client_address"),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** Membership means admin (docs/product.md §4, §7): the id equals the user's id. */
export const adminUsers = pgTable("admin_users", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * "Forgot password?" links (docs/product.md §3.14): single use, valid 30 minutes. Only the
 * SHA-256 of the link's random token is stored, so a copy of the table opens no account.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_unique").on(t.tokenHash),
    index("password_resets_user_id_idx").on(t.userId),
  ],
);
