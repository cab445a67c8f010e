import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type AuditDetailLine,
  type AuditNames,
  categoryIdsIn,
  describeAuditEntry,
} from "#app/lib/audit-details.ts";
import { auditLog, categories } from "#db/schema/index.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import { likePattern, searchTerm } from "../db/search.server.ts";

/*
 * The audit log (decision 010): every admin action that changes data is recorded with who, what
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

/** What `npm run admin` changes is audited as the CLI's (the operator's shell has no account). */
export const CLI_ACTOR: AuditActor = { userId: null, email: "admin CLI" };

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

/** The list's filters from its URL (the page and its CSV export read the same ones). */
export function parseAuditQuery(params: URLSearchParams): Required<Omit<AuditQuery, "page">> {
  return {
    actor: searchTerm(params.get("actor")),
    from: parseDay(params.get("from")),
    to: parseDay(params.get("to")),
  };
}

function auditConditions(query: AuditQuery): SQL | undefined {
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
  return conditions.length ? and(...conditions) : undefined;
}

/** The audit log, newest first, filtered by actor and a day range. */
export async function listAuditEntries(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: AuditListItem[]; total: number; page: number; pageCount: number }> {
  const where = auditConditions(query);
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

/** A listed entry as the page shows it: its details in words, none of the raw values. */
export type DescribedAuditEntry = Pick<
  AuditListItem,
  "id" | "actorEmail" | "action" | "createdAt"
> & {
  details: AuditDetailLine[];
};

/**
 * The page's entries with their details in words (app/lib/audit-details.ts). The categories
 * they name are looked up in one query, by their current names.
 */
export async function describeAuditEntries(
  db: Database,
  entries: AuditListItem[],
): Promise<DescribedAuditEntry[]> {
  const ids = [...new Set(entries.flatMap((e) => categoryIdsIn(e.details)))]
    .map((id) => id.toLowerCase())
    .filter(isUuid);
  const rows = ids.length
    ? await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, ids))
    : [];
  const names: AuditNames = { categories: new Map(rows.map((row) => [row.id, row.name])) };
  return entries.map((entry) => ({
    id: entry.id,
    actorEmail: entry.actorEmail,
    action: entry.action,
    createdAt: entry.createdAt,
    details: describeAuditEntry(entry, names),
  }));
}

// ---- CSV export ----------------------------------------------------------------------------

/** The raw records: the action as recorded and the details as JSON, for other tools. */
export const AUDIT_EXPORT_HEADER = [
  "When (SAST)",
  "Who",
  "Action",
  "Entity",
  "Entity ID",
  "Details (JSON)",
] as const;

export const AUDIT_EXPORT_BATCH_SIZE = 1000;

function auditExportBatch(
  db: Database,
  where: SQL | undefined,
  after: { at: string; id: string } | null,
  batchSize: number,
) {
  const keyset = after
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: auditLog.id,
      when: sql<string>`to_char(${auditLog.createdAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI:SS')`,
      at: sql<string>`${auditLog.createdAt}::text`,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(where, keyset))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(batchSize);
}

/** The entries matching the filters, newest first, in keyset batches. */
export async function* auditExportBatches(
  db: Database,
  query: AuditQuery,
  batchSize = AUDIT_EXPORT_BATCH_SIZE,
): AsyncGenerator<string[][]> {
  const where = auditConditions(query);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await auditExportBatch(db, where, after, batchSize);
    if (batch.length === 0) return;
    yield batch.map((row) => [
      row.when,
      row.actorEmail ?? "",
      row.action,
      row.entity,
      row.entityId ?? "",
      JSON.stringify(row.details),
    ]);
    if (batch.length < batchSize) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
