import { asc, eq, inArray, or, sql } from "drizzle-orm";
import {
  adminUsers,
  contactRequests,
  heldSubmissions,
  newsletterSubscribers,
  notifications,
  orderItems,
  orders,
  users,
} from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { eraseQuoteRequest } from "../inquiries/admin-quote-requests.server.ts";
import { maskEmail, removeSubscriber } from "../newsletter/admin-subscribers.server.ts";

/*
 * A person's rights under POPIA (docs/product.md §3.16): everything the site stores about one
 * e-mail address, as one JSON document, and its erasure. Matching is on the address in any
 * letter case. Orders are kept, as accounting law requires (five years), with the person's
 * name, e-mail, phone and note replaced and their private page link ended; everything else
 * about them goes. One transaction, audited without the address itself.
 */

/** What an erased order shows instead of the person's details. */
export const ERASED = { name: "Erased customer", email: "erased", phone: "erased" } as const;

const matches = (column: Parameters<typeof sql>[1], email: string) =>
  sql`lower(${column}) = ${email}`;

/** Everything stored about the address (matched trimmed, in any letter case). */
export async function findPersonalData(db: Database, address: string) {
  const email = address.trim().toLowerCase();
  const subscriber = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.createdAt,
      consentSource: newsletterSubscribers.consentSource,
      consentText: newsletterSubscribers.consentText,
      state: newsletterSubscribers.status,
      stateSince: newsletterSubscribers.statusChangedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(matches(newsletterSubscribers.email, email));
  const orderRows = await db
    .select({
      id: orders.id,
      placedAt: orders.createdAt,
      name: orders.customerName,
      email: orders.email,
      phone: orders.phone,
      note: orders.note,
      status: orders.status,
      payment: orders.paymentStatus,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orders)
    .where(matches(orders.email, email))
    .orderBy(asc(orders.createdAt));
  const lines = orderRows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          product: orderItems.productName,
          price: orderItems.price,
          quantity: orderItems.quantity,
          // A name to engrave is the buyer's data too (decision 040).
          personalisation: orderItems.personalisation,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((order) => order.id),
          ),
        )
        .orderBy(asc(orderItems.productName))
    : [];
  const requests = await db
    .select({
      id: contactRequests.id,
      sentAt: contactRequests.createdAt,
      name: contactRequests.name,
      email: contactRequests.email,
      phone: contactRequests.phone,
      service: contactRequests.service,
      message: contactRequests.message,
      reply: contactRequests.replyText,
      repliedAt: contactRequests.repliedAt,
    })
    .from(contactRequests)
    .where(matches(contactRequests.email, email))
    .orderBy(asc(contactRequests.createdAt));
  const held = await db
    .select({
      form: heldSubmissions.form,
      heldAt: heldSubmissions.createdAt,
      content: heldSubmissions.payload,
    })
    .from(heldSubmissions)
    .where(matches(heldSubmissions.email, email));
  const messages = await db
    .select({
      kind: notifications.kind,
      to: notifications.recipient,
      subject: notifications.subject,
      text: notifications.textBody,
      queuedAt: notifications.createdAt,
    })
    .from(notifications)
    .where(messagesAbout(email))
    .orderBy(asc(notifications.createdAt));
  const account = await db
    .select({ email: users.email, createdAt: users.createdAt, admin: adminUsers.id })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.id, users.id))
    .where(matches(users.email, email));
  return {
    newsletterSubscription: subscriber[0] ?? null,
    orders: orderRows.map((order) => ({
      ...order,
      items: lines
        .filter((line) => line.orderId === order.id)
        .map(({ orderId: _orderId, ...line }) => line),
    })),
    quoteRequestsAndMessages: requests,
    heldAsPossibleSpam: held,
    emailsSent: messages,
    account: account[0]
      ? {
          email: account[0].email,
          createdAt: account[0].createdAt,
          isAdmin: account[0].admin !== null,
        }
      : null,
  };
}
export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** The outbox's copies of e-mails to the address or that name it (a notice to the office). */
function messagesAbout(email: string) {
  return or(
    matches(notifications.recipient, email),
    sql`strpos(lower(${notifications.textBody}), ${email}) > 0`,
  );
}

/** How much each kind of record held, for the page and the audit log (no personal data). */
export function personalDataCounts(data: PersonalData) {
  return {
    subscriber: data.newsletterSubscription ? 1 : 0,
    orders: data.orders.length,
    requests: data.quoteRequestsAndMessages.length,
    held: data.heldAsPossibleSpam.length,
    emails: data.emailsSent.length,
    account: data.account ? 1 : 0,
  };
}

export type EraseResult =
  | { ok: true; counts: ReturnType<typeof personalDataCounts> }
  | { ok: false; reason: "admin-account" };

/**
 * Erases what the site holds about the address (POPIA's deletion): the subscription, quote
 * requests and messages, held submissions, the outbox's copies and a non-admin account;
 * orders keep their lines and totals with the person's details replaced. An admin's own
 * account is refused: its access is removed on User Access first.
 */
export async function erasePersonalData(
  db: Database,
  actor: AuditActor,
  address: string,
): Promise<EraseResult> {
  const email = address.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const data = await findPersonalData(tx, email);
    if (data.account?.isAdmin) return { ok: false as const, reason: "admin-account" as const };
    const counts = personalDataCounts(data);
    // The subscription and the requests go the way an admin removes each one (their own
    // audit records, the outbox's copies, the audit details scrubbed).
    if (data.newsletterSubscription) {
      await removeSubscriber(tx, actor, data.newsletterSubscription.id);
    }
    for (const request of data.quoteRequestsAndMessages) {
      await eraseQuoteRequest(tx, actor, request.id);
    }
    await tx.delete(heldSubmissions).where(matches(heldSubmissions.email, email));
    await tx.delete(notifications).where(messagesAbout(email));
    await tx.delete(users).where(matches(users.email, email));
    // A line's personalisation is often a name (decision 040): it goes like the note.
    await tx
      .update(orderItems)
      .set({ personalisation: null, personalisationLabel: null })
      .where(
        inArray(
          orderItems.orderId,
          tx.select({ id: orders.id }).from(orders).where(matches(orders.email, email)),
        ),
      );
    await tx
      .update(orders)
      .set({
        customerName: ERASED.name,
        email: ERASED.email,
        phone: ERASED.phone,
        note: null,
        accessTokenHash: null,
      })
      .where(matches(orders.email, email));
    await recordAudit(tx, actor, {
      action: "person.erase",
      entity: "person",
      entityId: null,
      details: { email: maskEmail(email), ...counts },
    });
    return { ok: true as const, counts };
  });
}

/** Records that an admin downloaded a person's data (who asked is the admin's to answer for). */
export async function recordPersonalDataExport(db: Database, actor: AuditActor, email: string) {
  await recordAudit(db, actor, {
    action: "person.export",
    entity: "person",
    entityId: null,
    details: { email: maskEmail(email) },
  });
}
