import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp, MAX_FORM_AGE_MS } from "#app/server/http/honeypot.server.ts";
import { claimFormStamp, verdictCounts } from "#app/server/spam/form-guard.server.ts";
import {
  auditLog,
  contactRequests,
  formVerdictCounts,
  heldSubmissions,
  newsletterSubscribers,
  notifications,
  usedFormStamps,
} from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import { freezeTime, releaseTime } from "#tests/setup/clock.ts";
import type { createTestServices } from "#tests/setup/services.ts";

/*
 * Decision 016: no real visitor's message is silently lost. A
 * submission that looks like a script (too fast, a page open too long, a stamp used before,
 * no valid stamp) is stored as held, not e-mailed; an admin releases it (the normal path,
 * its notification exactly once) or deletes it. A filled honeypot still stores nothing.
 */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let app: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
let address = 0;
const nextAddress = () => `10.30.0.${++address}`;

beforeAll(async () => {
  ({ handle, services, app, cookie: adminCookie } = await createAdminApp());
}, 120_000);
afterAll(() => handle.close());
beforeEach(async () => {
  for (const table of [
    contactRequests,
    newsletterSubscribers,
    notifications,
    heldSubmissions,
    usedFormStamps,
    formVerdictCounts,
  ]) {
    await handle.db.delete(table);
  }
  // A "fast" stamp is fast by the clock, not by how quickly a busy machine answers: Date
  // stands still in each test (docs/testing.md "Time in tests").
  freezeTime();
});
afterEach(releaseTime);

const secret = () => services.env.SESSION_SECRET;
const goodStamp = () => createFormStamp(secret(), Date.now() - 5000);
const fastStamp = () => createFormStamp(secret(), Date.now());

const QUOTE = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  service: "web-development",
  message: "We need an online shop for our bakery.",
};
const CONTACT = {
  name: "Sipho Dlamini",
  email: "sipho@example.co.za",
  subject: "Opening hours",
  message: "Are you open on public holidays?",
};

async function post(path: string, fields: Record<string, string>) {
  const response = await app.postForm(path, fields, { clientAddress: nextAddress() });
  return { status: response.status, html: await response.text() };
}

const held = () => handle.db.select().from(heldSubmissions);
const requests = () => handle.db.select().from(contactRequests);
const outbox = () => handle.db.select().from(notifications);
const subscribers = () => handle.db.select().from(newsletterSubscribers);

async function adminPost(fields: Record<string, string>) {
  const response = await app.postForm("/admin/held.data", fields, {
    headers: { Cookie: adminCookie },
  });
  return { status: response.status, body: await response.text() };
}

describe("a too-fast submission is held, not lost and not e-mailed", () => {
  it.each([
    ["/digital", QUOTE, "Quote Request Submitted", "quote"],
    ["/contact", CONTACT, "Message Sent", "contact"],
  ] as const)(
    "%s: answered as usual, stored as held, no outbox row",
    async (path, fields, notice, form) => {
      const { status, html } = await post(path, { ...fields, form_stamp: fastStamp() });
      expect(status).toBe(200);
      expect(html).toContain(notice);
      expect(await requests()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
      const rows = await held();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        form,
        reason: "too-fast",
        name: fields.name,
        email: fields.email,
      });
      expect(rows[0]!.payload).toMatchObject(fields);
    },
  );

  it("newsletter: held, no subscriber and no welcome e-mail", async () => {
    const { status } = await post("/newsletter", {
      email: "fast@example.co.za",
      source: "footer",
      enhanced: "1",
      form_stamp: fastStamp(),
    });
    expect(status).toBe(200);
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await held()).toMatchObject([
      { form: "newsletter", reason: "too-fast", email: "fast@example.co.za" },
    ]);
  });

  it("holds a missing or forged stamp too (a restart with a new secret must not lose messages)", async () => {
    await post("/contact", { ...CONTACT });
    await post("/contact", { ...CONTACT, form_stamp: "123.abc.def" });
    expect((await held()).map((row) => row.reason)).toEqual(["bad-stamp", "bad-stamp"]);
    expect(await outbox()).toHaveLength(0);
  });

  it("a filled honeypot still stores nothing anywhere, with the usual answer", async () => {
    const { status, html } = await post("/contact", {
      ...CONTACT,
      form_stamp: fastStamp(),
      hp_website: "http://spam.example",
    });
    expect(status).toBe(200);
    expect(html).toContain("Message Sent");
    expect(await held()).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await handle.db.select().from(usedFormStamps)).toHaveLength(0);
  });
});

