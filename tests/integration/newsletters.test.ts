import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES, type NewsletterDraft } from "#app/lib/validation/newsletters.ts";
import type { AuditActor } from "#app/server/audit/audit.server.ts";
import { type Database, type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";
import { pgErrorCode } from "#app/server/db/errors.server.ts";
import {
  createNewsletter,
  deleteNewsletter,
  getNewsletter,
  newsletterDelivery,
  newsletterProgress,
  pauseNewsletter,
  resumeNewsletter,
  saveNewsletterDraft,
  sendNewsletterTest,
  startDueNewsletters,
  startNewsletter,
  unscheduleNewsletter,
} from "#app/server/newsletter/newsletters.server.ts";
import {
  confirmSubscription,
  readUnsubscribeToken,
  subscribe,
  unsubscribe,
} from "#app/server/newsletter/subscribers.server.ts";
import type { Mailer, MailMessage } from "#app/server/notifications/mailer.server.ts";
import { OutboxWorker } from "#app/server/notifications/worker.server.ts";
import {
  auditLog,
  newsletterSubscribers,
  newsletters,
  notifications,
  type SubscriberStatus,
} from "#db/schema/index.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * Newsletters through the outbox (docs/product.md §3.10 "Newsletters", decision 045): drafts,
 * sending now or later at a pace, one outbox row per subscribed address (never two), the
 * worker rendering each with the recipient's own unsubscribe link, skips, bounces, pause and
 * resume, and two workers sharing the work. Time is a fixed clock the test moves; mail goes to
 * a recording mailer.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const OWNER: AuditActor = { userId: null, email: "owner@example.co.za" };
const DRAFT: NewsletterDraft = {
  subject: "Spring at the studio",
  preheader: "New tiles and a weekend workshop",
  body: "# Spring is here\n\nOur **new tiles** are in.",
};

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
/**
 * Each test's start, a minute ahead of the real clock: messages queued with the database's
 * now() (the test send) are due by it. `now` is what the domain and the worker read.
 */
let start: Date;
let now: Date;
const later = (ms: number) => new Date(start.getTime() + ms);

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(notifications);
  await handle.db.delete(newsletters);
  await handle.db.delete(newsletterSubscribers);
  await handle.db.delete(auditLog);
  start = new Date(Math.ceil(Date.now() / SECOND) * SECOND + MINUTE);
  now = start;
});

// ---- Helpers -------------------------------------------------------------------------------

/** A mail server that keeps what it accepts, and refuses the addresses it is told to. */
class RecordingMailer implements Mailer {
  readonly description = "recording";
  readonly sent: MailMessage[] = [];
  readonly refusals = new Map<string, Error>();
  async send(message: MailMessage) {
    const refusal = this.refusals.get(message.to);
    if (refusal) throw refusal;
    this.sent.push(message);
  }
  close() {}
  to = () => this.sent.map((message) => message.to);
}

/** An SMTP server's refusal of the recipient, as nodemailer reports it. */
const rcptRefusal = (responseCode: number, text: string) =>
  Object.assign(new Error(`${responseCode} ${text}`), { responseCode, command: "RCPT TO" });

function outboxWorker(mailer: Mailer, db: Database = handle.db) {
  return new OutboxWorker({
    db,
    mailer,
    logger: pino({ level: "silent" }),
    now: () => now,
    newsletters: newsletterDelivery({ db, env: async () => services.env }),
  });
}

let serial = 0;
let joined = 0;
/** New addresses, in the order they join (zero-padded: sorting keeps that order). */
const readers = (count: number) =>
  Array.from({ length: count }, () => `reader${String(++serial).padStart(4, "0")}@example.co.za`);

/** Puts addresses straight on the list, each a second after the one before (the queue's order). */
async function addSubscribers(emails: string[], status: SubscriberStatus = "subscribed") {
  await handle.db.insert(newsletterSubscribers).values(
    emails.map((email) => {
      const at = new Date(start.getTime() - DAY + ++joined * SECOND);
      return {
        email,
        status,
        consentSource: "footer",
        consentText: "test consent",
        createdAt: at,
        statusChangedAt: at,
      };
    }),
  );
  return emails;
}

