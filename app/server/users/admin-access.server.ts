import { asc, eq, ilike, sql } from "drizzle-orm";
import { adminUsers, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { likePattern } from "../db/search.server.ts";

/*
 * Admin access per user (spec §4, §7 "Admin access"): grant inserts the admin_users row,
 * revoke deletes it, each re-read to confirm. Unlike the original, the last admin can never be
 * revoked, so the shop cannot lock itself out.
 */

export interface UserListItem {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
}

/** At most this many users are listed at once; a search by e-mail finds the others. */
export const USER_LIST_LIMIT = 500;

export interface UserList {
  users: UserListItem[];
  /** True when more users match than were listed (the page says so). */
  truncated: boolean;
}

/**
 * Users with their role, ordered by e-mail; `search` matches the e-mail case-insensitively.
 * At most `limit` (default USER_LIST_LIMIT; null for all, as the CLI lists them).
 */
export async function listUsers(
  db: Database,
  options: { search?: string; limit?: number | null } = {},
): Promise<UserList> {
  const term = options.search?.trim();
  const limit = options.limit === undefined ? USER_LIST_LIMIT : options.limit;
  const query = db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      adminId: adminUsers.id,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.id, users.id))
    .where(term ? ilike(users.email, likePattern(term)) : undefined)
    .orderBy(asc(sql`lower(${users.email})`), asc(users.id));
  // One row more than shown tells whether the list was cut.
  const rows = limit === null ? await query : await query.limit(limit + 1);
  const shown = limit === null ? rows : rows.slice(0, limit);
  return {
    users: shown.map(({ adminId, ...row }) => ({ ...row, isAdmin: adminId !== null })),
    truncated: shown.length < rows.length,
  };
}

/** Whether any account is an admin: without one, nobody can use the back office. */
export async function hasAnAdmin(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return Boolean(row);
}

export type AccessChange =
  | { ok: true }
  | { ok: false; reason: "not-found" | "last-admin" | "not-changed" | "still-exists" };

async function userExists(db: Database, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

async function adminRecordExists(db: Database, userId: string) {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return Boolean(row);
}

/** The audit record of an access change: who changed whose access (issue 9). */
async function auditAccess(
  tx: Database,
  actor: AuditActor,
  verb: "grant" | "revoke",
  userId: string,
) {
  const [target] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await recordAudit(tx, actor, {
    action: `user.${verb}-admin`,
    entity: "user",
    entityId: userId,
    details: { email: target?.email },
  });
}

export async function grantAdmin(
  db: Database,
  userId: string,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AccessChange> {
  return db.transaction(async (tx) => {
    if (!(await userExists(tx, userId))) return { ok: false, reason: "not-found" };
    await tx.insert(adminUsers).values({ id: userId }).onConflictDoNothing();
    // Spec §4: re-read, and fail if the result did not change.
    if (!(await adminRecordExists(tx, userId))) return { ok: false, reason: "not-changed" };
    await auditAccess(tx, actor, "grant", userId);
    return { ok: true };
  });
}

export async function revokeAdmin(
  db: Database,
  userId: string,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AccessChange> {
  return db.transaction(async (tx) => {
    if (!(await userExists(tx, userId))) return { ok: false, reason: "not-found" };
    // Lock every admin row: two revokes at once are serialised, so they cannot both pass the
    // last-admin check and leave nobody.
    const admins = await tx.select({ id: adminUsers.id }).from(adminUsers).for("update");
    const isAdminNow = admins.some((a) => a.id === userId);
    if (isAdminNow && admins.length <= 1) return { ok: false, reason: "last-admin" };
    await tx.delete(adminUsers).where(eq(adminUsers.id, userId));
    if (await adminRecordExists(tx, userId)) return { ok: false, reason: "still-exists" };
    await auditAccess(tx, actor, "revoke", userId);
    return { ok: true };
  });
}

/** The notice for a failed change (spec §8 "Admin toggle errors"). */
export function accessChangeError(intent: "grant" | "revoke", reason: string): string {
  switch (reason) {
    case "last-admin":
      return "You cannot revoke the last admin. Grant admin access to another user first, so someone can always manage the shop.";
    case "still-exists":
      return "Failed to revoke admin access - record still exists";
    case "not-changed":
      return intent === "grant" ? "Failed to grant admin access" : "Failed to revoke admin access";
    default:
      return "Failed to update admin status.";
  }
}
