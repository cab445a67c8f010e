import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";
import type { Mailer, MailMessage } from "#app/server/notifications/mailer.server.ts";
import { contactMessage } from "#app/server/notifications/messages.server.ts";
import { enqueueMessages } from "#app/server/notifications/outbox.server.ts";
import {
  claimNextMessage,
  DEFAULT_LEASE_MS,
  NEWSLETTER_OUTCOME_UNKNOWN,
  OutboxWorker,
} from "#app/server/notifications/worker.server.ts";
import { newsletters, notifications } from "#db/schema/index.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";

/*
 * The worker's bookkeeping with a scripted transport (swapped at the adapter): backoff,
 * giving up, crash recovery through the lease, graceful stop. The clock is injected.
 */

class ScriptedMailer implements Mailer {
  readonly description = "scripted";
  sent: MailMessage[] = [];
  failWith: Error | undefined;
  /** When set, send() waits for this before it returns. */
  gate: Promise<void> | undefined;
  started: (() => void) | undefined;
  async send(message: MailMessage) {
    this.started?.();
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }
  close() {}
}

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let mailer: ScriptedMailer;
let now: Date;
const MINUTE = 60_000;

const worker = () =>
  new OutboxWorker({ db: handle.db, mailer, logger: pino({ level: "silent" }), now: () => now });
const queueOne = () =>
  enqueueMessages(handle.db, [
    contactMessage(services.env, {
      name: "Bongani",
      email: "bongani@example.co.za",
      subject: "Hi",
      message: "Hello",
    }),
  ]);
const onlyRow = async () => {
  const rows = await handle.db.select().from(notifications);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(notifications);
  mailer = new ScriptedMailer();
  now = new Date(Date.now() + 1_000);
});

