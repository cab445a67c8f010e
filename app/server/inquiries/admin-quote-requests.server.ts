import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { QuoteRequestListQuery } from "#app/lib/admin-list-queries.ts";
import { pageCount } from "#app/lib/pagination.ts";
import type { QuoteRequestDetail, QuoteRequestListPage } from "#app/lib/quote-requests.ts";
import { isQuoteService, messagePreview, serviceDisplayLabel } from "#app/lib/quote-requests.ts";
import { SERVICE_OPTIONS } from "#app/lib/validation/inquiries.ts";
import { REPLY_MAX_LENGTH } from "#app/lib/validation/quote-requests.ts";
import { contactRequestSearchText, contactRequests, ROW_COUNT, users } from "#db/schema/index.ts";
import { type AuditActor, recordAudit, scrubAuditDetails } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import { readRowCount } from "../db/row-counts.server.ts";
import { likePattern } from "../db/search.server.ts";
import { forgetMessagesAbout } from "../notifications/admin.server.ts";
import type { MailEnv } from "../notifications/messages.server.ts";
import { quoteReplyMessage } from "../notifications/messages.server.ts";
import { queueMessages } from "../notifications/outbox.server.ts";

/*
 * Quote requests and contact messages in the admin (docs/product.md §3.11 /admin/quote-requests, §5.5 "Quote
 * request"). Both live in contact_requests. Open or resolved, an e-mailed reply that
 * resolves the request in the same transaction as its outbox row, and (POPIA, beyond the
 * original) erasing a request.
 */

export const QUOTE_REQUESTS_PAGE_SIZE = 12;

/** Newest first; NULLS LAST as in the created_at indexes, so they serve. */
export const REQUESTS_NEWEST_FIRST = [
  sql`${contactRequests.createdAt} desc nulls last`,
  sql`${contactRequests.id} desc nulls last`,
];

