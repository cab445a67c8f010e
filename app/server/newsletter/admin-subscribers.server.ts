import { and, eq, sql } from "drizzle-orm";
import type { SubscriberListQuery } from "#app/lib/admin-list-queries.ts";
import { pageCount } from "#app/lib/pagination.ts";
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

export interface SubscriberRow {
  id: string;
  email: string;
  createdAt: Date;
}

export interface SubscriberListPage {
  subscribers: SubscriberRow[];
  /** Every subscriber (docs/product.md §3.10 'Total Subscribers: n'), whatever the search. */
  allTotal: number;
  /** Subscribers matching the search, on all pages. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

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

export async function listSubscribers(
  db: Database,
  query: SubscriberListQuery,
): Promise<SubscriberListPage> {
  const where = subscriberSearchCondition(query.q);
  // From the counter its triggers keep (decision 009): a count over 100,000 subscribers took
  // 7-50 ms on every page.
  const allTotal = await readRowCount(db, ROW_COUNT.subscribers);
  const total = query.q ? await db.$count(newsletterSubscribers, where) : allTotal;
  const pages = pageCount(total, SUBSCRIBERS_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const subscribers = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      createdAt: newsletterSubscribers.createdAt,
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

export const SUBSCRIBER_EXPORT_HEADER = ["Email", "Subscription Date (SAST)", "Source"] as const;

export const SUBSCRIBER_EXPORT_BATCH_SIZE = 1000;

function subscriberExportBatch(
  db: Database,
  q: string | null,
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
      subscribed: sql<string>`to_char(${newsletterSubscribers.createdAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD HH24:MI:SS')`,
      at: sql<string>`${newsletterSubscribers.createdAt}::text`,
    })
    .from(newsletterSubscribers)
    .where(and(subscriberSearchCondition(q), keyset))
    .orderBy(...SUBSCRIBERS_NEWEST_FIRST)
    .limit(batchSize);
}

/** The subscribers matching the search, newest first, in keyset batches. */
export async function* subscriberExportBatches(
  db: Database,
  q: string | null,
  batchSize = SUBSCRIBER_EXPORT_BATCH_SIZE,
): AsyncGenerator<string[][]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch = await subscriberExportBatch(db, q, after, batchSize);
    if (batch.length === 0) return;
    yield batch.map((row) => [row.email, row.subscribed, row.source]);
    if (batch.length < batchSize) return;
    const last = batch.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
