import { and, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { NewsletterListRow, NewsletterProgressFigures } from "#app/lib/newsletters.ts";
import { NEWSLETTER_MESSAGES, type NewsletterDraft } from "#app/lib/validation/newsletters.ts";
import {
  type NewsletterStatus,
  newsletterSubscribers,
  newsletters,
  notifications,
} from "#db/schema/index.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { isUuid } from "../catalog/catalog.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";
import { type MailEnv, newsletterIssueMessage, oneLine } from "../notifications/messages.server.ts";
import { OUTBOX_CHANNEL, queueMessages } from "../notifications/outbox.server.ts";
import type { ClaimedRow, NewsletterDelivery } from "../notifications/worker.server.ts";
import { countSubscribedAddresses } from "./newsletter-audience.server.ts";
import { type NewsletterBody, renderNewsletterMarkdown } from "./newsletter-markdown.server.ts";
import { unsubscribeUrl } from "./subscribers.server.ts";

/*
 * Newsletters (docs/product.md §3.10 "Newsletters", decision 045). A draft is written and
 * tested; sending queues one outbox row per subscribed address in one statement (the unique
 * index on newsletter and address makes a second queueing a no-op), spaced by the owner's
 * pace through next_attempt_at. The outbox worker renders each row when its turn comes, with
 * the recipient's own unsubscribe link, and skips an address that left the list meanwhile.
 * Pausing holds the rows not yet sent; resuming spaces them again from now.
 */

export const NEWSLETTER_KIND = "newsletter.issue";

export type Newsletter = typeof newsletters.$inferSelect;
type NewsletterEnv = MailEnv & Pick<Env, "SESSION_SECRET">;

/** Every newsletter, newest first (a small company writes a few a month). */
export async function listNewsletters(db: Database): Promise<NewsletterListRow[]> {
  return db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      status: newsletters.status,
      createdAt: newsletters.createdAt,
      scheduledAt: newsletters.scheduledAt,
      startedAt: newsletters.startedAt,
      finishedAt: newsletters.finishedAt,
      recipients: newsletters.recipients,
    })
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(500);
}

export async function getNewsletter(db: Database, id: string): Promise<Newsletter | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  return row ?? null;
}

/** A new, empty draft. */
export async function createNewsletter(db: Database, actor: AuditActor): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletters)
      .values({ createdBy: actor.email })
      .returning({ id: newsletters.id });
    await recordAudit(tx, actor, {
      action: "newsletter.create",
      entity: "newsletter",
      entityId: row!.id,
    });
    return row!.id;
  });
}

export type NewsletterRefusal = { ok: false; status: 404 | 409 | 422; message: string };
const notFound: NewsletterRefusal = {
  ok: false,
  status: 404,
  message: NEWSLETTER_MESSAGES.notFound,
};
const notDraft: NewsletterRefusal = {
  ok: false,
  status: 409,
  message: NEWSLETTER_MESSAGES.notDraft,
};

/** Locks the newsletter's row for the transaction, or null when there is none. */
async function lockNewsletter(tx: Database, id: string): Promise<Newsletter | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for("update");
  return row ?? null;
}

/**
 * Saves the draft as it is being written (the editor saves a moment after each change). Not
 * audited: a draft's keystrokes are not events; sending it is.
 */
export async function saveNewsletterDraft(
  db: Database,
  id: string,
  draft: NewsletterDraft,
  now: Date,
): Promise<{ ok: true; updatedAt: Date } | NewsletterRefusal> {
  return db.transaction(async (tx) => {
    const row = await lockNewsletter(tx, id);
    if (!row) return notFound;
    if (row.status !== "draft") return notDraft;
    await tx
      .update(newsletters)
      .set({ ...draft, updatedAt: now })
      .where(eq(newsletters.id, id));
    return { ok: true as const, updatedAt: now };
  });
}

