import { and, asc, desc, eq, ilike, isNotNull, isNull, sql } from "drizzle-orm";
import { adminUsers, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { likePattern } from "../db/search.server.ts";
import { usersWithTwoStepSignIn } from "./two-step.server.ts";

/*
 * Admin access per user (docs/product.md §5.6): grant inserts the admin_users row,
 * revoke deletes it, each re-read to confirm. Unlike the original, the last admin can never be
 * revoked, so the shop cannot lock itself out.
 */

export interface UserListItem {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
  /** When it asked for access on the public Create Account tab, while no admin decided. */
  awaitingApprovalSince: Date | null;
  /** Signing in asks for a second step (docs/product.md §3.15, hasTwoStepSignIn). */
  twoStep: boolean;
}

/** At most this many users are listed at once; a search by e-mail finds the others. */
export const USER_LIST_LIMIT = 500;

export interface UserList {
  users: UserListItem[];
  /** True when more users match than were listed (the page says so). */
  truncated: boolean;
}

/** An account that asked for access on the public tab and no admin has decided on yet. */
const awaitingApproval = and(isNotNull(users.accessRequestedAt), isNull(adminUsers.id));

/**
 * Users with their role: those awaiting approval first (oldest request first), then by
 * e-mail; `search` matches the e-mail case-insensitively, `awaitingOnly` keeps those awaiting
 * approval. At most `limit` (default USER_LIST_LIMIT; null for all, as the CLI lists them).
 */
export async function listUsers(
  db: Database,
  options: { search?: string; limit?: number | null; awaitingOnly?: boolean } = {},
): Promise<UserList> {
  const term = options.search?.trim();
  const limit = options.limit === undefined ? USER_LIST_LIMIT : options.limit;
  const query = db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      accessRequestedAt: users.accessRequestedAt,
      adminId: adminUsers.id,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.id, users.id))
    .where(
      and(
        term ? ilike(users.email, likePattern(term)) : undefined,
        options.awaitingOnly ? awaitingApproval : undefined,
      ),
    )
    .orderBy(
      desc(sql`(${awaitingApproval})`),
      asc(users.accessRequestedAt),
      asc(sql`lower(${users.email})`),
      asc(users.id),
    );
  // One row more than shown tells whether the list was cut.
  const rows = limit === null ? await query : await query.limit(limit + 1);
  const shown = limit === null ? rows : rows.slice(0, limit);
  const withTwoStep = await usersWithTwoStepSignIn(
    db,
    shown.map((row) => row.id),
  );
  return {
    users: shown.map(({ adminId, accessRequestedAt, ...row }) => ({
      ...row,
      isAdmin: adminId !== null,
      awaitingApprovalSince: adminId === null ? accessRequestedAt : null,
      twoStep: withTwoStep.has(row.id),
    })),
    truncated: shown.length < rows.length,
  };
}

/** How many accounts await an admin's decision on their access (the dashboard's to-do). */
export async function countAwaitingApproval(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.id, users.id))
    .where(awaitingApproval);
  return Number(row?.n ?? 0);
}

/** Whether any account is an admin: without one, nobody can use the back office. */
export async function hasAnAdmin(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return Boolean(row);
}

export type AccessChange =
  | { ok: true }
  | {
      ok: false;
      reason: "not-found" | "last-admin" | "not-changed" | "still-exists" | "not-awaiting";
    };

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

/** The audit record of an access change: who changed whose access (decision 010). */
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
    // docs/product.md §5.6: re-read, and fail if the result did not change.
    if (!(await adminRecordExists(tx, userId))) return { ok: false, reason: "not-changed" };
    // Its request for access, if it made one, is answered.
    await tx.update(users).set({ accessRequestedAt: null }).where(eq(users.id, userId));
    await auditAccess(tx, actor, "grant", userId);
    return { ok: true };
  });
}

/**
 * Dismisses an account's request for access: the account is deleted (its sessions with it),
 * in the audit log with its e-mail. Only an account awaiting approval can be dismissed; an
 * admin's access is revoked instead.
 */
export async function dismissAccessRequest(
  db: Database,
  userId: string,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AccessChange> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ email: users.email, awaiting: sql<boolean>`(${awaitingApproval})` })
      .from(users)
      .leftJoin(adminUsers, eq(adminUsers.id, users.id))
      .where(eq(users.id, userId))
      .for("update", { of: users });
    if (!target) return { ok: false, reason: "not-found" };
    if (!target.awaiting) return { ok: false, reason: "not-awaiting" };
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "user.dismiss-request",
      entity: "user",
      entityId: userId,
      details: { email: target.email },
    });
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

/** The notice for a failed change (docs/product.md §8.3 "Users"). */
export function accessChangeError(intent: "grant" | "revoke" | "dismiss", reason: string): string {
  switch (reason) {
    case "not-awaiting":
      return "Only a request for access can be dismissed: revoke an admin's access instead.";
    case "last-admin":
      return "You cannot revoke the last admin. Grant admin access to another user first, so someone can always manage the shop.";
    case "still-exists":
      return "Failed to revoke admin access - record still exists";
    case "not-changed":
      return intent === "grant" ? "Failed to grant admin access" : "Failed to revoke admin access";
    case "not-found":
      return intent === "dismiss"
        ? "That account no longer exists."
        : "Failed to update admin status.";
    default:
      return "Failed to update admin status.";
  }
}
