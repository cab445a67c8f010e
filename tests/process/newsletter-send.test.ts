import crypto from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import {
  createNewsletter,
  saveNewsletterDraft,
  startNewsletter,
} from "#app/server/newsletter/newsletters.server.ts";
import { OUTBOX_CHANNEL } from "#app/server/notifications/outbox.server.ts";
import {
  DEFAULT_LEASE_MS,
  NEWSLETTER_OUTCOME_UNKNOWN,
} from "#app/server/notifications/worker.server.ts";
import * as schema from "#db/schema/index.ts";
import { freePort } from "#tests/setup/nginx.ts";
import { killServerProcesses, startServerProcess } from "#tests/setup/process.ts";
import { createTempDataDir } from "#tests/setup/services.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/setup/smtp.ts";

/*
 * A newsletter to 2,000 addresses sent by two app processes sharing one PostgreSQL database
 * (decision 045), one of them killed with SIGKILL halfway. Both processes' outbox workers take
 * the newsletter's rows (FOR UPDATE SKIP LOCKED); the survivor sends the rest. No address may
 * get it twice, counted at the SMTP server both processes send through, and every address
 * gets it once but for the message the killed process was sending: whether that one reached
 * the server is unknown, so when its lease runs out (brought forward here: the lease is 10
 * minutes) it is not sent again but shown as failed. The test says which happened. Skipped
 * without TEST_DATABASE_URL.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const SKIP_REASON = TEST_DATABASE_URL
  ? null
  : "TEST_DATABASE_URL is not set: two app processes need one PostgreSQL database";
const ADDRESSES = 2_000;
const SESSION_SECRET = "newsletter-send-secret-0123456789abcdef-0123";

let databaseName: string;
let databaseUrl: string;
let sql: postgres.Sql;
let smtp: TestSmtpServer;
const figures: Record<string, string | number> = {};

beforeAll(async () => {
  if (SKIP_REASON) return;
  const admin = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  databaseName = `proc_newsletter_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  smtp = await startSmtpServer();
}, 60_000);

afterAll(async () => {
  killServerProcesses();
  if (SKIP_REASON) return;
  if (Object.keys(figures).length > 0) {
    console.log(
      `\nnewsletter send figures (two processes, PostgreSQL):\n${Object.entries(figures)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join("\n")}\n`,
    );
  }
  await sql?.end();
  await smtp?.stop();
  const admin = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

async function startNode() {
  const port = await freePort();
  const server = startServerProcess(createTempDataDir(), {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    SESSION_SECRET,
    PUBLIC_URL: "https://kwezi.example",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Kwezi Engineering <no-reply@example.co.za>",
    NOTIFY_EMAIL: "office@example.co.za",
    NEWSLETTER_CONFIRM: "false",
  });
  await server.ready;
  return server;
}

/** How many newsletters each address received, from the SMTP envelope. */
function receivedPerAddress(subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of smtp.received) {
    if (message.mail.subject !== subject) continue;
    for (const to of message.rcptTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

describe("a newsletter sent by two app processes", () => {
  it("never reaches an address twice, and every other address once, although one process is killed halfway", async ({
    skip,
  }) => {
    skip(Boolean(SKIP_REASON), SKIP_REASON ?? "");
    // The first start migrates; the second finds it done.
    const first = await startNode();
    const second = await startNode();

    await sql`
      insert into newsletter_subscribers (email, status, consent_source, confirmed_at)
      select 'reader' || n || '@example.co.za', 'subscribed', 'footer', now()
      from generate_series(1, ${ADDRESSES}) as n`;
    const db: Database = drizzle(sql, { schema });
    const actor = { userId: null, email: "owner@example.co.za" };
    const id = await createNewsletter(db, actor);
    const subject = `News ${crypto.randomBytes(3).toString("hex")}`;
    await saveNewsletterDraft(
      db,
      id,
      { subject, preheader: "", body: "Hello from the workshop.\n\n[The shop](/crafts)" },
      new Date(),
    );
    const started = Date.now();
    // As fast as the outbox goes: the pace is the owner's, and not what this test is about.
    const result = await startNewsletter(
      db,
      id,
      { at: null, ratePerMinute: null },
      actor,
      new Date(),
    );
    expect(result).toMatchObject({ ok: true, status: "sending", recipients: ADDRESSES });

    // Halfway, one process dies without a chance to finish anything.
    await expect
      .poll(() => receivedPerAddress(subject).size, { timeout: 120_000, interval: 50 })
      .toBeGreaterThanOrEqual(ADDRESSES / 2);
    second.child.kill("SIGKILL");
    await new Promise((resolve) => second.child.once("exit", resolve));
    const atKill = receivedPerAddress(subject).size;

    const [killed] = await sql<{ at: Date }[]>`select now() as at`;
    const killedAt = killed!.at;
    // The row it held stays claimed for the lease (10 minutes); bring that moment forward.
    // Only rows claimed before the kill: once the survivor has sent more, its own message
    // in flight was claimed after it.
    await expect
      .poll(() => receivedPerAddress(subject).size, { timeout: 60_000, interval: 50 })
      .toBeGreaterThanOrEqual(atKill + 20);
    const lease = `${DEFAULT_LEASE_MS} milliseconds`;
    const held = await sql<{ recipient: string }[]>`
      update notifications set next_attempt_at = now()
      where newsletter_id = ${id} and status = 'sending'
        and next_attempt_at - ${lease}::interval < ${killedAt}
      returning recipient`;
    await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`;

    await expect
      .poll(
        async () =>
          (await sql`select status from newsletters where id = ${id}`)[0]?.status as string,
        { timeout: 180_000, interval: 200 },
      )
      .toBe("sent");
    const elapsed = Date.now() - started;
    const counts = receivedPerAddress(subject);
    const twice = [...counts].filter(([, n]) => n > 1).map(([address]) => address);
    const statuses = await sql<{ status: string; n: number }[]>`
      select status, count(*)::int as n from notifications where newsletter_id = ${id}
      group by status`;

    const uncertain = held[0]?.recipient;
    figures.addresses = ADDRESSES;
    figures["received when one process was killed"] = atKill;
    figures["rows the killed process held"] = held.length;
    figures["addresses that received it"] = counts.size;
    figures["addresses that received it twice"] = twice.length;
    figures["the killed process's message"] = !uncertain
      ? "none in flight"
      : counts.has(uncertain)
        ? "had reached the SMTP server; not sent again"
        : "had not reached the SMTP server; not sent again, shown as failed";
    figures["all sent in"] = `${(elapsed / 1000).toFixed(1)} s`;

    // Never twice. Every address once, but for the message the killed process was sending:
    // its outcome is unknown, so it is not sent again (it arrived, or it shows as failed).
    expect(twice).toEqual([]);
    expect(held.length).toBeLessThanOrEqual(1);
    const failed = await sql<{ recipient: string; last_error: string }[]>`
      select recipient, last_error from notifications
      where newsletter_id = ${id} and status = 'failed'`;
    const expected = new Set(
      Array.from({ length: ADDRESSES }, (_, n) => `reader${n + 1}@example.co.za`),
    );
    for (const row of failed) {
      expect(row.recipient).toBe(uncertain);
      expect(row.last_error).toBe(NEWSLETTER_OUTCOME_UNKNOWN);
    }
    for (const address of expected) {
      if (address === uncertain) continue;
      expect(counts.get(address), address).toBe(1);
    }
    expect(statuses.reduce((sum, row) => sum + row.n, 0)).toBe(ADDRESSES);
    expect(statuses.filter((row) => row.status !== "sent" && row.status !== "failed")).toEqual([]);
    // Rendered at its turn, for its address: the body and its own one-click unsubscribe.
    const one = smtp.received.find((m) => m.mail.subject === subject)!;
    expect(one.mail.text).toContain("Hello from the workshop.");
    expect(one.mail.text).toContain(`because ${one.rcptTo[0]} subscribed`);
    const lines = Object.fromEntries(one.mail.headerLines.map((h) => [h.key, h.line]));
    expect(lines["list-unsubscribe-post"]).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(lines["list-unsubscribe"]).toContain("<https://kwezi.example/newsletter/unsubscribe/");
    expect(first.child.exitCode).toBeNull();
  }, 300_000);
});