/** Deletes a draft (a newsletter that went out is the record of what was sent). */
export async function deleteNewsletter(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<{ ok: true; subject: string } | NewsletterRefusal> {
  return db.transaction(async (tx) => {
    const row = await lockNewsletter(tx, id);
    if (!row) return notFound;
    if (row.status !== "draft") return notDraft;
    await tx.delete(newsletters).where(eq(newsletters.id, id));
    await recordAudit(tx, actor, {
      action: "newsletter.delete",
      entity: "newsletter",
      entityId: id,
      details: { subject: row.subject },
    });
    return { ok: true as const, subject: row.subject };
  });
}

// ---- Rendering -----------------------------------------------------------------------------

/** The e-mail one address gets: the owner's text, its own unsubscribe link and headers. */
export function composeNewsletter(
  env: NewsletterEnv,
  newsletter: Pick<Newsletter, "subject" | "preheader">,
  body: NewsletterBody,
  email: string,
) {
  return newsletterIssueMessage(env, {
    email,
    unsubscribeUrl: unsubscribeUrl(env, email),
    subject: newsletter.subject,
    preheader: newsletter.preheader,
    body,
  });
}

/** The editor's preview: the e-mail as a subscriber would get it, HTML and plain text. */
export function previewNewsletter(
  env: NewsletterEnv,
  draft: Pick<Newsletter, "subject" | "preheader" | "body">,
  email: string,
) {
  const body = renderNewsletterMarkdown(draft.body, { publicUrl: env.PUBLIC_URL });
  return composeNewsletter(env, draft, body, email);
}

/** "Send a test to me": the e-mail as subscribers will get it, to the admin's own address. */
export async function sendNewsletterTest(
  db: Database,
  env: NewsletterEnv,
  id: string,
  actor: AuditActor,
): Promise<{ ok: true; to: string } | NewsletterRefusal> {
  return db.transaction(async (tx) => {
    const row = await lockNewsletter(tx, id);
    if (!row) return notFound;
    const problem = unsendable(row);
    if (problem) return problem;
    const message = previewNewsletter(env, row, actor.email);
    await queueMessages(tx, {
      kind: "newsletter.test",
      to: actor.email,
      ...message,
      subject: `[Test] ${message.subject}`,
    });
    await recordAudit(tx, actor, {
      action: "newsletter.test",
      entity: "newsletter",
      entityId: id,
      details: { subject: row.subject, to: actor.email },
    });
    return { ok: true as const, to: actor.email };
  });
}

/** Why a newsletter cannot go out as it is (a subject and a body are needed). */
function unsendable(row: Newsletter): NewsletterRefusal | null {
  if (!oneLine(row.subject))
    return { ok: false, status: 422, message: NEWSLETTER_MESSAGES.subject };
  if (!row.body.trim()) return { ok: false, status: 422, message: NEWSLETTER_MESSAGES.body };
  return null;
}

// ---- Sending -------------------------------------------------------------------------------

/** The time between two messages at a pace (null: no pause at all). */
function spacingMs(ratePerMinute: number | null): number {
  return ratePerMinute ? 60_000 / ratePerMinute : 0;
}

/**
 * Queues the newsletter for every subscribed address, in one statement that never builds the
 * list in memory, and marks it sending. The n-th message falls due n × spacing after `now`.
 */
async function queueNewsletter(tx: Database, row: Newsletter, now: Date): Promise<number> {
  const spacing = spacingMs(row.ratePerMinute);
  const queued = await tx.execute(sql`
    insert into ${notifications}
      (kind, recipient, subject, text_body, html_body, headers, newsletter_id, next_attempt_at)
    select ${NEWSLETTER_KIND}, s.email, ${oneLine(row.subject)}, '', '', '{}'::jsonb, ${row.id},
      ${now.toISOString()}::timestamptz
        + ((row_number() over (order by s.created_at, s.id)) - 1) * (${spacing} * interval '1 millisecond')
    from ${newsletterSubscribers} s
    where s.status = 'subscribed'
    on conflict (newsletter_id, lower(recipient)) where newsletter_id is not null do nothing`);
  const recipients = affectedRows(queued);
  await tx
    .update(newsletters)
    .set({
      status: "sending",
      startedAt: now,
      recipients,
      ratePerMinute: row.ratePerMinute,
      updatedAt: now,
    })
    .where(eq(newsletters.id, row.id));
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return recipients;
}

/** Rows an insert or update touched, from either driver's result (postgres.js: `count`). */
function affectedRows(result: unknown): number {
  const {
    rowCount,
    affectedRows: affected,
    count,
  } = (result ?? {}) as {
    rowCount?: number | null;
    affectedRows?: number;
    count?: number | null;
  };
  return rowCount ?? affected ?? count ?? 0;
}

export type StartResult =
  | { ok: true; status: "sending"; recipients: number }
  | { ok: true; status: "scheduled"; at: Date }
  | NewsletterRefusal;

/**
 * Sends a draft now, or schedules it for `at` (the recipients are the subscribers of that
 * moment: the outbox worker queues it when its time comes).
 */
export async function startNewsletter(
  db: Database,
  id: string,
  options: { at: Date | null; ratePerMinute: number | null },
  actor: AuditActor,
  now: Date,
): Promise<StartResult> {
  return db.transaction(async (tx): Promise<StartResult> => {
    const row = await lockNewsletter(tx, id);
    if (!row) return notFound;
    if (row.status !== "draft") return notDraft;
    const problem = unsendable(row);
    if (problem) return problem;
    if (options.at && options.at.getTime() <= now.getTime()) {
      return { ok: false, status: 422, message: NEWSLETTER_MESSAGES.sendAt };
    }
    if ((await countSubscribedAddresses(tx)) === 0) {
      return { ok: false, status: 422, message: NEWSLETTER_MESSAGES.noSubscribers };
    }
    const paced = { ...row, ratePerMinute: options.ratePerMinute };
    if (options.at) {
      await tx
        .update(newsletters)
        .set({
          status: "scheduled",
          scheduledAt: options.at,
          ratePerMinute: options.ratePerMinute,
          updatedAt: now,
        })
        .where(eq(newsletters.id, id));
      await recordAudit(tx, actor, {
        action: "newsletter.schedule",
        entity: "newsletter",
        entityId: id,
        details: {
          subject: row.subject,
          at: options.at.toISOString(),
          ratePerMinute: options.ratePerMinute,
        },
      });
      return { ok: true, status: "scheduled", at: options.at };
    }
    const recipients = await queueNewsletter(tx, paced, now);
    await recordAudit(tx, actor, {
      action: "newsletter.send",
      entity: "newsletter",
      entityId: id,
      details: { subject: row.subject, recipients, ratePerMinute: options.ratePerMinute },
    });
    return { ok: true, status: "sending", recipients };
  });
}

/** Scheduled newsletters whose time has come are queued (called by the outbox worker). */
export async function startDueNewsletters(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(newsletters)
      .where(and(eq(newsletters.status, "scheduled"), lte(newsletters.scheduledAt, now)))
      .for("update", { skipLocked: true });
    for (const row of due) await queueNewsletter(tx, row, now);
    return due.length;
  });
}

