import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { type DatabaseHandle, openDatabase, redactUrl } from "#app/server/db/client.server.ts";
import { migrateDatabase } from "#app/server/db/migrate.server.ts";
import { loadEnv, pgliteDirectory } from "#app/server/env.server.ts";
import {
  createNewsletter,
  newsletterDelivery,
  saveNewsletterDraft,
  startNewsletter,
} from "#app/server/newsletter/newsletters.server.ts";
import { createMailer, mailDirectory } from "#app/server/notifications/mailer.server.ts";
import { OutboxWorker } from "#app/server/notifications/worker.server.ts";
import { loadBusinessDetails } from "#app/server/site/business-details.server.ts";
import { newsletters } from "#db/schema/index.ts";

/*
 * `npm run bench:newsletter` (decision 045): one newsletter to N subscribed addresses
 * (default 10,000), the pace off, through the outbox and the .eml file transport, end to end:
 * from "send" (queueing every row in one statement) to the last file written and its row
 * marked sent. Prints messages per second, the memory the process held while sending (its
 * resident size sampled every 100 ms: it should stay flat, the send is streamed), and checks
 * that every address got exactly one file and nothing else was written.
 *
 *   npm run bench:newsletter                                  PGlite on disk
 *   DATABASE_URL=postgres://127.0.0.1:5432/test npm run bench:newsletter
 *   npm run bench:newsletter -- --subscribers 20000 --workers 2
 *
 * On PostgreSQL a throwaway database `bench_newsletter_<time>` is made beside the one named
 * and dropped afterwards. `--workers N` runs N outbox workers in this process (as N app
 * processes would: each claims rows with SKIP LOCKED); PGlite has one connection, so there
 * they take turns. Writes the figures as JSON to bench-results/.
 */

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? args[at + 1] : process.env[`BENCH_${name.toUpperCase()}`];
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll(",", "").replaceAll("_", ""));
  if (!Number.isInteger(n) || n < 1) throw new Error(`bench: --${name} wants a count: ${value}`);
  return n;
}

const BODY = `# What we built this month

A short note from the workshop in Durban: a **new laser cutter**, three websites and a
batch of engraved keyrings.

## In the shop

- Custom name keyrings, engraved while you wait
- Walnut phone stands
- [See everything in the shop](/crafts)

![The workshop](/images/portfolio/iot-dashboard.svg)

Reply to this e-mail with any question.`;

async function createTarget(dataDir: string, databaseUrl: string | undefined) {
  if (!databaseUrl) {
    return {
      label: "PGlite",
      open: () => openDatabase({ pgliteDir: pgliteDirectory({ DATA_DIR: dataDir }) }),
      drop: async () => {},
    };
  }
  const { default: postgres } = await import("postgres");
  const name = `bench_newsletter_${Date.now().toString(36)}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(databaseUrl);
  target.pathname = `/${name}`;
  return {
    label: `PostgreSQL (${redactUrl(databaseUrl)})`,
    open: () => openDatabase({ databaseUrl: target.toString() }),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Every .eml file's recipient, counted per address. */
function recipientsOfFiles(directory: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of fs.readdirSync(directory)) {
    if (!file.endsWith(".eml")) continue;
    const head = fs.readFileSync(path.join(directory, file), "utf8").split("\n\n", 1)[0]!;
    const to = /^To: (.*)$/m.exec(head)?.[1]?.trim().toLowerCase() ?? "(none)";
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function main() {
  const subscribers = option("subscribers", 10_000);
  const workerCount = option("workers", 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-newsletter-"));
  const env = loadEnv({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SMTP_URL: "",
    SESSION_SECRET: "bench-newsletter-secret-bench-newsletter-secret",
    PUBLIC_URL: "https://kwezi.example",
  });
  const target = await createTarget(dataDir, process.env.DATABASE_URL);
  let handle: DatabaseHandle | undefined;
  try {
    handle = await target.open();
    await migrateDatabase(handle);
    const { db } = handle;
    await db.execute(sql`
      insert into newsletter_subscribers (email, status, consent_source, confirmed_at)
      select 'reader' || n || '@example.co.za', 'subscribed', 'footer', now()
      from generate_series(1, ${subscribers}) as n`);
    const business = await loadBusinessDetails(db, env);
    const actor = { userId: null, email: "owner@example.co.za" };
    const id = await createNewsletter(db, actor);
    await saveNewsletterDraft(
      db,
      id,
      { subject: "News from the workshop", preheader: "A new laser cutter", body: BODY },
      new Date(),
    );

    const logger = pino({ level: "warn" });
    const mailer = createMailer(env);
    const delivery = newsletterDelivery({ db, env: async () => ({ ...env, business }) });
    const workers = Array.from(
      { length: workerCount },
      () => new OutboxWorker({ db, mailer, logger, newsletters: delivery }),
    );

    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 100);
    const started = performance.now();
    const result = await startNewsletter(
      db,
      id,
      { at: null, ratePerMinute: null },
      actor,
      new Date(),
    );
    if (!result.ok) throw new Error(`bench: could not start: ${result.message}`);
    const queuedMs = performance.now() - started;
    const summaries = await Promise.all(workers.map((worker) => worker.runOnce()));
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    mailer.close();

    const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
    const files = recipientsOfFiles(mailDirectory(env));
    const duplicates = [...files.values()].filter((n) => n > 1).length;
    const missing = subscribers - files.size;
    const sent = summaries.reduce((sum, s) => sum + s.sent, 0);
    const perSecond = Math.round((sent / totalMs) * 1000);
    const rssMb = rss.map((bytes) => bytes / (1024 * 1024));
    const figures = {
      database: target.label,
      subscribers,
      workers: workerCount,
      queuedMs: Math.round(queuedMs),
      totalMs: Math.round(totalMs),
      sent,
      messagesPerSecond: perSecond,
      files: [...files.values()].reduce((a, b) => a + b, 0),
      duplicates,
      missing,
      newsletterStatus: row?.status,
      rssMb: {
        first: Math.round(rssMb[0] ?? 0),
        max: Math.round(Math.max(...rssMb)),
        last: Math.round(rssMb.at(-1) ?? 0),
      },
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`,
    };
    console.log(
      [
        `bench:newsletter on ${figures.database}: ${subscribers} subscribers, ${workerCount} worker(s)`,
        `  queued in ${figures.queuedMs} ms; all sent in ${figures.totalMs} ms: ${perSecond} messages/s`,
        `  files ${figures.files}, duplicates ${duplicates}, missing ${missing}, newsletter ${row?.status}`,
        `  resident memory while sending: ${figures.rssMb.first} MB at the start, ${figures.rssMb.max} MB at most, ${figures.rssMb.last} MB at the end`,
      ].join("\n"),
    );
    fs.mkdirSync("bench-results", { recursive: true });
    const out = path.join(
      "bench-results",
      `newsletter-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    );
    fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Figures written to ${out}`);
    if (duplicates > 0 || missing !== 0 || sent !== subscribers) process.exitCode = 1;
  } finally {
    await handle?.close();
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
