import { and, desc, eq, gte, ilike, lt, type SQL, sql } from "drizzle-orm";
import { auditLog } from "#db/schema/index.ts";
import type { Database } from "../db/client.server.ts";
import { likePattern } from "../db/search.server.ts";

/*
 * The audit log (issue 9): every admin action that changes data is recorded with who, what
 * and when. Call `recordAudit` with the same transaction as the change itself, so a change
 * and its record commit (or roll back) together.
 */

/** Who did it: the signed-in admin (a SessionUser fits), or a CLI/system actor. */
export interface AuditActor {
  userId: string | null;
  email: string;
}

/** The CLI and start-up tasks act as "system" (no user row). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, email: "system" };

export interface AuditEntry {
  /** What happened, as `<entity>.<verb>`, e.g. "product.create", "order.status". */
  action: string;
  /** The kind of thing changed: "product", "category", "order", "subscriber", … */
  entity: string;
  entityId?: string | null;
  /** A few fields that say what changed (never a password or a whole record). */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}

/**
 * POPIA erasure: replaces the details of every record about one thing with `details`, so that
 * nothing an earlier record copied from it (a free-text subject, say) outlives its erasure.
 * Who did what and when stays.
 */
export async function scrubAuditDetails(
  db: Database,
  target: { entity: string; entityId: string; details: Record<string, unknown> },
) {
  await db
    .update(auditLog)
    .set({ details: target.details })
    .where(
      and(
        eq(auditLog.entity, target.entity),
        eq(auditLog.entityId, target.entityId),
        sql`${auditLog.details} <> '{}'::jsonb`,
      ),
    );
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditListItem {
  id: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditQuery {
  /** Part of the actor's e-mail, case-insensitive. */
  actor?: string | null;
  /** Calendar days in Johannesburg time, inclusive, as YYYY-MM-DD. */
  from?: string | null;
  to?: string | null;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day that exists in the calendar, or null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** The audit log, newest first, filtered by actor and a day range (issue 9). */
export async function listAuditEntries(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: AuditListItem[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(ilike(auditLog.actorEmail, likePattern(query.actor)));
  const from = parseDay(query.from);
  const to = parseDay(query.to);
  if (from) {
    conditions.push(
      gte(auditLog.createdAt, sql`(${from}::date)::timestamp at time zone 'Africa/Johannesburg'`),
    );
  }
  if (to) {
    conditions.push(
      lt(
        auditLog.createdAt,
        sql`((${to}::date + 1)::timestamp) at time zone 'Africa/Johannesburg'`,
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const total = await db.$count(auditLog, where);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1) || 1), pageCount);
  const entries = await db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries, total, page, pageCount };
}