describe("form stamps expire and are used once per form", () => {
  it("a stamp older than the maximum age is held as expired; the person sees the usual success", async () => {
    const old = createFormStamp(secret(), Date.now() - MAX_FORM_AGE_MS - 60_000);
    const { html } = await post("/digital", { ...QUOTE, form_stamp: old });
    expect(html).toContain("Quote Request Submitted");
    expect(await held()).toMatchObject([{ reason: "expired", form: "quote" }]);
    expect(await requests()).toHaveLength(0);
  });

  it("a stamp is accepted once per form kind: the replay is held, another form may use it", async () => {
    const stamp = goodStamp();
    await post("/digital", { ...QUOTE, form_stamp: stamp });
    await post("/hardware", { ...QUOTE, message: "Again, the same stamp.", form_stamp: stamp });
    expect(await requests()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
    expect(await held()).toMatchObject([{ reason: "reused", form: "quote" }]);
    // The page's other forms carry the same stamp: the contact form's first use is fine.
    await post("/contact", { ...CONTACT, form_stamp: stamp });
    expect(await requests()).toHaveLength(2);
    expect(await held()).toHaveLength(1);
  });

  it("a too-fast stamp is used up too, so it cannot be replayed later as a good one", async () => {
    const issuedAt = Date.now();
    const stamp = createFormStamp(secret(), issuedAt);
    await post("/contact", { ...CONTACT, form_stamp: stamp });
    expect(await held()).toMatchObject([{ reason: "too-fast" }]);
    // Its nonce is kept until the stamp could no longer be accepted anyway …
    const used = await handle.db.select().from(usedFormStamps);
    expect(used).toHaveLength(1);
    expect(used[0]!.expiresAt.getTime()).toBe(issuedAt + MAX_FORM_AGE_MS);
    // … so the same stamp, sent again once MIN_FILL_MS has passed, is a replay.
    const claimedAgain = await claimFormStamp(handle.db, "contact", {
      issuedAt,
      nonce: used[0]!.nonce,
    });
    expect(claimedAgain).toBe(false);
  });

  it("forgets used stamps once they are past their age", async () => {
    const now = new Date();
    await handle.db.insert(usedFormStamps).values([
      { form: "quote", nonce: "old-nonce-aaaaaaaaaaaa", expiresAt: new Date(now.getTime() - 1000) },
      { form: "quote", nonce: "new-nonce-aaaaaaaaaaaa", expiresAt: new Date(now.getTime() + 1000) },
    ]);
    await claimFormStamp(
      handle.db,
      "contact",
      { issuedAt: now.getTime(), nonce: "x".repeat(22) },
      now,
    );
    const left = (await handle.db.select().from(usedFormStamps)).map((row) => row.nonce).sort();
    expect(left).toEqual(["new-nonce-aaaaaaaaaaaa", "x".repeat(22)]);
  });
});

describe("releasing and deleting held submissions", () => {
  async function holdOne(path: string, fields: Record<string, string>) {
    await post(path, { ...fields, form_stamp: fastStamp() });
    const [row] = await held();
    return row!;
  }

  it("Release stores the request through the normal path and sends exactly one notification", async () => {
    const row = await holdOne("/digital", { ...QUOTE, phone: "082 123 4567" });
    const first = await adminPost({ intent: "release", id: row.id });
    expect(first.status).toBe(200);
    expect(first.body).toContain("Submission released");
    const stored = await requests();
    expect(stored).toMatchObject([
      {
        name: QUOTE.name,
        email: QUOTE.email,
        phone: "082 123 4567",
        service: "Web Development",
        message: QUOTE.message,
      },
    ]);
    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: "quote.company", replyTo: QUOTE.email });
    expect(await held()).toHaveLength(0);
    // Released twice (a second click, a second admin): nothing more is stored or sent.
    const again = await adminPost({ intent: "release", id: row.id });
    expect(again.status).toBe(404);
    expect(again.body).toContain("no longer held");
    expect(await requests()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "held_submission.release"));
    expect(audit?.details).toMatchObject({ form: "quote", reason: "too-fast" });
    expect(JSON.stringify(audit?.details)).not.toContain(QUOTE.email);
  });

  it("two admins releasing at once: one notification", async () => {
    const row = await holdOne("/contact", CONTACT);
    const answers = await Promise.all([
      adminPost({ intent: "release", id: row.id }),
      adminPost({ intent: "release", id: row.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await requests()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  it("a released newsletter sign-up awaits confirmation, and its link is sent then", async () => {
    await post("/newsletter", {
      email: "held@example.co.za",
      source: "popup",
      enhanced: "1",
      form_stamp: fastStamp(),
    });
    const [row] = await held();
    expect((await adminPost({ intent: "release", id: row!.id })).status).toBe(200);
    expect(await subscribers()).toMatchObject([
      { email: "held@example.co.za", consentSource: "popup", status: "pending" },
    ]);
    expect((await outbox()).map((m) => m.kind)).toEqual(["newsletter.confirm"]);
  });

  it("Delete erases it: nothing stored, nothing sent", async () => {
    const row = await holdOne("/contact", CONTACT);
    const answer = await adminPost({ intent: "delete", id: row.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Submission deleted");
    expect(await held()).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("shows the held submissions and the verdict counters to the admin", async () => {
    await holdOne("/digital", QUOTE);
    await post("/contact", { ...CONTACT, form_stamp: goodStamp() });
    await post("/contact", { ...CONTACT, form_stamp: goodStamp(), hp_website: "x" });
    const page = await app.request("/admin/held", { headers: { Cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Held as possible spam");
    expect(html).toContain(QUOTE.name);
    expect(html).toContain("Sent within 2 seconds of the form being shown");
    const counts = await verdictCounts(handle.db);
    expect(counts).toEqual(
      expect.arrayContaining([
        { form: "quote", verdict: "too-fast", count: 1 },
        { form: "contact", verdict: "ok", count: 1 },
        { form: "contact", verdict: "honeypot", count: 1 },
      ]),
    );
  });
});