/** The search and the "open only" filter, shared by the list and the export. */
export function quoteRequestFilterCondition(filters: {
  q: string | null;
  showResolved: boolean;
}): SQL | undefined {
  const conditions: SQL[] = [];
  if (!filters.showResolved) conditions.push(eq(contactRequests.isResolved, false));
  if (filters.q) {
    const text = sql`${contactRequestSearchText(contactRequests)} ilike ${likePattern(filters.q)}`;
    // Older rows may store an option's value ("web-development"): a search for its label
    // ("Web Dev") finds them too.
    const term = filters.q.toLowerCase();
    const values = SERVICE_OPTIONS.filter((o) => o.label.toLowerCase().includes(term)).map(
      (o) => o.value as string,
    );
    conditions.push(values.length > 0 ? or(text, inArray(contactRequests.service, values))! : text);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listQuoteRequests(
  db: Database,
  query: QuoteRequestListQuery,
): Promise<QuoteRequestListPage> {
  const where = quoteRequestFilterCondition(query);
  // Open and all requests from the counters their triggers keep (decision 009); only a search is
  // counted over the requests.
  const openTotal = await readRowCount(db, ROW_COUNT.openRequests);
  const allTotal = await readRowCount(db, ROW_COUNT.openRequests, ROW_COUNT.resolvedRequests);
  const total = query.q
    ? await db.$count(contactRequests, where)
    : query.showResolved
      ? allTotal
      : openTotal;
  // Only worth a query when the list is empty: the page then explains what is hidden.
  const hiddenResolved =
    total === 0 && !query.showResolved && allTotal > 0
      ? await db.$count(
          contactRequests,
          and(
            quoteRequestFilterCondition({ q: query.q, showResolved: true }),
            eq(contactRequests.isResolved, true),
          ),
        )
      : 0;
  const pages = pageCount(total, QUOTE_REQUESTS_PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const rows = await db
    .select({
      id: contactRequests.id,
      name: contactRequests.name,
      email: contactRequests.email,
      phone: contactRequests.phone,
      service: contactRequests.service,
      // Only the start of the message travels to the list (a message may be 5,000 characters).
      messageStart: sql<string>`left(${contactRequests.message}, 101)`,
      isResolved: contactRequests.isResolved,
      repliedAt: contactRequests.repliedAt,
      createdAt: contactRequests.createdAt,
    })
    .from(contactRequests)
    .where(where)
    .orderBy(...REQUESTS_NEWEST_FIRST)
    .limit(QUOTE_REQUESTS_PAGE_SIZE)
    .offset((page - 1) * QUOTE_REQUESTS_PAGE_SIZE);
  return {
    requests: rows.map(({ messageStart, repliedAt, ...row }) => ({
      ...row,
      preview: messagePreview(messageStart),
      replied: repliedAt !== null,
    })),
    total,
    openTotal,
    allTotal,
    hiddenResolved,
    page,
    pageCount: pages,
    pageSize: QUOTE_REQUESTS_PAGE_SIZE,
  };
}

/** The request's own columns, as the details dialog and the CSV export both read them. */
export const QUOTE_REQUEST_COLUMNS = {
  id: contactRequests.id,
  name: contactRequests.name,
  email: contactRequests.email,
  phone: contactRequests.phone,
  service: contactRequests.service,
  message: contactRequests.message,
  isResolved: contactRequests.isResolved,
  replyText: contactRequests.replyText,
};

export async function getQuoteRequest(
  db: Database,
  requestId: string,
): Promise<QuoteRequestDetail | null> {
  if (!isUuid(requestId)) return null;
  const [row] = await db
    .select({
      ...QUOTE_REQUEST_COLUMNS,
      createdAt: contactRequests.createdAt,
      repliedAt: contactRequests.repliedAt,
      repliedByEmail: users.email,
    })
    .from(contactRequests)
    .leftJoin(users, eq(users.id, contactRequests.repliedBy))
    .where(eq(contactRequests.id, requestId));
  return row ?? null;
}

export type QuoteRequestChange =
  | { ok: true; isResolved: boolean }
  | { ok: false; reason: "not-found" };

/** docs/product.md §5.5: the admin marks a request resolved or open again from the details dialog. */
export async function setQuoteRequestResolved(
  db: Database,
  actor: AuditActor,
  input: { requestId: string; resolved: boolean },
): Promise<QuoteRequestChange> {
  if (!isUuid(input.requestId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactRequests)
      .set({ isResolved: input.resolved })
      .where(eq(contactRequests.id, input.requestId))
      .returning({ id: contactRequests.id });
    if (!row) return { ok: false as const, reason: "not-found" as const };
    await recordAudit(tx, actor, {
      action: input.resolved ? "quote_request.resolve" : "quote_request.reopen",
      entity: "quote_request",
      entityId: input.requestId,
    });
    return { ok: true as const, isResolved: input.resolved };
  });
}

/**
 * What the audit log may say about a request (POPIA): whether it was a quote, and then its
 * service label. A contact message's subject is free text that may name anyone: never kept.
 */
function auditDetailsOf(storedService: string): Record<string, string> {
  return isQuoteService(storedService)
    ? { kind: "quote", service: serviceDisplayLabel(storedService) }
    : { kind: "contact" };
}

export type ReplyResult =
  | { ok: true; to: string; subject: string }
  | { ok: false; reason: "not-found" | "empty" };

/**
 * Sends the admin's reply (docs/product.md §3.11 "Reply"): the e-mail to the requester (subject
 * 'RE: Your Quote Request - <service>', Reply-To the company address) goes to the outbox, the
 * request is marked resolved and keeps the reply text, and the audit log records it, all in
 * one transaction: either the customer will get the reply and the request shows it, or
 * neither happened.
 */
export async function replyToQuoteRequest(
  db: Database,
  env: MailEnv,
  actor: AuditActor,
  input: { requestId: string; replyText: string },
): Promise<ReplyResult> {
  const replyText = input.replyText.replace(/\r\n/g, "\n").trim();
  if (!replyText) return { ok: false, reason: "empty" };
  if (!isUuid(input.requestId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        name: contactRequests.name,
        email: contactRequests.email,
        service: contactRequests.service,
        message: contactRequests.message,
      })
      .from(contactRequests)
      .where(eq(contactRequests.id, input.requestId))
      .for("update");
    if (!request) return { ok: false as const, reason: "not-found" as const };
    const service = serviceDisplayLabel(request.service);
    const message = quoteReplyMessage(env, {
      to: request.email,
      service,
      replyText: replyText.slice(0, REPLY_MAX_LENGTH),
      name: request.name,
      originalMessage: request.message,
    });
    await tx
      .update(contactRequests)
      .set({
        isResolved: true,
        replyText: replyText.slice(0, REPLY_MAX_LENGTH),
        repliedAt: sql`now()`,
        repliedBy: actor.userId,
      })
      .where(eq(contactRequests.id, input.requestId));
    await queueMessages(tx, message);
    await recordAudit(tx, actor, {
      action: "quote_request.reply",
      entity: "quote_request",
      entityId: input.requestId,
      details: auditDetailsOf(request.service),
    });
    return { ok: true as const, to: request.email, subject: message.subject };
  });
}

/**
 * Erases a request or message for good (POPIA: a requester may ask the company to delete
 * their personal information). The audit log keeps only that it happened and, for a quote,
 * the service; details that earlier records about it held are scrubbed the same way.
 */
export async function eraseQuoteRequest(
  db: Database,
  actor: AuditActor,
  requestId: string,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!isUuid(requestId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(contactRequests)
      .where(eq(contactRequests.id, requestId))
      .returning({ service: contactRequests.service, email: contactRequests.email });
    if (!removed) return { ok: false as const, reason: "not-found" as const };
    // The outbox's copies of the office's notice and of any reply go with it, unless another
    // request from the same address still needs them.
    const [other] = await tx
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(sql`lower(${contactRequests.email}) = ${removed.email.toLowerCase()}`)
      .limit(1);
    if (!other) {
      await forgetMessagesAbout(tx, removed.email, [
        "quote.company",
        "contact.company",
        "quote.reply",
      ]);
    }
    const details = auditDetailsOf(removed.service);
    await scrubAuditDetails(tx, { entity: "quote_request", entityId: requestId, details });
    await recordAudit(tx, actor, {
      action: "quote_request.erase",
      entity: "quote_request",
      entityId: requestId,
      details,
    });
    return { ok: true as const };
  });
}
