import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGAL_TEXT_MESSAGES } from "#app/lib/validation/legal.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { legalVersionHistory } from "#app/server/site/legal-pages.server.ts";
import { auditLog, legalVersions } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestUser, signedInCookie } from "#tests/setup/auth.ts";
import { createTestServices, type TestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Settings → Privacy policy / Terms of service (decision 042): the first text until the owner
 * publishes one; each publication a new version with its own day, the earlier ones kept and
 * listed; the text shown as headings, paragraphs and lists only; admins only.
 */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let clerkCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
  const admin = await createTestUser(services.db, { admin: true, email: "owner@example.co.za" });
  adminCookie = (await signedInCookie(services, admin.id)).cookie;
  const clerk = await createTestUser(services.db, { admin: false });
  clerkCookie = (await signedInCookie(services, clerk.id)).cookie;
}, 120_000);
afterAll(() => handle.close());

const publish = (page: string, markdown: string, cookie = adminCookie) =>
  app.postForm(`/admin/settings/legal/${page}`, { markdown }, { headers: { Cookie: cookie } });

const NEW_TERMS = [
  "These terms changed.",
  "",
  "## Orders",
  "- Prices include VAT.",
  "- <b>No</b> payment online.",
  "",
  "### Returns",
  "1. Tell us within 7 days.",
].join("\n");

describe("the legal pages", () => {
  it("show the first text, naming the business, until the owner publishes one", async () => {
    const terms = await (await app.request("/terms")).text();
    expect(terms).toContain("Last updated: <!-- -->23 November 2026");
    expect(terms).toContain("Kwezi Engineering (Pty) Ltd is a company registered in South Africa");
    expect(terms).toContain("<h2");
    const admin = await app.request("/admin/settings/legal/terms", {
      headers: { Cookie: adminCookie },
    });
    expect(admin.status).toBe(200);
    const form = await admin.text();
    expect(form).toContain("## Use of the website");
    expect(form).toContain("None yet: the page shows the text the website came with.");
  });

  it("refuse a non-admin, an empty text and an unknown page, publishing nothing", async () => {
    expect((await publish("terms", NEW_TERMS, clerkCookie)).status).toBeGreaterThanOrEqual(300);
    const empty = await publish("terms", "   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(LEGAL_TEXT_MESSAGES.required);
    const tooLong = await publish("terms", "x".repeat(50_001));
    expect(await tooLong.text()).toContain(LEGAL_TEXT_MESSAGES.tooLong);
    expect((await publish("cookies", NEW_TERMS)).status).toBe(404);
    expect(await services.db.select().from(legalVersions)).toEqual([]);
  });

  it("publish a new version with today's date, shown as headings and lists, audited", async () => {
    const response = await publish("terms", NEW_TERMS);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("New version published");
    const today = new Intl.DateTimeFormat("en-ZA", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Africa/Johannesburg",
    }).format(new Date());
    const page = await (await app.request("/terms")).text();
    expect(page).toContain(`Last updated: <!-- -->${today}`);
    expect(page).toMatch(/<h2[^>]*>Orders<\/h2>/);
    expect(page).toMatch(/<h3[^>]*>Returns<\/h3>/);
    expect(page).toMatch(/<ol[^>]*><li>Tell us within 7 days\.<\/li><\/ol>/);
    // Markup in the text is shown as text, never as HTML.
    expect(page).toContain("&lt;b&gt;No&lt;/b&gt; payment online.");
    expect(page).not.toContain("Use of the website");
    // The privacy policy is untouched.
    expect(await (await app.request("/privacy")).text()).toContain("What we collect, and why");
    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.legal"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({
      actorEmail: "owner@example.co.za",
      details: { page: "Terms of Service", previous: "the first text" },
    });
  });

  it("keep every earlier version, listed newest first; the same text again publishes nothing", async () => {
    expect(await (await publish("terms", NEW_TERMS)).text()).toContain("Nothing to publish");
    await publish("terms", `${NEW_TERMS}\n\nA last line.`);
    const versions = await legalVersionHistory(services.db, "terms");
    expect(versions.map((v) => v.markdown)).toEqual([`${NEW_TERMS}\n\nA last line.`, NEW_TERMS]);
    const form = await (
      await app.request("/admin/settings/legal/terms", { headers: { Cookie: adminCookie } })
    ).text();
    expect(form).toContain("Earlier versions");
    expect(form).toContain("shown now");
    expect(await (await app.request("/terms")).text()).toContain("A last line.");
  });
});