/** Newsletters with no message left to send (or hold) are sent. */
export async function finishNewsletters(db: Database, now: Date): Promise<void> {
  await db
    .update(newsletters)
    .set({ status: "sent", finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(newsletters.status, "sending"),
        sql`not exists (select 1 from ${notifications} n where n.newsletter_id = ${newsletters.id}
          and n.status in ('pending', 'sending', 'held'))`,
      ),
    );
}

type ChangeResult = { ok: true; subject: string } | NewsletterRefusal;

async function changeState(
  db: Database,
  id: string,
  actor: AuditActor,
  change: {
    from: NewsletterStatus;
    to: NewsletterStatus;
    action: string;
    apply: (tx: Database, row: Newsletter) => Promise<void>;
  },
): Promise<ChangeResult> {
  return db.transaction(async (tx): Promise<ChangeResult> => {
    const row = await lockNewsletter(tx, id);
    if (!row) return notFound;
    if (row.status !== change.from) {
      return {
        ok: false,
        status: 409,
        message: `This newsletter is ${STATUS_WORDS[row.status]}: reload the page to see where it stands.`,
      };
    }
    await change.apply(tx, row);
    await tx.update(newsletters).set({ status: change.to }).where(eq(newsletters.id, id));
    await recordAudit(tx, actor, {
      action: change.action,
      entity: "newsletter",
      entityId: id,
      details: { subject: row.subject },
    });
    return { ok: true, subject: row.subject };
  });
}

const STATUS_WORDS: Record<NewsletterStatus, string> = {
  draft: "a draft",
  scheduled: "scheduled",
  sending: "being sent",
  paused: "paused",
  sent: "sent",
};

/** Holds every message not yet sent; the one being sent right now still goes. */
export function pauseNewsletter(db: Database, id: string, actor: AuditActor) {
  return changeState(db, id, actor, {
    from: "sending",
    to: "paused",
    action: "newsletter.pause",
    apply: async (tx) => {
      await tx
        .update(notifications)
        .set({ status: "held" })
        .where(and(eq(notifications.newsletterId, id), eq(notifications.status, "pending")));
    },
  });
}

