import { and, eq, getTableColumns, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { notifications } from "#db/schema/index.ts";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import { type ListenOptions, listenForChannel } from "../db/listen.server.ts";
import type { Env } from "../env.server.ts";
import { pruneFinishedMessages } from "./admin.server.ts";
import {
  createMailer,
  isPermanentFailure,
  type Mailer,
  type MailMessage,
} from "./mailer.server.ts";
import { OUTBOX_CHANNEL } from "./outbox.server.ts";

/*
 * The outbox worker (decision 003). A claim marks one due row 'sending', counts the attempt
 * and pushes next_attempt_at one lease ahead, in one statement that skips rows another worker
 * has locked (FOR UPDATE SKIP LOCKED), so two processes never claim the same row. After the
 * send the row becomes 'sent', or 'pending' again with an exponential backoff, or 'failed'.
 * If the process dies between sending and marking, the lease expires and the row is claimed
 * again: at worst one duplicate, never a lost message.
 */

export const RETRY_POLICY = {
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60_000,
  maxAttempts: 10,
} as const;

/** How long a claimed row is reserved; longer than the worst SMTP send (timeouts ≈ 2 min). */
export const DEFAULT_LEASE_MS = 10 * 60_000;
/** Safety net behind the commit-time wake-ups, and what picks up retries when they are due. */
export const DEFAULT_POLL_INTERVAL_MS = 15_000;
const MAX_ERROR_LENGTH = 2_000;

/** The wait before the next try after `attempts` failed tries: 1 min, 2, 4 … at most 6 h. */
export function retryDelayMs(attempts: number, policy = RETRY_POLICY): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(policy.firstDelayMs * 2 ** exponent, policy.maxDelayMs);
}

export type ClaimedRow = typeof notifications.$inferSelect & {
  /**
   * The row was still 'sending' when claimed: the process that had it stopped before
   * recording the outcome, so the message may have gone out already.
   */
  reclaimed: boolean;
};