async function createDraft(draft: Partial<NewsletterDraft> = {}) {
  const id = await createNewsletter(handle.db, OWNER);
  expect(await saveNewsletterDraft(handle.db, id, { ...DRAFT, ...draft }, now)).toMatchObject({
    ok: true,
  });
  return id;
}

const sendNow = (id: string, ratePerMinute: number | null = 60) =>
  startNewsletter(handle.db, id, { at: null, ratePerMinute }, OWNER, now);
const schedule = (id: string, at: Date, ratePerMinute: number | null = 60) =>
  startNewsletter(handle.db, id, { at, ratePerMinute }, OWNER, now);

async function load(id: string) {
  const row = await getNewsletter(handle.db, id);
  expect(row).not.toBeNull();
  return row!;
}
const progress = async (id: string) => newsletterProgress(handle.db, await load(id));

/** The newsletter's outbox rows in the order they fall due. */
const issueRows = (id: string) =>
  handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.newsletterId, id))
    .orderBy(notifications.nextAttemptAt, notifications.recipient);
const rowStatuses = async (id: string) =>
  Object.fromEntries((await issueRows(id)).map((row) => [row.recipient, row.status]));
const subscriberStatuses = async () =>
  Object.fromEntries(
    (await handle.db.select().from(newsletterSubscribers)).map((row) => [row.email, row.status]),
  );
const audits = (action: string) =>
  handle.db.select().from(auditLog).where(eq(auditLog.action, action));

/** The address in a message's List-Unsubscribe header. */
function unsubscribeLink(message: MailMessage): string {
  const url = /^<(.+)>$/.exec(message.headers["List-Unsubscribe"] ?? "")?.[1];
  expect(url, `List-Unsubscribe of ${message.to}`).toBeDefined();
  return url!;
}

