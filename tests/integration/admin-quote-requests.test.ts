import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteRequestListQuery } from "#app/lib/admin-list-queries.ts";
import { quoteReplyPrefill } from "#app/lib/quote-requests.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  eraseQuoteRequest,
  getQuoteRequest,
  listQuoteRequests,
  replyToQuoteRequest,
  setQuoteRequestResolved,
} from "#app/server/inquiries/admin-quote-requests.server.ts";
import {
  submitContactMessage,
  submitQuoteRequest,
} from "#app/server/inquiries/inquiries.server.ts";
import { auditLog, contactRequests, notifications } from "#db/schema/index.ts";
import { createQuoteRequest, minutesAgo } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import type { TestServices } from "#tests/setup/services.ts";

/*
 * Decision 009, /admin/quote-requests: open/resolved, search, the e-mailed reply (one outbox row,
 * resolved and kept, all or nothing), erasure, through the domain and the route handler.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "quotes-admin@example.com",
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });
const list = (q: Partial<QuoteRequestListQuery> = {}) =>
  listQuoteRequests(services.db, { q: null, showResolved: false, page: 1, ...q });

async function page(path: string) {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  return { response, html: await response.text() };
}

const post = (fields: Record<string, string>) =>
  app.postForm("/admin/quote-requests.data", fields, { headers: { Cookie: cookie } });

describe("/admin/quote-requests list", () => {
  // First in the file: nothing stored yet.
  it("says 'No quote requests yet' before any request", async () => {
    const { response, html } = await page("/admin/quote-requests");
    expect(response.status).toBe(200);
    expect(html).toContain("No quote requests yet");
    expect(html).toContain("Show resolved requests");
  });

  it("hides resolved requests by default and shows them when asked, newest first", async () => {
    const open = await createQuoteRequest(services.db, {
      name: "Open Olwethu",
      service: "Web Development",
      message: "x".repeat(150),
      createdAt: minutesAgo(2),
    });
    const resolved = await createQuoteRequest(services.db, {
      name: "Resolved Rethabile",
      service: "iot",
      isResolved: true,
      createdAt: minutesAgo(1),
    });
    const contact = await submitContactMessage(services.db, services.env, {
      name: "Contact Cebo",
      email: "cebo@example.com",
      subject: "",
      message: "Do you deliver to Pinetown?",
    });
    const defaults = await list();
    expect(defaults.requests.map((r) => r.id)).toEqual([contact.id, open.id]);
    expect(defaults).toMatchObject({ total: 2, openTotal: 2, allTotal: 3 });
    // docs/product.md §9: the card's message is cut at 100 characters.
    expect(defaults.requests[1]!.preview).toBe(`${"x".repeat(100)}...`);
    // Contact messages are listed too, under 'General Contact' (docs/product.md §4).
    expect(defaults.requests[0]!.service).toBe("General Contact");
    const all = await list({ showResolved: true });
    expect(all.requests.map((r) => r.id)).toEqual([contact.id, resolved.id, open.id]);

    const html = (await page("/admin/quote-requests?resolved=1")).html;
    expect(html).toContain("Resolved Rethabile");
    expect(html).toContain("IoT Systems");
    expect(html).toContain("General Contact");
    expect(html).toContain("2 open of 3.");
    // The server renders the list itself, never the loading state of a client navigation.
    expect(html).not.toContain("Loading quote requests...");
    expect((await page("/admin/quote-requests")).html).not.toContain("Resolved Rethabile");
  });

  it("searches name, e-mail, service and message, in any case", async () => {
    const request = await createQuoteRequest(services.db, {
      name: "Searchable Sizwe",
      email: "Sizwe.Search@Example.com",
      service: "mobile-app",
      message: "We need a LOYALTY app for our spaza shops.",
    });
    const ids = async (q: string, showResolved = false) =>
      (await list({ q, showResolved })).requests.map((r) => r.id);
    expect(await ids("searchable sizwe")).toEqual([request.id]);
    expect(await ids("SIZWE.SEARCH@example")).toEqual([request.id]);
    expect(await ids("loyalty app")).toEqual([request.id]);
    // A stored value is found by its label too.
    expect(await ids("mobile app dev")).toEqual([request.id]);
    expect(await ids("rethabile")).toEqual([]);
    expect(await ids("rethabile", true)).toHaveLength(1);
    expect(await ids("%")).toEqual([]);

    const none = await page("/admin/quote-requests?q=zzz");
    expect(none.html).toContain("No quote requests found for &quot;zzz&quot;");
  });
});

describe("the optional phone number", () => {
  it("is in the list, the details and the page's data when given, and null when not", async () => {
    const withPhone = await submitQuoteRequest(services.db, services.env, {
      name: "Phoning Phumzile",
      email: "phumzile@example.co.za",
      phone: "+27 82 555 0101",
      service: "prototyping",
      message: "Call me about a prototype.",
    });
    const without = await submitQuoteRequest(services.db, services.env, {
      name: "Quiet Qhawe",
      email: "qhawe@example.co.za",
      service: "prototyping",
      message: "E-mail is fine.",
    });
    const listed = await list({ q: "prototype" });
    expect(listed.requests.find((r) => r.id === withPhone.id)!.phone).toBe("+27 82 555 0101");
    expect((await list({ q: "e-mail is fine" })).requests[0]!.phone).toBeNull();
    expect((await getQuoteRequest(services.db, withPhone.id))!.phone).toBe("+27 82 555 0101");
    expect((await getQuoteRequest(services.db, without.id))!.phone).toBeNull();
    const data = await app.request(`/admin/quote-requests.data?request=${withPhone.id}`, {
      headers: { Cookie: cookie },
    });
    expect(await data.text()).toContain("+27 82 555 0101");
  });
});

describe("resolve and reopen", () => {
  it("toggles is_resolved with the product's notices and an audit record", async () => {
    const request = await createQuoteRequest(services.db, { name: "Toggle Tumi" });
    const resolved = await post({ intent: "resolve", requestId: request.id });
    expect(resolved.status).toBe(200);
    expect(await resolved.text()).toContain("Marked as resolved");
    expect((await getQuoteRequest(services.db, request.id))!.isResolved).toBe(true);
    const reopened = await post({ intent: "reopen", requestId: request.id });
    expect(await reopened.text()).toContain("Marked as open");
    expect((await getQuoteRequest(services.db, request.id))!.isResolved).toBe(false);
    const audits = await services.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.entityId, request.id));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: "quote_request.resolve", actor: admin.email },
        { action: "quote_request.reopen", actor: admin.email },
      ]),
    );
    const unknown = await post({
      intent: "resolve",
      requestId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Error updating quote request");
    expect(
      await setQuoteRequestResolved(services.db, actor(), { requestId: "nope", resolved: true }),
    ).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("replying", () => {
  const outboxFor = (recipient: string) =>
    services.db.select().from(notifications).where(eq(notifications.recipient, recipient));

  it("writes exactly one outbox e-mail, resolves the request and keeps the reply, in one go", async () => {
    const request = await createQuoteRequest(services.db, {
      name: "Reply Refilwe",
      email: "refilwe@example.co.za",
      service: "web-development",
      message: "Need a site\nsoon",
    });
    const response = await post({
      intent: "reply",
      requestId: request.id,
      reply: "Dear Refilwe,\r\n\r\nR12 000, six weeks.\r\n\r\nKind regards",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Reply sent");

    const mails = await outboxFor("refilwe@example.co.za");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "quote.reply",
      subject: "RE: Your Quote Request - Web Development",
      replyTo: services.env.NOTIFY_EMAIL,
      status: "pending",
    });
    expect(mails[0]!.textBody).toContain("Dear Refilwe,\n\nR12 000, six weeks.");
    expect(mails[0]!.textBody).toContain("> Need a site\n> soon");

    const stored = await getQuoteRequest(services.db, request.id);
    expect(stored).toMatchObject({
      isResolved: true,
      replyText: "Dear Refilwe,\n\nR12 000, six weeks.\n\nKind regards",
      repliedByEmail: admin.email,
    });
    expect(stored!.repliedAt).toBeInstanceOf(Date);
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, request.id));
    expect(audit).toMatchObject({
      action: "quote_request.reply",
      // The kind and service, never the subject: a contact message's subject is free text.
      details: { kind: "quote", service: "Web Development" },
    });

    // The details show the reply afterwards.
    const details = await app.request(
      `/admin/quote-requests.data?resolved=1&request=${request.id}`,
      {
        headers: { Cookie: cookie },
      },
    );
    expect(await details.text()).toContain("R12 000, six weeks.");
  });

  it("writes nothing when the outbox refuses the e-mail", async () => {
    const request = await createQuoteRequest(services.db, { email: "outbox-fails@example.com" });
    await services.db.execute(
      sql`alter table notifications add constraint test_refuse_reply check (kind <> 'quote.reply') not valid`,
    );
    try {
      await expect(
        replyToQuoteRequest(services.db, services.env, actor(), {
          requestId: request.id,
          replyText: "Hello",
        }),
      ).rejects.toThrow();
      // Through the route: the product's error notice, 500, nothing stored.
      const response = await post({ intent: "reply", requestId: request.id, reply: "Hello" });
      expect(response.status).toBe(500);
      expect(await response.text()).toContain("Error sending reply");
    } finally {
      await services.db.execute(sql`alter table notifications drop constraint test_refuse_reply`);
    }
    const stored = await getQuoteRequest(services.db, request.id);
    expect(stored).toMatchObject({ isResolved: false, replyText: null, repliedAt: null });
    expect(await outboxFor("outbox-fails@example.com")).toEqual([]);
    expect(await services.db.$count(auditLog, eq(auditLog.entityId, request.id))).toBe(0);
  });

  it("writes nothing when the audit record fails after the e-mail was queued", async () => {
    const request = await createQuoteRequest(services.db, { email: "audit-fails@example.com" });
    await services.db.execute(
      sql`alter table audit_log add constraint test_refuse_reply_audit check (action <> 'quote_request.reply') not valid`,
    );
    try {
      await expect(
        replyToQuoteRequest(services.db, services.env, actor(), {
          requestId: request.id,
          replyText: "Hello",
        }),
      ).rejects.toThrow();
    } finally {
      await services.db.execute(sql`alter table audit_log drop constraint test_refuse_reply_audit`);
    }
    expect(await getQuoteRequest(services.db, request.id)).toMatchObject({
      isResolved: false,
      replyText: null,
    });
    expect(await outboxFor("audit-fails@example.com")).toEqual([]);
  });

  it("refuses an empty reply and an unknown request, storing nothing", async () => {
    const request = await createQuoteRequest(services.db, { email: "empty-reply@example.com" });
    const empty = await post({ intent: "reply", requestId: request.id, reply: "  \n " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write a reply.");
    expect(
      await replyToQuoteRequest(services.db, services.env, actor(), {
        requestId: request.id,
        replyText: "   ",
      }),
    ).toEqual({ ok: false, reason: "empty" });
    const unknown = await post({
      intent: "reply",
      requestId: "00000000-0000-4000-8000-000000000000",
      reply: "Hi",
    });
    expect(unknown.status).toBe(404);
    expect(await outboxFor("empty-reply@example.com")).toEqual([]);
    expect((await getQuoteRequest(services.db, request.id))!.isResolved).toBe(false);
  });

  it("sends the prefilled reply as it stands: a complete message, the request resolved", async () => {
    const request = await createQuoteRequest(services.db, { email: "as-it-stands@example.com" });
    const prefill = quoteReplyPrefill(request, services.env.business);
    const sent = await post({ intent: "reply", requestId: request.id, reply: prefill });
    expect(sent.status).toBe(200);
    const [mail] = await outboxFor("as-it-stands@example.com");
    expect(mail).toBeDefined();
    const body = JSON.stringify(mail);
    expect(body).toContain("Our team will follow up with a detailed quote shortly.");
    expect(body).toContain("In the meantime, you can reach us on +27 31 464 0192");
    expect((await getQuoteRequest(services.db, request.id))!.isResolved).toBe(true);
  });

  it("names a contact message's subject in the reply subject", async () => {
    const request = await createQuoteRequest(services.db, {
      email: "subject@example.com",
      service: "Delivery times",
    });
    const result = await replyToQuoteRequest(services.db, services.env, actor(), {
      requestId: request.id,
      replyText: "Two days.",
    });
    expect(result).toMatchObject({ ok: true, subject: "RE: Your Quote Request - Delivery times" });
  });
});

describe("erasing (POPIA)", () => {
  it("deletes the request and keeps no personal data in the audit log", async () => {
    const request = await createQuoteRequest(services.db, {
      name: "Erase Elethu",
      email: "elethu@example.com",
      service: "custom-gifts",
      message: "My private message",
    });
    const response = await post({ intent: "erase", requestId: request.id });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Request deleted");
    expect(await services.db.$count(contactRequests, eq(contactRequests.id, request.id))).toBe(0);
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, request.id));
    expect(audit).toMatchObject({ action: "quote_request.erase", actorEmail: admin.email });
    expect(audit!.details).toMatchObject({ service: "Custom Gifts" });
    const recorded = JSON.stringify(audit);
    for (const personal of ["Elethu", "elethu@example.com", "My private message"]) {
      expect(recorded).not.toContain(personal);
    }
    expect(await eraseQuoteRequest(services.db, actor(), request.id)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const again = await post({ intent: "erase", requestId: request.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error deleting request");
  });

  it("refuses what it does not understand", async () => {
    expect((await post({ intent: "explode", requestId: "x" })).status).toBe(400);
    expect((await post({ intent: "erase", requestId: "x" })).status).toBe(400);
  });
});

// Last in the file: it resolves every request.
describe("the empty list when every request is resolved", () => {
  it("says resolved ones are hidden, with a way to show them, not 'No quote requests yet'", async () => {
    await createQuoteRequest(services.db, { name: "Hidden Hlengiwe", isResolved: true });
    const searched = await page("/admin/quote-requests?q=hlengiwe");
    expect(searched.html).toContain("No quote requests found for &quot;hlengiwe&quot;");
    expect(searched.html).toContain("1 resolved request matches but is hidden.");
    expect(searched.html).toContain('href="/admin/quote-requests?q=hlengiwe&amp;resolved=1"');
    expect((await list({ q: "hlengiwe" })).hiddenResolved).toBe(1);
    expect((await list({ q: "hlengiwe", showResolved: true })).hiddenResolved).toBe(0);

    await services.db.update(contactRequests).set({ isResolved: true });
    const all = await services.db.$count(contactRequests);
    const { html } = await page("/admin/quote-requests");
    expect(html).toContain("No open quote requests");
    expect(html).not.toContain("No quote requests yet");
    expect(html).toContain(`${all} resolved requests are hidden.`);
    expect(html).toContain('href="/admin/quote-requests?resolved=1"');
    expect((await list()).hiddenResolved).toBe(all);
  });
});
