import { and, eq, ne, sql } from "drizzle-orm";
import { adminUsers, sessions, users } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return user;
}

/**
 * Makes sure the account exists with this password and is an admin (ADMIN_EMAIL +
 * ADMIN_PASSWORD at start, and the admin CLI). One transaction: never a user without its role.
 * A password that differs from the stored one is a change, and ends the user's sessions; the
 * same password again (every restart) changes nothing, so nobody is signed out.
 */
export async function ensureAdminAccount(db: Database, email: string, password: string) {
  // Argon2 work outside the transaction: it holds no locks while hashing.
  const before = await findUserByEmail(db, email);
  const samePassword = before ? await verifyPassword(before.passwordHash, password) : false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const current = await findUserByEmail(tx, email);
    let userId: string;
    let passwordChanged = false;
    if (current) {
      userId = current.id;
      // Unchanged only if the hash just checked is still the stored one.
      if (!samePassword || current.passwordHash !== before?.passwordHash) {
        await replacePassword(tx, userId, passwordHash);
        passwordChanged = true;
      }
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email: normalizeEmail(email), passwordHash })
        .returning({ id: users.id });
      userId = created!.id;
    }
    await tx.insert(adminUsers).values({ id: userId }).onConflictDoNothing();
    // An admin now: any request for access it made is answered.
    await tx.update(users).set({ accessRequestedAt: null }).where(eq(users.id, userId));
    return { id: userId, created: !current, passwordChanged };
  });
}

/**
 * Sets a user's password and ends their sessions: whoever held one with the old
 * password is signed out. `keepSessionId` spares the session of a user who changes their own
 * password. Pass a transaction to make it part of a larger change.
 */
export async function changePassword(
  db: Database,
  userId: string,
  password: string,
  options: { keepSessionId?: string } = {},
) {
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) => replacePassword(tx, userId, passwordHash, options.keepSessionId));
}

/**
 * Stores a new password hash and ends the user's sessions, except `keepSessionId` (the
 * session of a user who changes their own password). Call it inside the change's transaction.
 */
export async function replacePassword(
  tx: Database,
  userId: string,
  passwordHash: string,
  keepSessionId?: string,
) {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

let timingHash: Promise<string> | undefined;

export type AuthenticationResult =
  | { ok: true; userId: string; email: string; isAdmin: boolean }
  | { ok: false };

/**
 * Checks an e-mail and password. An unknown e-mail costs the same argon2 work as a wrong
 * password, so neither the answer nor its timing tells whether the account exists.
 */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<AuthenticationResult> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    timingHash ??= hashPassword("timing-equaliser-not-a-password");
    await verifyPassword(await timingHash, password);
    return { ok: false };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false };
  return { ok: true, userId: user.id, email: user.email, isAdmin: await isAdmin(db, user.id) };
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * Create Account (docs/product.md §5.3): a regular user with no access. An e-mail that already has an
 * account is left untouched and reported as `created: false`; the page answers both the same
 * way, so sign-up cannot be used to find out who has an account. An account made on the
 * public tab asks for access (`requestsAccessAt`): User Access marks it "awaiting approval"
 * and the dashboard's to-do counts it until an admin grants or dismisses it. One an operator
 * makes with the CLI asks for nothing.
 */
export async function registerUser(
  db: Database,
  email: string,
  password: string,
  options: { requestsAccessAt?: Date } = {},
): Promise<{ created: boolean; id?: string }> {
  // Hashed first, whether or not the account exists: both answers cost the same argon2 work,
  // so the time taken does not tell either (it took 6–9 ms against 20–35 ms).
  const passwordHash = await hashPassword(password);
  if (await findUserByEmail(db, email)) return { created: false };
  try {
    const [created] = await db
      .insert(users)
      .values({
        email: normalizeEmail(email),
        passwordHash,
        accessRequestedAt: options.requestsAccessAt ?? null,
      })
      .returning({ id: users.id });
    return { created: true, id: created!.id };
  } catch (error) {
    // Two sign-ups for one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
}
