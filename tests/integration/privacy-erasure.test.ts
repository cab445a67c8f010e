import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  eraseQuoteRequest,
  replyToQuoteRequest,
  setQuoteRequestResolved,
} from "#app/server/inquiries/admin-quote-requests.server.ts";
import { removeSubscriber } from "#app/server/newsletter/admin-subscribers.server.ts";
import { unsubscribe } from "#app/server/newsletter/subscribers.server.ts";
import { pruneFinishedMessages } from "#app/server/notifications/admin.server.ts";
import { firstBusinessDetails } from "#app/server/site/business-details.server.ts";
import {
  auditLog,
  contactRequests,
  newsletterSubscribers,
  notifications,
} from "#db/schema/index.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * POPIA (decision 010): erasing a subscriber or a request also erases the outbox's copies of the
 * e-mails about them, and leaves no personal data in the audit log; finished messages are
 * deleted after the retention period.
 */

let handle: DatabaseHandle;
const actor = { userId: null, email: "privacy-officer@example.co.za" };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(notifications);
  await handle.db.delete(newsletterSubscribers);
  await handle.db.delete(contactRequests);
});

async function message(kind: string, recipient: string, text: string, extra = {}) {
  await handle.db.insert(notifications).values({
    kind,
    recipient,
    subject: kind,
    textBody: text,
    htmlBody: `<p>${text}</p>`,
    ...extra,
  });
}

async function remaining() {
  const rows = await handle.db
    .select({ kind: notifications.kind, recipient: notifications.recipient })
    .from(notifications);
  return rows.map((r) => `${r.kind} → ${r.recipient}`).sort();
}

describe("erasure", () => {
  it("unsubscribing marks the address unsubscribed and deletes the e-mails about it, nothing else", async () => {
    await handle.db.insert(newsletterSubscribers).values({ email: "Reader@Example.co.za" });
    await message("newsletter.welcome", "reader@example.co.za", "Welcome!", { status: "sent" });
    await message(
      "newsletter.company",
      "office@example.co.za",
      "New subscriber: READER@example.co.za",
    );
    await message("order.customer", "reader@example.co.za", "Your order");
    await message("newsletter.welcome", "other@example.co.za", "Welcome!");

    expect(await unsubscribe(handle.db, "reader@example.co.za")).toBe(true);
    // Kept only as the record that nothing more may be sent there (decision 041).
    expect(await handle.db.select().from(newsletterSubscribers)).toMatchObject([
      { email: "Reader@Example.co.za", status: "unsubscribed", confirmTokenHash: null },
    ]);
    expect(await remaining()).toEqual([
      "newsletter.welcome → other@example.co.za",
      "order.customer → reader@example.co.za",
    ]);
  });

  it("removing a subscriber in the admin does the same", async () => {
    const [row] = await handle.db
      .insert(newsletterSubscribers)
      .values({ email: "gone@example.co.za" })
      .returning({ id: newsletterSubscribers.id });
    await message("newsletter.welcome", "gone@example.co.za", "Welcome!");
    await message(
      "newsletter.company",
      "office@example.co.za",
      "New subscriber: gone@example.co.za",
    );
    expect(await removeSubscriber(handle.db, actor, row!.id)).toMatchObject({ ok: true });
    expect(await remaining()).toEqual([]);
  });

  it("erasing a request deletes its notice and reply, unless another request needs them", async () => {
    const [first, second] = await handle.db
      .insert(contactRequests)
      .values([
        { name: "Sipho", email: "sipho@example.co.za", service: "iot", message: "Sensors" },
        { name: "Sipho", email: "SIPHO@example.co.za", service: "other", message: "Again" },
      ])
      .returning({ id: contactRequests.id });
    await message("quote.company", "office@example.co.za", "From Sipho <sipho@example.co.za>");
    await message("quote.reply", "sipho@example.co.za", "Dear Sipho");
    await message("quote.company", "office@example.co.za", "From Thandi <thandi@example.co.za>");

    expect(await eraseQuoteRequest(handle.db, actor, first!.id)).toEqual({ ok: true });
    // The second request is still there: its e-mails stay.
    expect(await remaining()).toHaveLength(3);

    expect(await eraseQuoteRequest(handle.db, actor, second!.id)).toEqual({ ok: true });
    expect(await remaining()).toEqual(["quote.company → office@example.co.za"]);
  });
});

