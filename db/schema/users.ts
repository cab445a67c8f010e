import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * An admin's passkeys (WebAuthn credentials, docs/product.md §3.13, decision 036): the
 * credential's id and COSE public key (base64url), the authenticator's signature counter (0
 * for authenticators that keep none), the transports the browser reported, and a name the
 * owner chose. Durable data: a backup carries it like the accounts.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_unique").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId),
    check("passkeys_counter_not_negative", sql`${t.counter} >= 0`),
  ],
);

/**
 * WebAuthn challenges waiting for their answer (decision 036): single use (deleted when
 * answered), a few minutes long. A registration's is bound to the admin's session; a
 * sign-in's to the SHA-256 of a random token in an HttpOnly cookie.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: idColumn(),
    purpose: text("purpose").notNull(),
    challenge: text("challenge").notNull(),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("passkey_challenges_token_hash_unique").on(t.tokenHash),
    index("passkey_challenges_session_id_idx").on(t.sessionId),
    index("passkey_challenges_expires_at_idx").on(t.expiresAt),
    check(
      "passkey_challenges_bound",
      sql`(${t.purpose} = 'register' and ${t.sessionId} is not null) or (${t.purpose} = 'sign-in' and ${t.tokenHash} is not null)`,
    ),
  ],
);
