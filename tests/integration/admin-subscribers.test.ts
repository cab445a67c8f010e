import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  listSubscribers,
  maskEmail,
  removeSubscriber,
  SUBSCRIBERS_PAGE_SIZE,
} from "#app/server/newsletter/admin-subscribers.server.ts";
import { auditLog, newsletterSubscribers } from "#db/schema/index.ts";
import { createSubscriber, minutesAgo } from "#tests/factories/operations.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";

/* Decision 009, /admin/subscribers: total, e-mail search and pages in the database, removal. */

let handle: DatabaseHandle;
let services: AppServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp({
    email: "subs-admin@example.com",
  }));
}, 120_000);
afterAll(() => handle.close());

const actor = () => ({ userId: admin.id, email: admin.email });

async function page(path: string) {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  return { response, html: await response.text() };
}

describe("/admin/subscribers", () => {
  // First in the file: no subscribers yet.
  it("says 'No subscribers yet' and 'Total Subscribers: 0' before anyone subscribed", async () => {
    const { response, html } = await page("/admin/subscribers");
    expect(response.status).toBe(200);
    expect(html).toContain("Total Subscribers: <!-- -->0");
    expect(html).toContain("No subscribers yet");
  });

  it("lists newest first, 20 a page, with the total of all subscribers", async () => {
    for (let i = 0; i < 25; i++) {
      await createSubscriber(services.db, {
        email: `reader${String(i).padStart(2, "0")}@example.co.za`,
        createdAt: minutesAgo(100 - i),
      });
    }
    const first = await listSubscribers(services.db, { q: null, state: null, page: 1 });
    expect(first).toMatchObject({ allTotal: 25, total: 25, pageCount: 2, page: 1 });
    expect(first.subscribers).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(first.subscribers[0]!.email).toBe("reader24@example.co.za");
    const second = await listSubscribers(services.db, { q: null, state: null, page: 2 });
    expect(second.subscribers.map((s) => s.email)).toEqual([
      "reader04@example.co.za",
      "reader03@example.co.za",
      "reader02@example.co.za",
      "reader01@example.co.za",
      "reader00@example.co.za",
    ]);
    expect((await listSubscribers(services.db, { q: null, state: null, page: 9 })).page).toBe(2);

    const { html } = await page("/admin/subscribers?page=2");
    expect(html).toContain("Total Subscribers: <!-- -->25");
    expect(html).toContain("reader00@example.co.za");
    expect(html).toContain('aria-label="Subscribers pages"');
    // The server renders the list itself, never the loading state of a client navigation.
    expect(html).not.toContain("Loading subscribers...");
    expect(html).not.toContain("Total Subscribers: ...");
  });

  it("searches e-mails in any case, LIKE wildcards literal, and says when nothing matches", async () => {
    await createSubscriber(services.db, { email: "Thandi_N@Example.com" });
    const found = await listSubscribers(services.db, { q: "THANDI_n@", state: null, page: 1 });
    expect(found.subscribers.map((s) => s.email)).toEqual(["Thandi_N@Example.com"]);
    expect(found.total).toBe(1);
    expect(found.allTotal).toBe(26);
    expect((await listSubscribers(services.db, { q: "reader1", state: null, page: 1 })).total).toBe(
      10,
    );
    expect((await listSubscribers(services.db, { q: "%", state: null, page: 1 })).total).toBe(0);

    const none = await page("/admin/subscribers?q=nobody");
    expect(none.html).toContain("No subscribers found for &quot;nobody&quot;");
    const some = await page("/admin/subscribers?q=thandi");
    expect(some.html).toContain("Thandi_N@Example.com");
    expect(some.html).not.toContain("reader00@example.co.za");
  });

  it("counts and filters by state, counting every address in the total, and shows the consent record", async () => {
    await createSubscriber(services.db, { email: "state-pending@example.org", status: "pending" });
    await createSubscriber(services.db, {
      email: "state-left@example.org",
      status: "unsubscribed",
    });
    await createSubscriber(services.db, { email: "state-bounced@example.org", status: "bounced" });
    const confirmedAt = new Date("2026-11-20T10:15:00Z");
    await createSubscriber(services.db, { email: "state-in@example.org", confirmedAt });

    const all = await listSubscribers(services.db, { q: "state-", state: null, page: 1 });
    expect(all.stateCounts).toEqual({ pending: 1, subscribed: 1, unsubscribed: 1, bounced: 1 });
    expect(all.total).toBe(4);
    const pending = await listSubscribers(services.db, { q: "state-", state: "pending", page: 1 });
    expect(pending.subscribers.map((s) => s.email)).toEqual(["state-pending@example.org"]);
    expect(pending.total).toBe(1);

    // 'Total Subscribers: n' counts every address on the list, whatever its state.
    const { html } = await page("/admin/subscribers?state=bounced");
    expect(html).toContain(`Total Subscribers: <!-- -->${all.allTotal}`);
    expect(html).toContain("state-bounced@example.org");
    expect(html).not.toContain("state-pending@example.org");
    expect(html).toMatch(/aria-current="page"[^>]*>Bounced/);
    const confirmed = await page("/admin/subscribers?q=state-in");
    expect(confirmed.html).toContain("Consent record");
    expect(confirmed.html).toContain("test consent");
    expect(confirmed.html).toContain("20 November 2026");
    // An unknown state shows every address.
    expect((await page("/admin/subscribers?state=nonsense&q=state-")).html).toContain(
      "state-left@example.org",
    );
  });

  it("removes a subscriber for good, with a masked audit record", async () => {
    const subscriber = await createSubscriber(services.db, { email: "leaving@example.com" });
    expect(await removeSubscriber(services.db, actor(), subscriber.id)).toEqual({
      ok: true,
      email: "leaving@example.com",
    });
    expect(
      await services.db.$count(newsletterSubscribers, eq(newsletterSubscribers.id, subscriber.id)),
    ).toBe(0);
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, subscriber.id));
    expect(audit).toMatchObject({
      action: "subscriber.remove",
      entity: "subscriber",
      actorEmail: admin.email,
      details: { email: "l***@example.com", source: "footer" },
    });
    expect(JSON.stringify(audit)).not.toContain("leaving@");
    expect(await removeSubscriber(services.db, actor(), subscriber.id)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await removeSubscriber(services.db, actor(), "not-a-uuid")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(maskEmail("x@y.co")).toBe("x***@y.co");
    expect(maskEmail("broken")).toBe("***");
  });

  it("removes through the page's action with the product's notices", async () => {
    const subscriber = await createSubscriber(services.db, { email: "action@example.com" });
    const post = (fields: Record<string, string>) =>
      app.postForm("/admin/subscribers.data", fields, { headers: { Cookie: cookie } });
    const ok = await post({ intent: "remove", subscriberId: subscriber.id });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Subscriber removed");
    const again = await post({ intent: "remove", subscriberId: subscriber.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error removing subscriber");
    const bad = await post({ intent: "remove", subscriberId: "x" });
    expect(bad.status).toBe(400);
  });

  it("rolls the removal back when its audit record fails", async () => {
    const subscriber = await createSubscriber(services.db, { email: "stays@example.com" });
    await services.db.execute(
      sql`alter table audit_log add constraint test_refuse_removal check (action <> 'subscriber.remove') not valid`,
    );
    try {
      await expect(removeSubscriber(services.db, actor(), subscriber.id)).rejects.toThrow();
    } finally {
      await services.db.execute(sql`alter table audit_log drop constraint test_refuse_removal`);
    }
    expect(
      await services.db.$count(newsletterSubscribers, eq(newsletterSubscribers.id, subscriber.id)),
    ).toBe(1);
  });
});