/** Sends the held messages again, at the newsletter's pace from now. */
export function resumeNewsletter(db: Database, id: string, actor: AuditActor, now: Date) {
  return changeState(db, id, actor, {
    from: "paused",
    to: "sending",
    action: "newsletter.resume",
    apply: async (tx, row) => {
      const spacing = spacingMs(row.ratePerMinute);
      await tx.execute(sql`
        update ${notifications} n set status = 'pending',
          next_attempt_at = ${now.toISOString()}::timestamptz
            + (held.turn - 1) * (${spacing} * interval '1 millisecond')
        from (
          select id, row_number() over (order by next_attempt_at, id) as turn
          from ${notifications} where newsletter_id = ${id} and status = 'held'
        ) held
        where n.id = held.id`);
      await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    },
  });
}

/** A scheduled newsletter goes back to being a draft. */
export function unscheduleNewsletter(db: Database, id: string, actor: AuditActor) {
  return changeState(db, id, actor, {
    from: "scheduled",
    to: "draft",
    action: "newsletter.unschedule",
    apply: async (tx) => {
      // Both at once: a 'scheduled' row without its time breaks newsletters_scheduled_has_time.
      await tx
        .update(newsletters)
        .set({ status: "draft", scheduledAt: null })
        .where(eq(newsletters.id, id));
    },
  });
}

/** Where a newsletter's sending stands, from its outbox rows. */
export async function newsletterProgress(
  db: Database,
  row: Newsletter,
): Promise<NewsletterProgressFigures> {
  const rows = await db
    .select({ status: notifications.status, n: count() })
    .from(notifications)
    .where(eq(notifications.newsletterId, row.id))
    .groupBy(notifications.status);
  const of = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
  let unsubscribedSince = 0;
  if (row.startedAt) {
    const [since] = await db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(
        and(
          inArray(newsletterSubscribers.status, ["unsubscribed"]),
          gte(newsletterSubscribers.statusChangedAt, row.startedAt),
          sql`exists (select 1 from ${notifications} n where n.newsletter_id = ${row.id}
            and n.status = 'sent' and lower(n.recipient) = lower(${newsletterSubscribers.email}))`,
        ),
      );
    unsubscribedSince = since?.n ?? 0;
  }
  return {
    queued: of("pending", "held", "sending"),
    sent: of("sent"),
    failed: of("failed"),
    skipped: of("cancelled"),
    unsubscribedSince,
  };
}

// ---- The outbox's side ---------------------------------------------------------------------

/**
 * What the outbox worker asks of newsletters (NewsletterDelivery): each row's message, the
 * bounces, and the start and end of scheduled sends. A newsletter's text cannot change once
 * it is sending, so its rendered body is kept for the rows that follow.
 */
export function newsletterDelivery(options: {
  db: Database;
  env: () => Promise<NewsletterEnv>;
}): NewsletterDelivery {
  const { db } = options;
  const bodies = new Map<string, { row: Newsletter; body: NewsletterBody }>();
  async function rendered(id: string, publicUrl: string) {
    let entry = bodies.get(id);
    if (!entry) {
      const row = await getNewsletter(db, id);
      if (!row) return null;
      entry = { row, body: renderNewsletterMarkdown(row.body, { publicUrl }) };
      // A handful of newsletters at most are sending at once; keep the last few.
      if (bodies.size >= 8) bodies.delete(bodies.keys().next().value!);
      bodies.set(id, entry);
    }
    return entry;
  }
  return {
    async compose(row: ClaimedRow) {
      const [subscriber] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${row.recipient.toLowerCase()}`);
      if (subscriber?.status !== "subscribed") return null;
      const env = await options.env();
      const entry = await rendered(row.newsletterId!, env.PUBLIC_URL);
      if (!entry) return null;
      return composeNewsletter(env, entry.row, entry.body, row.recipient);
    },
    async bounced(row: ClaimedRow, now: Date) {
      await db
        .update(newsletterSubscribers)
        .set({ status: "bounced", statusChangedAt: now })
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${row.recipient.toLowerCase()}`,
            eq(newsletterSubscribers.status, "subscribed"),
          ),
        );
    },
    async beforeRun(now: Date) {
      await startDueNewsletters(db, now);
    },
    async afterRun(now: Date) {
      await finishNewsletters(db, now);
    },
  };
}
