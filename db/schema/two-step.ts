import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns.ts";
import { users } from "./users.ts";

/*
 * Two-step sign-in (docs/product.md §3.15, decision 035). The TOTP secret and the recovery
 * codes' hashes are durable (a backup carries them); pending sign-ins are not.
 */

/**
 * An account's authenticator app (RFC 6238). `secret` is encrypted with a key derived from
 * SESSION_SECRET (decision 035), never sent to a browser once confirmed. Unconfirmed
 * (`confirmed_at` null) while the owner is setting it up; it counts only once confirmed.
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  /** The last 30-second time step a code was accepted for: a code is never taken twice. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes: only each code's SHA-256 is stored (decision 035). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("recovery_codes_code_hash_unique").on(t.codeHash),
    index("recovery_codes_user_id_idx").on(t.userId),
  ],
);

/**
 * A sign-in whose password was right and whose code is still to come: no session yet. `id`
 * is the SHA-256 of the random token in the HttpOnly `en_two_step` cookie; valid 10 minutes.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectTo: text("redirect_to").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("pending_sign_ins_expires_at_idx").on(t.expiresAt)],
);