describe("the audit log after erasure", () => {
  const mailEnv = {
    PUBLIC_URL: "https://kwezi.example",
    business: firstBusinessDetails({
      NOTIFY_EMAIL: "office@example.co.za",
      MAIL_FROM: "Website <office@example.co.za>",
    }),
  };
  const auditOf = (id: string) =>
    handle.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));

  it("holds nothing of a contact message's free-text subject, its reply or its sender", async () => {
    // A contact message's subject is stored in `service` and may say anything about anyone.
    const subject = "Ayanda Mokoena, ID 8001015009087, 12 Jacaranda Rd";
    const [row] = await handle.db
      .insert(contactRequests)
      .values({
        name: "Ayanda Mokoena",
        email: "ayanda.m@example.co.za",
        service: subject,
        message: "Call me on 082 555 1234",
      })
      .returning({ id: contactRequests.id });
    const id = row!.id;
    const replied = await replyToQuoteRequest(handle.db, mailEnv, actor, {
      requestId: id,
      replyText: "Dear Ayanda, we will call on Friday.",
    });
    expect(replied).toMatchObject({ ok: true, subject: `RE: Your Quote Request - ${subject}` });
    await setQuoteRequestResolved(handle.db, actor, { requestId: id, resolved: false });
    // Not even before erasure: the reply's record names the kind of request, not its subject.
    expect(JSON.stringify(await auditOf(id))).not.toContain("Jacaranda");

    expect(await eraseQuoteRequest(handle.db, actor, id)).toEqual({ ok: true });
    const records = await auditOf(id);
    expect(records.map((r) => r.action).sort()).toEqual([
      "quote_request.erase",
      "quote_request.reopen",
      "quote_request.reply",
    ]);
    expect(records.find((r) => r.action === "quote_request.erase")!.details).toEqual({
      kind: "contact",
    });
    const everything = JSON.stringify(await handle.db.select().from(auditLog));
    for (const personal of [
      "Ayanda",
      "Mokoena",
      "8001015009087",
      "Jacaranda",
      "ayanda.m@example.co.za",
      "082 555 1234",
      "we will call on Friday",
    ]) {
      expect(everything, personal).not.toContain(personal);
    }
  });

  it("keeps a quote's service label, which names no one", async () => {
    const [row] = await handle.db
      .insert(contactRequests)
      .values({
        name: "Lerato",
        email: "lerato@example.co.za",
        service: "IoT Systems",
        message: "x",
      })
      .returning({ id: contactRequests.id });
    await replyToQuoteRequest(handle.db, mailEnv, actor, { requestId: row!.id, replyText: "Yes." });
    expect(await eraseQuoteRequest(handle.db, actor, row!.id)).toEqual({ ok: true });
    const records = await auditOf(row!.id);
    expect(records.map((r) => r.details)).toEqual([
      { kind: "quote", service: "IoT Systems" },
      { kind: "quote", service: "IoT Systems" },
    ]);
    expect(JSON.stringify(records)).not.toContain("Lerato");
  });

  it("scrubs the subject that older reply records still hold", async () => {
    const [row] = await handle.db
      .insert(contactRequests)
      .values({
        name: "Old",
        email: "old@example.co.za",
        service: "Thabo's divorce papers",
        message: "x",
      })
      .returning({ id: contactRequests.id });
    // A record written before replies stopped keeping the subject.
    await handle.db.insert(auditLog).values({
      actorEmail: actor.email,
      action: "quote_request.reply",
      entity: "quote_request",
      entityId: row!.id,
      details: { subject: "RE: Your Quote Request - Thabo's divorce papers" },
    });
    expect(await eraseQuoteRequest(handle.db, actor, row!.id)).toEqual({ ok: true });
    const records = await auditOf(row!.id);
    expect(records).toHaveLength(2);
    expect(JSON.stringify(records)).not.toContain("Thabo");
  });
});

describe("retention", () => {
  it("deletes finished messages older than 90 days, never unsent ones", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await message("quote.reply", "old@example.co.za", "x", { status: "sent", sentAt: ago(91) });
    await message("quote.reply", "recent@example.co.za", "x", { status: "sent", sentAt: ago(89) });
    await message("quote.reply", "failed-old@example.co.za", "x", {
      status: "failed",
      createdAt: ago(120),
    });
    await message("quote.reply", "queued-old@example.co.za", "x", {
      status: "pending",
      createdAt: ago(120),
    });

    expect(await pruneFinishedMessages(handle.db, now)).toBe(2);
    expect(await remaining()).toEqual([
      "quote.reply → queued-old@example.co.za",
      "quote.reply → recent@example.co.za",
    ]);
  });
});