describe("retries", () => {
  it("waits 1, 2, 4 … 256 minutes between tries and gives up after 10 with the last error", async () => {
    await queueOne();
    const outbox = worker();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      mailer.failWith = new Error(`connection refused (try ${attempt})`);
      const summary = await outbox.runOnce();
      const row = await onlyRow();
      expect(row.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(summary).toEqual({ sent: 0, retrying: 1, failed: 0 });
        expect(row.status).toBe("pending");
        waits.push((row.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
        // One millisecond early: not due.
        now = new Date(row.nextAttemptAt.getTime() - 1);
        expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
        now = row.nextAttemptAt;
      } else {
        expect(summary).toEqual({ sent: 0, retrying: 0, failed: 1 });
        expect(row).toMatchObject({ status: "failed", lastError: "connection refused (try 10)" });
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    // A failed message is never tried again by itself.
    now = new Date(now.getTime() + 365 * 24 * 60 * MINUTE);
    mailer.failWith = undefined;
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(0);
  });

  it("clears the error once a retry succeeds", async () => {
    await queueOne();
    const outbox = worker();
    mailer.failWith = new Error("timeout");
    await outbox.runOnce();
    mailer.failWith = undefined;
    now = new Date(now.getTime() + MINUTE);
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await onlyRow()).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });
});

describe("crash recovery", () => {
  it("re-sends a message whose worker died after claiming it, once its lease runs out", async () => {
    await queueOne();
    // A worker claims the row, then the process dies (before or after sending).
    const claimed = await claimNextMessage(handle.db, now);
    expect(claimed).toMatchObject({ status: "sending", attempts: 1 });

    const outbox = worker();
    now = new Date(now.getTime() + DEFAULT_LEASE_MS - 1);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    now = new Date(now.getTime() + 1);
    expect(await outbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.id)).toEqual([claimed!.id]);
    expect(await onlyRow()).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("crash recovery of a newsletter's message", () => {
  it("is not sent again once its lease runs out (it may have gone out): it fails, saying why", async () => {
    const [newsletter] = await handle.db
      .insert(newsletters)
      .values({ subject: "News", body: "Hello", status: "sending" })
      .returning();
    await handle.db.insert(notifications).values({
      kind: "newsletter.issue",
      recipient: "reader@example.co.za",
      subject: "News",
      textBody: "",
      htmlBody: "",
      newsletterId: newsletter!.id,
      nextAttemptAt: now,
    });
    const claimed = await claimNextMessage(handle.db, now);
    expect(claimed).toMatchObject({ status: "sending", attempts: 1, reclaimed: false });

    const outbox = worker();
    now = new Date(now.getTime() + DEFAULT_LEASE_MS);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(mailer.sent).toEqual([]);
    expect(await onlyRow()).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: NEWSLETTER_OUTCOME_UNKNOWN,
    });
    await handle.db.delete(notifications);
    await handle.db.delete(newsletters);
  });
});

describe("the background loop", () => {
  it("stop() lets the send in progress finish and be recorded, then claims nothing more", async () => {
    await queueOne();
    await queueOne();
    let release!: () => void;
    mailer.gate = new Promise((resolve) => {
      release = resolve;
    });
    const sending = new Promise<void>((resolve) => {
      mailer.started = resolve;
    });
    const outbox = worker();
    outbox.start();
    await sending;

    let stopped = false;
    const stopping = outbox.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(mailer.sent).toHaveLength(1);
    const rows = await handle.db.select().from(notifications);
    expect(rows.map((row) => row.status).sort()).toEqual(["pending", "sent"]);
    const [sent] = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, mailer.sent[0]!.id));
    expect(sent!.status).toBe("sent");
  });
});

describe.skipIf(TEST_DB_KIND !== "postgres")(
  "claims skip rows another connection has locked (PostgreSQL only: PGlite is a single in-process connection, so nothing else can hold a lock)",
  () => {
    /** How long a claim may take before it counts as waiting on the lock (it takes ms). */
    const BLOCKED_AFTER_MS = 3_000;

    it("claims the next due message at once while the oldest one is locked, and the oldest once it is free", async () => {
      await queueOne();
      await queueOne();
      const [oldest, next] = await handle.db
        .select({ id: notifications.id })
        .from(notifications)
        .orderBy(notifications.id);
      // Both due, the first one clearly the oldest: a claim without the lock would pick it.
      await handle.db
        .update(notifications)
        .set({ nextAttemptAt: sql`now() - interval '2 minutes'` })
        .where(eq(notifications.id, oldest!.id));
      await handle.db
        .update(notifications)
        .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
        .where(eq(notifications.id, next!.id));

      // Another connection (another worker mid-claim, or anyone) holds the oldest row's lock
      // in an open transaction.
      const other = await openDatabase({ databaseUrl: handle.url!, poolSize: 1 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = other.db.transaction(async (tx) => {
        await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.id, oldest!.id))
          .for("update");
        locked();
        await released;
      });
      let claiming: Promise<unknown> | undefined;
      try {
        await isLocked;
        claiming = claimNextMessage(handle.db, now);
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          claiming,
          new Promise<"blocked">((resolve) => {
            timer = setTimeout(() => resolve("blocked"), BLOCKED_AFTER_MS);
          }),
        ]);
        clearTimeout(timer);
        expect(outcome, "the claim waited for the other connection's lock").not.toBe("blocked");
        expect(outcome).toMatchObject({ id: next!.id, status: "sending", attempts: 1 });
        // A plain read does not wait for row locks.
        const [stillLocked] = await handle.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, oldest!.id));
        expect(stillLocked).toMatchObject({ status: "pending", attempts: 0 });
      } finally {
        // Free the lock (a blocked claim then finishes) before anything is closed.
        release();
        await holder;
        await claiming?.catch(() => {});
        await other.close();
      }

      // Once free, the oldest is claimed as usual.
      expect(await claimNextMessage(handle.db, now)).toMatchObject({
        id: oldest!.id,
        status: "sending",
        attempts: 1,
      });
      expect(await claimNextMessage(handle.db, now)).toBeUndefined();
    });
  },
);