/** The token of the confirmation link e-mailed to an address. */
async function confirmationToken(email: string) {
  const [mail] = await handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, email));
  const token = /\/newsletter\/confirm\/([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** What a refused statement's driver error says (drizzle wraps it): SQLSTATE and text. */
async function refusal(statement: PromiseLike<unknown>) {
  let caught: unknown;
  try {
    await statement;
  } catch (error) {
    caught = error;
  }
  expect(caught, "the statement was accepted").toBeDefined();
  const texts: string[] = [];
  for (let current = caught; current; current = (current as { cause?: unknown }).cause) {
    const { message, constraint, constraint_name } = current as Record<string, unknown>;
    texts.push(String(message ?? ""), String(constraint ?? ""), String(constraint_name ?? ""));
  }
  return { code: pgErrorCode(caught), text: texts.join("\n") };
}

const wrongState = (words: string) => ({
  ok: false,
  status: 409,
  message: `This newsletter is ${words}: reload the page to see where it stands.`,
});

// ---- Tests ---------------------------------------------------------------------------------

describe("drafts", () => {
  it("saves the subject, preview line and body, and deletes a draft with an audit record", async () => {
    const id = await createNewsletter(handle.db, OWNER);
    expect(await load(id)).toMatchObject({ status: "draft", subject: "", body: "" });

    now = later(MINUTE);
    expect(await saveNewsletterDraft(handle.db, id, DRAFT, now)).toEqual({
      ok: true,
      updatedAt: now,
    });
    expect(await load(id)).toMatchObject({ ...DRAFT, status: "draft", updatedAt: now });

    expect(await deleteNewsletter(handle.db, id, OWNER)).toEqual({
      ok: true,
      subject: DRAFT.subject,
    });
    expect(await getNewsletter(handle.db, id)).toBeNull();
    expect(await audits("newsletter.delete")).toMatchObject([
      { actorEmail: OWNER.email, entityId: id, details: { subject: DRAFT.subject } },
    ]);
  });

  it("refuses to save or delete a newsletter that is sending or scheduled, and keeps it as it was", async () => {
    await addSubscribers(readers(1));
    const sending = await createDraft();
    expect(await sendNow(sending)).toMatchObject({ ok: true, status: "sending" });
    const scheduled = await createDraft();
    expect(await schedule(scheduled, later(HOUR))).toMatchObject({ ok: true, status: "scheduled" });

    const notDraft = { ok: false, status: 409, message: NEWSLETTER_MESSAGES.notDraft };
    for (const id of [sending, scheduled]) {
      const before = await load(id);
      const edit = { subject: "Changed", preheader: "Changed", body: "Changed" };
      expect(await saveNewsletterDraft(handle.db, id, edit, later(MINUTE))).toEqual(notDraft);
      expect(await deleteNewsletter(handle.db, id, OWNER)).toEqual(notDraft);
      expect(await load(id)).toEqual(before);
    }
    expect(await issueRows(sending)).toHaveLength(1);
    expect(await audits("newsletter.delete")).toEqual([]);
  });

  it("answers 'not found' for an unknown or malformed id", async () => {
    await addSubscribers(readers(1));
    const notFound = { ok: false, status: 404, message: NEWSLETTER_MESSAGES.notFound };
    for (const id of [randomUUID(), "not-a-uuid", "", "1 or 1=1"]) {
      expect(await getNewsletter(handle.db, id)).toBeNull();
      expect(await saveNewsletterDraft(handle.db, id, DRAFT, now)).toEqual(notFound);
      expect(await deleteNewsletter(handle.db, id, OWNER)).toEqual(notFound);
      expect(await sendNewsletterTest(handle.db, services.env, id, OWNER)).toEqual(notFound);
      expect(await sendNow(id)).toEqual(notFound);
      expect(await pauseNewsletter(handle.db, id, OWNER)).toEqual(notFound);
      expect(await resumeNewsletter(handle.db, id, OWNER, now)).toEqual(notFound);
      expect(await unscheduleNewsletter(handle.db, id, OWNER)).toEqual(notFound);
    }
    expect(await handle.db.select().from(notifications)).toEqual([]);
  });
});

describe("starting a send", () => {
  it("refuses without a subject, without a body, and with no subscribed address", async () => {
    // Addresses that are on the list but may not get a newsletter.
    await addSubscribers(readers(1), "pending");
    await addSubscribers(readers(1), "unsubscribed");
    await addSubscribers(readers(1), "bounced");
    const cases: [Partial<NewsletterDraft>, string][] = [
      [{ subject: "" }, NEWSLETTER_MESSAGES.subject],
      [{ subject: " \t " }, NEWSLETTER_MESSAGES.subject],
      [{ body: "" }, NEWSLETTER_MESSAGES.body],
      [{ body: "\n   \n" }, NEWSLETTER_MESSAGES.body],
      [{}, NEWSLETTER_MESSAGES.noSubscribers],
    ];
    for (const [draft, message] of cases) {
      const id = await createDraft(draft);
      for (const at of [null, later(HOUR)]) {
        expect(
          await startNewsletter(handle.db, id, { at, ratePerMinute: 60 }, OWNER, now),
          `${JSON.stringify(draft)}, at ${at}`,
        ).toEqual({ ok: false, status: 422, message });
      }
      expect(await load(id)).toMatchObject({
        status: "draft",
        scheduledAt: null,
        startedAt: null,
        recipients: null,
      });
    }
    expect(await handle.db.select().from(notifications)).toEqual([]);
    expect(await audits("newsletter.send")).toEqual([]);
    expect(await audits("newsletter.schedule")).toEqual([]);
  });

  it("refuses a sending time that is not in the future", async () => {
    await addSubscribers(readers(1));
    const id = await createDraft();
    for (const at of [later(-MINUTE), now]) {
      expect(await schedule(id, at)).toEqual({
        ok: false,
        status: 422,
        message: NEWSLETTER_MESSAGES.sendAt,
      });
    }
    expect(await load(id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await handle.db.select().from(notifications)).toEqual([]);
  });

  it("queues one empty row per subscribed address, a second apart at 60 a minute, and audits it", async () => {
    const subscribed = await addSubscribers(readers(3));
    await addSubscribers(readers(1), "pending");
    await addSubscribers(readers(1), "unsubscribed");
    await addSubscribers(readers(1), "bounced");
    const id = await createDraft();

    expect(await sendNow(id, 60)).toEqual({ ok: true, status: "sending", recipients: 3 });

    const rows = await issueRows(id);
    expect(rows.map((row) => row.recipient)).toEqual(subscribed);
    rows.forEach((row, turn) => {
      expect(row).toMatchObject({
        kind: "newsletter.issue",
        newsletterId: id,
        status: "pending",
        attempts: 0,
        subject: DRAFT.subject,
        textBody: "",
        htmlBody: "",
        headers: {},
        nextAttemptAt: later(turn * SECOND),
      });
    });
    // Nothing else went into the outbox.
    expect(await handle.db.select().from(notifications)).toHaveLength(3);
    expect(await load(id)).toMatchObject({
      status: "sending",
      startedAt: now,
      recipients: 3,
      ratePerMinute: 60,
    });
    expect(await audits("newsletter.send")).toMatchObject([
      {
        actorEmail: OWNER.email,
        entity: "newsletter",
        entityId: id,
        details: { subject: DRAFT.subject, recipients: 3, ratePerMinute: 60 },
      },
    ]);
  });

  it("spaces the rows by 60000 / rate ms, and makes them all due at once without a rate", async () => {
    await addSubscribers(readers(3));
    const dueAfter = async (id: string) =>
      (await issueRows(id)).map((row) => row.nextAttemptAt.getTime() - now.getTime());

    const paced = await createDraft();
    await sendNow(paced, 600);
    expect(await dueAfter(paced)).toEqual([0, 100, 200]);

    const unpaced = await createDraft();
    expect(await sendNow(unpaced, null)).toMatchObject({ ok: true, recipients: 3 });
    expect(await dueAfter(unpaced)).toEqual([0, 0, 0]);
    expect(await load(unpaced)).toMatchObject({ ratePerMinute: null });
  });
});

describe("never twice to one address", () => {
  it("queues a scheduled newsletter once, however often its start runs", async () => {
    const subscribed = await addSubscribers(readers(3));
    const id = await createDraft();
    await schedule(id, later(HOUR));

    now = later(HOUR);
    expect(await startDueNewsletters(handle.db, now)).toBe(1);
    expect(await startDueNewsletters(handle.db, now)).toBe(0);
    expect((await issueRows(id)).map((row) => row.recipient)).toEqual(subscribed);

    // Even when the queueing itself runs again (put back to 'scheduled' by hand), the unique
    // index keeps one row per address.
    await handle.db.update(newsletters).set({ status: "scheduled" }).where(eq(newsletters.id, id));
    expect(await startDueNewsletters(handle.db, later(HOUR + MINUTE))).toBe(1);
    expect((await issueRows(id)).map((row) => row.recipient)).toEqual(subscribed);
  });

  it("refuses a second row for the same newsletter and address in any letter case", async () => {
    const [address] = await addSubscribers(readers(1));
    const id = await createDraft();
    await sendNow(id);
    const row = (newsletterId: string | null, recipient: string) => ({
      kind: "newsletter.issue",
      recipient,
      subject: "Again",
      textBody: "",
      htmlBody: "",
      newsletterId,
    });

    const mixedCase = address!.replace(/^r/, "R").replace("example", "Example");
    for (const recipient of [address!, address!.toUpperCase(), mixedCase]) {
      const refused = await refusal(handle.db.insert(notifications).values(row(id, recipient)));
      expect(refused.code).toBe("23505");
      expect(refused.text).toContain("notifications_newsletter_recipient_unique");
    }
    expect(await issueRows(id)).toHaveLength(1);

    // The index is per newsletter: messages that belong to none are not in it, and the next
    // newsletter goes to the address again.
    await handle.db.insert(notifications).values([row(null, address!), row(null, address!)]);
    const next = await createDraft();
    expect(await sendNow(next)).toMatchObject({ ok: true, recipients: 1 });
  });
});

describe("delivery by the outbox worker", () => {
  it("sends each address its own message and unsubscribe link, then marks the newsletter sent", async () => {
    const subscribed = await addSubscribers(readers(3));
    const id = await createDraft();
    await sendNow(id, null);
    const mailer = new RecordingMailer();

    now = later(5 * SECOND);
    expect(await outboxWorker(mailer).runOnce()).toEqual({ sent: 3, retrying: 0, failed: 0 });

    expect([...mailer.to()].sort()).toEqual(subscribed);
    const links = new Set<string>();
    for (const message of mailer.sent) {
      const url = unsubscribeLink(message);
      const prefix = `${services.env.PUBLIC_URL}/newsletter/unsubscribe/`;
      expect(url.startsWith(prefix)).toBe(true);
      expect(readUnsubscribeToken(services.env.SESSION_SECRET, url.slice(prefix.length))).toBe(
        message.to,
      );
      links.add(url);
      expect(message).toMatchObject({ kind: "newsletter.issue", subject: DRAFT.subject });
      expect(message.headers).toEqual({
        "List-Unsubscribe": `<${url}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(message.html).toContain("Spring is here");
      expect(message.html).toContain("<strong>new tiles</strong>");
      expect(message.html).toContain(DRAFT.preheader);
      expect(message.html).toContain(`href="${url}"`);
      expect(message.text).toContain("Our new tiles are in.");
      expect(message.text).toContain(url);
    }
    expect(links.size).toBe(3);

    expect(Object.values(await rowStatuses(id))).toEqual(["sent", "sent", "sent"]);
    expect(await load(id)).toMatchObject({ status: "sent", finishedAt: now });
    expect(await progress(id)).toEqual({
      queued: 0,
      sent: 3,
      failed: 0,
      skipped: 0,
      unsubscribedSince: 0,
    });
  });

  it("at 60 a minute, a run sends only what is due and the clock releases the next", async () => {
    const [first, second, third] = await addSubscribers(readers(3));
    const id = await createDraft();
    await sendNow(id, 60);
    const mailer = new RecordingMailer();
    const worker = outboxWorker(mailer);

    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.to()).toEqual([first]);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    now = later(SECOND - 1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    now = later(SECOND);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.to()).toEqual([first, second]);
    expect(await load(id)).toMatchObject({ status: "sending", finishedAt: null });
    expect(await progress(id)).toMatchObject({ queued: 1, sent: 2 });

    now = later(2 * SECOND);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.to()).toEqual([first, second, third]);
    expect(await load(id)).toMatchObject({ status: "sent", finishedAt: now });
  });

  it("skips an address that unsubscribed after queueing, and counts those who leave after getting it", async () => {
    const [stays, leavesBefore, leavesAfter] = await addSubscribers(readers(3));
    const id = await createDraft();
    await sendNow(id, null);

    now = later(MINUTE);
    expect(await unsubscribe(handle.db, leavesBefore!, now)).toBe(true);
    const mailer = new RecordingMailer();
    expect(await outboxWorker(mailer).runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    expect([...mailer.to()].sort()).toEqual([stays, leavesAfter]);
    expect(await rowStatuses(id)).toEqual({
      [stays!]: "sent",
      [leavesBefore!]: "cancelled",
      [leavesAfter!]: "sent",
    });
    expect(await load(id)).toMatchObject({ status: "sent" });
    expect(await progress(id)).toEqual({
      queued: 0,
      sent: 2,
      failed: 0,
      skipped: 1,
      unsubscribedSince: 0,
    });

    now = later(HOUR);
    expect(await unsubscribe(handle.db, leavesAfter!, now)).toBe(true);
    expect(await progress(id)).toEqual({
      queued: 0,
      sent: 2,
      failed: 0,
      skipped: 1,
      unsubscribedSince: 1,
    });
  });

  it("a permanent refusal (550 to RCPT TO) fails the row and bounces the address; a 4xx is retried", async () => {
    const [fine, gone, busy] = await addSubscribers(readers(3));
    const id = await createDraft();
    await sendNow(id, null);
    const mailer = new RecordingMailer();
    mailer.refusals.set(gone!, rcptRefusal(550, "5.1.1 No such mailbox"));
    mailer.refusals.set(busy!, rcptRefusal(451, "4.7.1 Try again later"));
    const worker = outboxWorker(mailer);

    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 1, failed: 1 });
    const rows = Object.fromEntries((await issueRows(id)).map((row) => [row.recipient, row]));
    expect(rows[gone!]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "550 5.1.1 No such mailbox",
    });
    expect(rows[busy!]).toMatchObject({ status: "pending", attempts: 1 });
    expect(await subscriberStatuses()).toEqual({
      [fine!]: "subscribed",
      [gone!]: "bounced",
      [busy!]: "subscribed",
    });
    expect(await load(id)).toMatchObject({ status: "sending" });

    // The retry a minute later gets through; a failed row does not hold the newsletter open.
    mailer.refusals.delete(busy!);
    now = later(MINUTE);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect([...mailer.to()].sort()).toEqual([fine, busy]);
    expect(await load(id)).toMatchObject({ status: "sent", finishedAt: now });
    expect(await progress(id)).toEqual({
      queued: 0,
      sent: 2,
      failed: 1,
      skipped: 0,
      unsubscribedSince: 0,
    });

    // The next newsletter leaves the bounced address out.
    const next = await createDraft({ subject: "Winter hours" });
    expect(await sendNow(next)).toEqual({ ok: true, status: "sending", recipients: 2 });
    expect((await issueRows(next)).map((row) => row.recipient)).toEqual([fine, busy]);
  });
});

describe("pause and resume", () => {
  it("pause holds what is not sent, resume spaces it again from then, and the wrong state is refused", async () => {
    const subscribed = await addSubscribers(readers(4));
    const draft = await createDraft();
    expect(await pauseNewsletter(handle.db, draft, OWNER)).toEqual(wrongState("a draft"));
    expect(await resumeNewsletter(handle.db, draft, OWNER, now)).toEqual(wrongState("a draft"));
    expect(await load(draft)).toMatchObject({ status: "draft" });

    const id = await createDraft();
    await sendNow(id, 60);
    const mailer = new RecordingMailer();
    const worker = outboxWorker(mailer);
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });

    expect(await pauseNewsletter(handle.db, id, OWNER)).toEqual({
      ok: true,
      subject: DRAFT.subject,
    });
    expect(await load(id)).toMatchObject({ status: "paused" });
    expect(Object.values(await rowStatuses(id)).sort()).toEqual(["held", "held", "held", "sent"]);
    expect(await progress(id)).toMatchObject({ queued: 3, sent: 1 });

    // Long after their turns, nothing of it goes, and it is not taken for finished.
    now = later(HOUR);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.to()).toEqual([subscribed[0]]);
    expect(await load(id)).toMatchObject({ status: "paused", finishedAt: null });

    // Pausing a paused newsletter is refused and changes nothing.
    const held = await issueRows(id);
    expect(await pauseNewsletter(handle.db, id, OWNER)).toEqual(wrongState("paused"));
    expect(await issueRows(id)).toEqual(held);

    const resumedAt = now;
    expect(await resumeNewsletter(handle.db, id, OWNER, resumedAt)).toEqual({
      ok: true,
      subject: DRAFT.subject,
    });
    expect(await load(id)).toMatchObject({ status: "sending" });
    const resumed = (await issueRows(id)).filter((row) => row.status !== "sent");
    expect(
      resumed.map((row) => [
        row.recipient,
        row.status,
        row.nextAttemptAt.getTime() - resumedAt.getTime(),
      ]),
    ).toEqual([
      [subscribed[1], "pending", 0],
      [subscribed[2], "pending", SECOND],
      [subscribed[3], "pending", 2 * SECOND],
    ]);

    // Resuming a newsletter that is sending is refused and changes nothing.
    const pending = await issueRows(id);
    expect(await resumeNewsletter(handle.db, id, OWNER, later(2 * HOUR))).toEqual(
      wrongState("being sent"),
    );
    expect(await issueRows(id)).toEqual(pending);

    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    now = new Date(resumedAt.getTime() + 2 * SECOND);
    expect(await worker.runOnce()).toMatchObject({ sent: 2 });
    expect(mailer.to()).toEqual(subscribed);
    expect(await load(id)).toMatchObject({ status: "sent" });

    expect(await pauseNewsletter(handle.db, id, OWNER)).toEqual(wrongState("sent"));
    expect(await resumeNewsletter(handle.db, id, OWNER, now)).toEqual(wrongState("sent"));
    expect(await audits("newsletter.pause")).toHaveLength(1);
    expect(await audits("newsletter.resume")).toHaveLength(1);
  });
});

describe("scheduled sending", () => {
  it("queues nothing before its time, then the subscribers of that moment", async () => {
    const [stays, leaves] = await addSubscribers(readers(2));
    // Someone signs up through the form before it is scheduled, and confirms before its time.
    const newcomer = "newcomer@example.co.za";
    expect(
      await subscribe(
        handle.db,
        services.env,
        { email: newcomer, source: "footer", consentText: "test consent" },
        now,
      ),
    ).toMatchObject({ status: "confirmation-sent" });
    const id = await createDraft();
    const at = later(HOUR);

    expect(await schedule(id, at, 60)).toEqual({ ok: true, status: "scheduled", at });
    expect(await load(id)).toMatchObject({
      status: "scheduled",
      scheduledAt: at,
      ratePerMinute: 60,
      startedAt: null,
      recipients: null,
    });
    expect(await issueRows(id)).toEqual([]);
    expect(await audits("newsletter.schedule")).toMatchObject([
      {
        entityId: id,
        details: { subject: DRAFT.subject, at: at.toISOString(), ratePerMinute: 60 },
      },
    ]);

    now = later(30 * MINUTE);
    const token = await confirmationToken(newcomer);
    expect(await confirmSubscription(handle.db, services.env, token, now)).toEqual({
      status: "confirmed",
      email: newcomer,
    });
    expect(await unsubscribe(handle.db, leaves!, now)).toBe(true);

    expect(await startDueNewsletters(handle.db, new Date(at.getTime() - 1))).toBe(0);
    expect(await issueRows(id)).toEqual([]);
    expect(await load(id)).toMatchObject({ status: "scheduled" });

    expect(await startDueNewsletters(handle.db, at)).toBe(1);
    const rows = await issueRows(id);
    expect(rows.map((row) => row.recipient)).toEqual([stays, newcomer]);
    expect(rows.map((row) => row.nextAttemptAt.getTime() - at.getTime())).toEqual([0, SECOND]);
    expect(await load(id)).toMatchObject({ status: "sending", startedAt: at, recipients: 2 });
  });

  it("is started by the outbox worker when its time comes", async () => {
    const [first] = await addSubscribers(readers(2));
    const id = await createDraft();
    await schedule(id, later(HOUR), 60);
    const mailer = new RecordingMailer();
    const worker = outboxWorker(mailer);

    now = later(HOUR - 1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await load(id)).toMatchObject({ status: "scheduled" });

    now = later(HOUR);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.to()).toEqual([first]);
    expect(await load(id)).toMatchObject({ status: "sending", startedAt: now, recipients: 2 });
  });

  it("unscheduling makes it a draft again, which never goes out by itself", async () => {
    await addSubscribers(readers(2));
    const id = await createDraft();
    await schedule(id, later(HOUR));

    expect(await unscheduleNewsletter(handle.db, id, OWNER)).toEqual({
      ok: true,
      subject: DRAFT.subject,
    });
    expect(await load(id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await unscheduleNewsletter(handle.db, id, OWNER)).toEqual(wrongState("a draft"));

    expect(await startDueNewsletters(handle.db, later(2 * HOUR))).toBe(0);
    expect(await issueRows(id)).toEqual([]);
    expect(await saveNewsletterDraft(handle.db, id, DRAFT, now)).toMatchObject({ ok: true });
    expect(await audits("newsletter.unschedule")).toHaveLength(1);
  });
});

describe("two workers on one database", () => {
  it(`send each address exactly once (${TEST_DB_KIND === "postgres" ? "at the same time" : "one after the other: PGlite has one connection"})`, async () => {
    const subscribed = await addSubscribers(readers(30));
    const id = await createDraft();
    // Scheduled: both workers also race to start it.
    await schedule(id, later(MINUTE), null);
    now = later(MINUTE);

    const concurrent = TEST_DB_KIND === "postgres";
    const other = concurrent
      ? await openDatabase({ databaseUrl: handle.url!, poolSize: 2 })
      : handle;
    try {
      const mailers = [new RecordingMailer(), new RecordingMailer()] as const;
      const workers = [outboxWorker(mailers[0], handle.db), outboxWorker(mailers[1], other.db)];
      const summaries = concurrent
        ? await Promise.all(workers.map((worker) => worker.runOnce()))
        : [await workers[0]!.runOnce(), await workers[1]!.runOnce()];

      expect([...mailers[0].to(), ...mailers[1].to()].sort()).toEqual(subscribed);
      expect(summaries.reduce((sum, summary) => sum + summary.sent, 0)).toBe(30);
      const rows = await issueRows(id);
      expect(rows).toHaveLength(30);
      expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
      expect(await load(id)).toMatchObject({ status: "sent", recipients: 30 });
    } finally {
      if (other !== handle) await other.close();
    }
  });
});

describe("test send", () => {
  it("queues one full '[Test]' message to the admin, apart from the newsletter", async () => {
    const [reader] = await addSubscribers(readers(1));
    await addSubscribers([OWNER.email]);
    const id = await createDraft();

    expect(await sendNewsletterTest(handle.db, services.env, id, OWNER)).toEqual({
      ok: true,
      to: OWNER.email,
    });
    const outbox = await handle.db.select().from(notifications);
    expect(outbox).toHaveLength(1);
    const [test] = outbox;
    expect(test).toMatchObject({
      kind: "newsletter.test",
      recipient: OWNER.email,
      subject: `[Test] ${DRAFT.subject}`,
      newsletterId: null,
      status: "pending",
    });
    expect(test!.htmlBody).toContain("<strong>new tiles</strong>");
    expect(test!.textBody).toContain("Our new tiles are in.");
    expect(test!.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/newsletter\/unsubscribe\/.+>$/,
    );
    expect(await load(id)).toMatchObject({ status: "draft", startedAt: null });
    expect(await audits("newsletter.test")).toMatchObject([
      { entityId: id, details: { subject: DRAFT.subject, to: OWNER.email } },
    ]);

    // The real send still goes to the admin's own (subscribed) address.
    expect(await sendNow(id, null)).toEqual({ ok: true, status: "sending", recipients: 2 });
    const mailer = new RecordingMailer();
    expect(await outboxWorker(mailer).runOnce()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    const toOwner = mailer.sent
      .filter((message) => message.to === OWNER.email)
      .map((message) => [message.kind, message.subject])
      .sort();
    expect(toOwner).toEqual([
      ["newsletter.issue", DRAFT.subject],
      ["newsletter.test", `[Test] ${DRAFT.subject}`],
    ]);
    expect(mailer.to()).toContain(reader);
  });
});