/** Claims the oldest due row (pending, or a 'sending' row whose lease ran out). */
export async function claimNextMessage(
  db: Database,
  now: Date,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<ClaimedRow | undefined> {
  const due = db.$with("due").as(
    db
      .select({
        id: notifications.id,
        previousStatus: sql<string>`${notifications.status}`.as("previous_status"),
      })
      .from(notifications)
      .where(
        and(
          inArray(notifications.status, ["pending", "sending"]),
          lte(notifications.nextAttemptAt, now),
        ),
      )
      .orderBy(notifications.nextAttemptAt, notifications.createdAt)
      .limit(1)
      .for("update", { skipLocked: true }),
  );
  const [row] = await db
    .with(due)
    .update(notifications)
    .set({
      status: "sending",
      attempts: sql`${notifications.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .from(due)
    .where(eq(notifications.id, due.id))
    .returning({
      ...getTableColumns(notifications),
      reclaimed: sql<boolean>`${due.previousStatus} = 'sending'`,
    });
  return row;
}

/**
 * Marks a claimed row as sent. The attempt number fences the update: if this worker's lease
 * ran out and another worker claimed the row meanwhile, that worker's claim decides.
 */
async function markSent(db: Database, row: ClaimedRow, now: Date) {
  await db
    .update(notifications)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(
      and(
        eq(notifications.id, row.id),
        eq(notifications.status, "sending"),
        eq(notifications.attempts, row.attempts),
      ),
    );
}

/** Why a newsletter's message whose sending process stopped is not sent again. */
export const NEWSLETTER_OUTCOME_UNKNOWN =
  "Not sent again: the app process that was sending it stopped before it could record whether it went out, and a newsletter never goes twice to one address.";

/** A newsletter's message whose address unsubscribed or bounced before its turn. */
async function markCancelled(db: Database, row: ClaimedRow) {
  await db
    .update(notifications)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(notifications.id, row.id),
        eq(notifications.status, "sending"),
        eq(notifications.attempts, row.attempts),
      ),
    );
}

async function markFailure(
  db: Database,
  row: ClaimedRow,
  now: Date,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(notifications)
    .set(
      final
        ? { status: "failed", lastError: error }
        : {
            status: "pending",
            lastError: error,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          },
    )
    .where(
      and(
        eq(notifications.id, row.id),
        eq(notifications.status, "sending"),
        eq(notifications.attempts, row.attempts),
      ),
    );
}

function describeError(error: unknown): string {
  const message =
    error instanceof Error ? error.message || error.name : String(error ?? "unknown error");
  return message.slice(0, MAX_ERROR_LENGTH);
}

function toMailMessage(row: ClaimedRow, senderName: string | null): MailMessage {
  return {
    senderName,
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    headers: row.headers ?? {},
    createdAt: row.createdAt,
  };
}

/**
 * What the outbox asks of the newsletters (app/server/newsletter/sending.server.ts). A
 * newsletter's row has no bodies: they are rendered at its send with the recipient's own
 * unsubscribe link.
 */
export interface NewsletterDelivery {
  /** The message for a newsletter's row, or null when its address may no longer get it. */
  compose(
    row: ClaimedRow,
  ): Promise<Pick<MailMessage, "subject" | "text" | "html" | "headers"> | null>;
  /** A permanent refusal of the address (5xx to RCPT): no more newsletters go there. */
  bounced(row: ClaimedRow, now: Date): Promise<void>;
  /** Before each run: start the scheduled newsletters whose time has come. */
  beforeRun(now: Date): Promise<void>;
  /** After each run: newsletters with no message left to send are sent. */
  afterRun(now: Date): Promise<void>;
}

export interface RunSummary {
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorkerOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** The time source; tests pass a fixed clock to make backoff deterministic. */
  now?: () => Date;
  pollIntervalMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** The name messages are sent under, read at each send (the business details'). */
  senderName?: () => Promise<string | null>;
  newsletters?: NewsletterDelivery;
}

export class OutboxWorker {
  readonly #db: Database;
  readonly #mailer: Mailer;
  readonly #logger: Logger;
  readonly #now: () => Date;
  readonly #senderName: (() => Promise<string | null>) | undefined;
  readonly #newsletters: NewsletterDelivery | undefined;
  readonly #pollIntervalMs: number;
  readonly #leaseMs: number;
  readonly #maxAttempts: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #started = false;
  #stopping = false;

  constructor(options: OutboxWorkerOptions) {
    this.#db = options.db;
    this.#mailer = options.mailer;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
    this.#senderName = options.senderName;
    this.#newsletters = options.newsletters;
    this.#pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#maxAttempts = options.maxAttempts ?? RETRY_POLICY.maxAttempts;
  }

  /**
   * Delivers every message that is due now, one at a time, until none is left (or the worker
   * is stopping). Each message is tried at most once per run: a failure moves it into the
   * future. Database errors propagate; the scheduler logs them and tries again later.
   */
  async runOnce(): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0 };
    await this.#newsletters?.beforeRun(this.#now());
    while (!this.#stopping) {
      const row = await claimNextMessage(this.#db, this.#now(), this.#leaseMs);
      if (!row) break;
      await this.#deliver(row, summary);
    }
    await this.#newsletters?.afterRun(this.#now());
    return summary;
  }

  /** When the next pending message falls due (a paced newsletter's next turn), if any. */
  async #nextDueAt(): Promise<Date | null> {
    const [row] = await this.#db
      .select({ at: sql<Date | string | null>`min(${notifications.nextAttemptAt})` })
      .from(notifications)
      .where(eq(notifications.status, "pending"));
    return row?.at ? new Date(row.at) : null;
  }

  async #deliver(row: ClaimedRow, summary: RunSummary) {
    const log = { notificationId: row.id, kind: row.kind, attempt: row.attempts };
    let message = toMailMessage(row, (await this.#senderName?.()) ?? null);
    if (row.newsletterId && row.reclaimed) {
      // A newsletter never goes twice to one address (decision 045): when its last try's
      // outcome is unknown, it is not tried again but shown as failed, for the owner to see.
      await markFailure(this.#db, row, this.#now(), NEWSLETTER_OUTCOME_UNKNOWN, true);
      summary.failed++;
      this.#logger.warn(log, "newsletter not sent again: its earlier try's outcome is unknown");
      return;
    }
    if (row.newsletterId && this.#newsletters) {
      const composed = await this.#newsletters.compose(row);
      if (!composed) {
        await markCancelled(this.#db, row);
        this.#logger.info(log, "newsletter not sent: the address left the list");
        return;
      }
      message = { ...message, ...composed };
    }
    try {
      await this.#mailer.send(message);
    } catch (error) {
      const message = describeError(error);
      const permanent = isPermanentFailure(error);
      const final = row.attempts >= this.#maxAttempts || permanent;
      await markFailure(this.#db, row, this.#now(), message, final);
      if (permanent && row.newsletterId) await this.#newsletters?.bounced(row, this.#now());
      if (final) {
        summary.failed++;
        this.#logger.error({ ...log, error: message }, "e-mail failed for good");
      } else {
        summary.retrying++;
        this.#logger.warn(
          { ...log, error: message, retryInMs: retryDelayMs(row.attempts) },
          "e-mail not sent; will retry",
        );
      }
      return;
    }
    await markSent(this.#db, row, this.#now());
    summary.sent++;
    this.#logger.info(log, "e-mail sent");
  }

  /** Starts the background loop: a run now, then on every wake() and every poll interval. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Asks for a run as soon as possible (e.g. right after a transaction wrote messages). */
  wake(): void {
    if (!this.#started || this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#schedule(0);
  }

  /** Stops the loop after the message being sent now is finished and marked. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(delayMs: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
    this.#timer.unref();
  }

  async #tick() {
    if (this.#stopping || this.#running) return;
    this.#again = false;
    const run = this.runOnce().then(
      // A paced newsletter's next message may fall due before the next poll. Asked only
      // after a run that worked: right after a lost connection, the driver must be left be.
      () =>
        this.#nextDueAt().catch((error: unknown) => {
          this.#logger.warn({ error: describeError(error) }, "outbox: next due time not read");
          return null;
        }),
      (error: unknown) => {
        this.#logger.warn({ error: describeError(error) }, "outbox run failed");
        return null;
      },
    );
    this.#running = run.then(() => {});
    const nextDue = await run;
    this.#running = undefined;
    if (this.#stopping) return;
    let delay = this.#again ? 0 : this.#pollIntervalMs;
    // At least a moment: a due row another worker holds locked must not spin this loop.
    if (nextDue && delay > 0) {
      delay = Math.min(delay, Math.max(100, nextDue.getTime() - this.#now().getTime()));
    }
    this.#schedule(delay);
  }
}

/** The outbox deletes old finished messages this often. */
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Wakes `onReady` whenever a transaction that wrote outbox rows commits (decision 003). */
export function listenForOutbox(
  handle: Pick<DatabaseHandle, "kind" | "url" | "pglite">,
  onReady: () => void,
  options?: ListenOptions,
): Promise<() => Promise<void>> {
  return listenForChannel(handle, OUTBOX_CHANNEL, onReady, options);
}

/**
 * What server.ts starts: the mailer for this configuration, the worker and its listener.
 * `stop()` finishes the send in progress, then closes the listener and the transport.
 */
export async function startOutbox(options: {
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "PUBLIC_URL">;
  database: Pick<DatabaseHandle, "db" | "kind" | "url" | "pglite">;
  logger: Logger;
  mailer?: Mailer;
  pollIntervalMs?: number;
  senderName?: () => Promise<string | null>;
  newsletters?: NewsletterDelivery;
}) {
  const mailer = options.mailer ?? createMailer(options.env);
  const logger = options.logger.child({ component: "outbox" });
  const worker = new OutboxWorker({
    db: options.database.db,
    mailer,
    logger,
    pollIntervalMs: options.pollIntervalMs,
    senderName: options.senderName,
    newsletters: options.newsletters,
  });
  const unlisten = await listenForOutbox(options.database, () => worker.wake(), { log: logger });
  worker.start();
  // Finished messages are kept OUTBOX_RETENTION_DAYS, then deleted (POPIA data minimisation).
  const prune = () =>
    pruneFinishedMessages(options.database.db).then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted }, "outbox: old messages deleted");
      },
      (error: unknown) => logger.warn({ error: describeError(error) }, "outbox: pruning failed"),
    );
  void prune();
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  logger.info(`outbox: delivering e-mail via ${mailer.description}`);
  return {
    worker,
    mailer,
    async stop() {
      clearInterval(pruneTimer);
      await worker.stop();
      await unlisten().catch(() => {});
      mailer.close();
    },
  };
}
