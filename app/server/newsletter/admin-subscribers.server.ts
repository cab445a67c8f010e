import { type AnyColumn, and, eq, sql } from "drizzle-orm";
import type { SubscriberListQuery } from "#app/lib/admin-list-queries.ts";
import { pageCount } from "#app/lib/pagination.ts";
import {
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUS_VALUES,
  type SubscriberListPage,
  type SubscriberStatus,
} from "#app/lib/subscribers.ts";

export type { SubscriberListPage, SubscriberRow } from "#app/lib/subscribers.ts";

import { newsletterSubscribers, ROW_COUNT } from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import { readRowCount } from "../db/row-counts.server.ts";
import { likePattern } from "../db/search.server.ts";
import { forgetMessagesAbout } from "../notifications/admin.server.ts";
import { NEWSLETTER_MESSAGE_KINDS } from "./subscribers.server.ts";

/*
 * Newsletter subscribers in the admin (docs/product.md §3.10 /admin/subscribers, §9): newest first, an
 * e-mail search and pages, all in the database; removal deletes the row (POPIA: nothing of
 * the address is kept but a masked form in the audit log).
 */

export const SUBSCRIBERS_PAGE_SIZE = 20;

/** The list's state from the URL, read the same way by the page in the browser. */
export {
  parseSubscriberListQuery,
  type SubscriberListQuery,
} from "#app/lib/admin-list-queries.ts";

/** Newest first; NULLS LAST as in newsletter_subscribers_created_at_idx, so it serves. */
export const SUBSCRIBERS_NEWEST_FIRST = [
  sql`${newsletterSubscribers.createdAt} desc nulls last`,
  sql`${newsletterSubscribers.id} desc nulls last`,
];

/**
 * The e-mail contains the term, in any case: the stored lower-case address LIKE the
 * lower-cased pattern, which is what ILIKE does (decision 009: without lower-casing each row).
 */
export function subscriberSearchCondition(q: string | null) {
  return q ? sql`${newsletterSubscribers.emailLower} like lower(${likePattern(q)})` : undefined;
}

/** How many addresses matching the search are in each state (one grouped count). */
async function countByState(db: Database, q: string | null) {
  const rows = await db
    .select({ status: newsletterSubscribers.status, count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(subscriberSearchCondition(q))
    .groupBy(newsletterSubscribers.status);
  const counts = Object.fromEntries(SUBSCRIBER_STATUS_VALUES.map((s) => [s, 0])) as Record<
    SubscriberStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export async function listSubscribers(
  db: Database,
  query: SubscriberListQuery,
): Promise<SubscriberListPage> {
  const where = and(
    subscriberSearchCondition(query.q),
    query.state ? eq(newsletterSubscribers.status, query.state) : undefined,
  );
  // From the counter its triggers keep (decision 009): a count over 100,000 subscribers took
  // 7-50 ms on every page.
  const allTotal = await readRowCount(db, ROW_COUNT.subscribers);
  const stateCounts = await countByState(db, query.q);
  const total = query.state
    ? stateCounts[query.state]
    : query.q
      ? Object.values(stateCounts).reduce((sum, n) => sum + n, 0)
      : allTotal;
  const pages = pageCount(total, SUBSCRIBERS_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const subscribers = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      createdAt: newsletterSubscribers.createdAt,
      status: newsletterSubscribers.status,
      statusChangedAt: newsletterSubscribers.statusChangedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentSource: newsletterSubscribers.consentSource,
      consentText: newsletterSubscribers.consentText,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(...SUBSCRIBERS_NEWEST_FIRST)
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE);
  return {
    subscribers,
    allTotal,
    total,
    stateCounts,
    page,
    pageCount: pages,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  };
}

/** "thandi@example.co.za" → "t***@example.co.za": enough to recognise, not to contact. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export type RemoveSubscriberResult =
  | { ok: true; email: string }
  | { ok: false; reason: "not-found" };

/** Deletes the subscription (docs/product.md §3.10: removing a subscriber). */
export async function removeSubscriber(
  db: Database,
  actor: AuditActor,
  subscriberId: string,
): Promise<RemoveSubscriberResult> {
  if (!isUuid(subscriberId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId))
      .returning({
        email: newsletterSubscribers.email,
        source: newsletterSubscribers.consentSource,
      });
    if (!removed) return { ok: false as const, reason: "not-found" as const };
    await forgetMessagesAbout(tx, removed.email, NEWSLETTER_MESSAGE_KINDS);
    await recordAudit(tx, actor, {
      action: "subscriber.remove",
      entity: "subscriber",
      entityId: subscriberId,
      details: { email: maskEmail(removed.email), source: removed.source },
    });
    return { ok: true as const, email: removed.email };
  });
}

// ---- CSV export ----------------------------------------------------------------------------

export const SUBSCRIBER_EXPORT_HEADER = [
  "Email",
  "Subscription Date (SAST)",
  "Source",
  "State",
  "Confirmed (SAST)",
] as const;

const SAST_TIME = (column: AnyColumn) =>
  sql<
    string | null
  >`to_char(${column} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI:SS')`;

export const SUBSCRIBER_EXPORT_BATCH_SIZE = 1000;

/** What the export keeps of the list's state: the search and the state filter. */
export type SubscriberExportQuery = Pick<SubscriberListQuery, "q" | "state">;

function subscriberExportBatch(
  db: Database,
  { q, state }: SubscriberExportQuery,
  after: { at: string; id: string } | null,
  batchSize: number,
) {
  const keyset = after
    ? sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      source: newsletterSubscribers.consentSource,
      subscribed: SAST_TIME(newsletterSubscribers.createdAt),
      status: newsletterSubscribers.status,
      confirmed: SAST_TIME(newsletterSubscribers.confirmedAt),
      at: sql<string>`${newsletterSubscribers.createdAt}::text`,
    })
    .from(newsletterSubscribers)
    .where(
      and(
        subscriberSearchCondition(q),
        state ? eq(newsletterSubscribers.status, state) : undefined,
        keyset,
      ),
    )
    .orderBy(...SUBSCRIBERS_NEWEST_FIRST)
    .limit(batchSize);
}

/** The subscribers matching the search and state, newest first, in keyset batches. */
export async function* subscriberExportBatches(
  db: Database,
  query: SubscriberExportQuery,
  batchSize = SUBSCRIBER_EXPORT_BATCH_SIZE,
): AsyncGenerator<string[][]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await subscriberExportBatch(db, query, after, batchSize);
    if (batch.length === 0) return;
    yield batch.map((row) => [
      row.email,
      row.subscribed ?? "",
      row.source,
      SUBSCRIBER_STATUS_LABELS[row.status],
      row.confirmed ?? "",
    ]);
    if (batch.length < batchSize) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
