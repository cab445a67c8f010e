import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { createMailer, mailDirectory } from "#app/server/notifications/mailer.server.ts";
import { quoteRequestMessage } from "#app/server/notifications/messages.server.ts";
import { queueMessages } from "#app/server/notifications/outbox.server.ts";
import { OutboxWorker } from "#app/server/notifications/worker.server.ts";
import { notifications } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/* Decision 003 acceptance: without SMTP_URL every message is an .eml file under DATA_DIR/mail/. */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
});
afterAll(() => handle?.close());

const emlFiles = () =>
  fs.existsSync(mailDirectory(services.env))
    ? fs.readdirSync(mailDirectory(services.env)).filter((name) => name.endsWith(".eml"))
    : [];

/** The .eml mailer and an outbox worker whose clock stands a second ahead: all mail is due. */
function fileOutbox(options: { senderName?: () => Promise<string | null> } = {}) {
  const mailer = createMailer(services.env);
  const now = new Date(Date.now() + 1_000);
  const worker = new OutboxWorker({
    db: handle.db,
    mailer,
    logger: pino({ level: "silent" }),
    now: () => now,
    ...options,
  });
  return { mailer, worker, now };
}

describe("the .eml transport (no SMTP_URL)", () => {
  it("writes one readable file per message, and a re-send rewrites the same file", async () => {
    expect(services.env.SMTP_URL).toBeUndefined();
    await handle.db.transaction((tx) =>
      queueMessages(
        tx,
        quoteRequestMessage(services.env, {
          name: "<script>alert(1)</script> Zanele",
          email: "zanele@example.co.za",
          service: "Embedded/IoT Systems",
          message: "A sensor for our borehole pump.",
        }),
      ),
    );
    const { mailer, worker, now } = fileOutbox();
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const files = emlFiles();
    expect(files).toHaveLength(1);
    const [row] = await handle.db.select().from(notifications);
    expect(files[0]).toMatch(new RegExp(`-quote\\.company-${row!.id}\\.eml$`));

    const mail = await simpleParser(
      fs.readFileSync(path.join(mailDirectory(services.env), files[0]!)),
    );
    expect(mail.from?.value).toEqual([{ name: "Website", address: "office@example.co.za" }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("office@example.co.za");
    expect(mail.replyTo?.text).toBe("zanele@example.co.za");
    expect(mail.subject).toBe(
      "New quote request: Embedded/IoT Systems from <script>alert(1)</script> Zanele",
    );
    expect(mail.messageId).toBe(`<${row!.id}@localhost>`);
    expect(mail.text).toContain("A sensor for our borehole pump.");
    expect(mail.text).toContain("Email: zanele@example.co.za");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Zanele");
    expect(mail.html).not.toContain("<script>");

    // As if the process died after writing but before marking: the row comes back…
    await handle.db
      .update(notifications)
      .set({ status: "pending", nextAttemptAt: now })
      .where(eq(notifications.id, row!.id));
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // …and the second delivery replaces the first file instead of adding one.
    expect(emlFiles()).toEqual(files);
    mailer.close();
  });

  it("sends under the business details' sender name, from MAIL_FROM's address", async () => {
    await handle.db.delete(notifications);
    fs.rmSync(mailDirectory(services.env), { recursive: true, force: true });
    await queueMessages(
      handle.db,
      quoteRequestMessage(services.env, {
        name: "Zanele",
        email: "zanele@example.co.za",
        service: "Web Development",
        message: "A shop for our bakery.",
      }),
    );
    const { mailer, worker } = fileOutbox({
      senderName: async () => "Kwezi Engineering Workshop",
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [file] = emlFiles();
    const mail = await simpleParser(fs.readFileSync(path.join(mailDirectory(services.env), file!)));
    expect(mail.from?.value).toEqual([
      { name: "Kwezi Engineering Workshop", address: "office@example.co.za" },
    ]);
    mailer.close();
  });

  it("turns a quote request sent through the form into one .eml file with its fields", async () => {
    await handle.db.delete(notifications);
    for (const file of emlFiles()) fs.rmSync(path.join(mailDirectory(services.env), file));
    const app = await createTestApp(services);

    const response = await app.postForm("/hardware", {
      form_stamp: createFormStamp(services.env.SESSION_SECRET, Date.now() - 5_000),
      name: "Ayanda Mthembu",
      email: "ayanda@example.co.za",
      service: "prototyping",
      message: "Ten enclosures for a water meter, by March.",
    });
    expect(response.status).toBe(200);

    const { mailer, worker } = fileOutbox();
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    mailer.close();

    const files = emlFiles();
    expect(files).toHaveLength(1);
    const mail = await simpleParser(
      fs.readFileSync(path.join(mailDirectory(services.env), files[0]!)),
    );
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(services.env.NOTIFY_EMAIL);
    expect(mail.replyTo?.text).toBe("ayanda@example.co.za");
    expect(mail.subject).toBe("New quote request: Prototyping from Ayanda Mthembu");
    expect(mail.text).toContain("Email: ayanda@example.co.za");
    for (const field of [
      "Ayanda Mthembu",
      "ayanda@example.co.za",
      "Prototyping",
      "Ten enclosures for a water meter, by March.",
    ]) {
      expect(mail.text).toContain(field);
      expect(mail.html).toContain(field);
    }
  }, 120_000);
});
