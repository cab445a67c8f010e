import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderReference } from "#app/lib/order-status.ts";
import { type DatabaseHandle, openDatabase } from "#app/server/db/client.server.ts";
import { createMailer, type Mailer } from "#app/server/notifications/mailer.server.ts";
import {
  contactMessage,
  newSubscriberMessages,
  orderMessages,
  quoteReplyMessage,
  quoteRequestMessage,
} from "#app/server/notifications/messages.server.ts";
import { enqueueMessages, queueMessages } from "#app/server/notifications/outbox.server.ts";
import { OutboxWorker, startOutbox } from "#app/server/notifications/worker.server.ts";
import { notifications } from "#db/schema/index.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/setup/smtp.ts";
import { createTestDatabase, TEST_DB_KIND } from "#tests/setup/test-db.ts";
import { createSelfSignedCertificate } from "#tests/setup/tls.ts";

/*
 * Decision 003 acceptance: the outbox delivers through a real SMTP server (smtp-server on
 * 127.0.0.1, read back with mailparser). Time is an injected clock and runs are explicit
 * (`runOnce`), so nothing here waits on a timer.
 */

const EVIL_NAME = '<script>alert("x")</script> Sipho';
const ESCAPED_NAME = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Sipho";
const MAIL_FROM = "Kwezi Engineering <no-reply@kwezi.test>";
const ORDER_ID = "3f2a9c1e-7b4d-4e5f-9a8b-1c2d3e4f5a6b";
const UNSUBSCRIBE_URL = "http://localhost:3000/newsletter/unsubscribe/tok-123";

let handle: DatabaseHandle;
let smtp: TestSmtpServer;
let services: ReturnType<typeof createTestServices>;
let mailer: Mailer;
let now: Date;
const logger = pino({ level: "silent" });

const worker = (db = handle.db, transport = mailer) =>
  new OutboxWorker({ db, mailer: transport, logger, now: () => now });
const rows = () => handle.db.select().from(notifications);
const later = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = await startSmtpServer({ rejectRecipients: ["nobody@example.co.za"] });
  services = createTestServices(handle, { SMTP_URL: smtp.url, MAIL_FROM });
});

afterAll(async () => {
  await smtp?.stop();
  await handle?.close();
});

afterEach(() => mailer.close());

beforeEach(async () => {
  await handle.db.delete(notifications);
  smtp.received.length = 0;
  if (!smtp.running) await smtp.start();
  // A fresh pooled transport per test: no connection outlives the test that opened it.
  mailer = createMailer(services.env);
  // Just ahead of the database's now(), so freshly queued rows are due.
  now = new Date(Date.now() + 1_000);
});

describe("every message kind over SMTP", () => {
  it("arrives with the right recipient, sender, subject and content, user values escaped in HTML", async () => {
    const env = services.env;
    await handle.db.transaction(async (tx) => {
      await queueMessages(
        tx,
        quoteRequestMessage(env, {
          name: EVIL_NAME,
          email: "sipho@example.co.za",
          phone: "+27 82 555 0199",
          service: "Web Development",
          message: "We need a booking site.\n<b>Soon</b> please.",
        }),
      );
      await queueMessages(
        tx,
        contactMessage(env, {
          name: EVIL_NAME,
          email: "naledi@example.co.za",
          phone: "031 555 0123",
          subject: "Opening hours",
          message: "Are you open on Saturday?",
        }),
      );
      await queueMessages(
        tx,
        newSubscriberMessages(env, {
          email: "lindiwe@example.co.za",
          unsubscribeUrl: UNSUBSCRIBE_URL,
        }),
      );
      await queueMessages(
        tx,
        orderMessages(env, {
          id: ORDER_ID,
          customerName: EVIL_NAME,
          email: "thandi@example.co.za",
          phone: "+27 82 555 0101",
          lines: [
            { productName: "Engraved <i>Yellowwood</i> Board", priceCents: 45_000, quantity: 2 },
            { productName: "Brass Desk Lamp", priceCents: 26_650, quantity: 1 },
          ],
          totalCents: 116_650,
        }),
      );
      await queueMessages(
        tx,
        quoteReplyMessage(env, {
          to: "sipho@example.co.za",
          service: "Web Development",
          replyText: "Hi Sipho,\n\nThank you for your request. A booking site starts at R12 000.",
        }),
      );
    });

    expect(await worker().runOnce()).toEqual({ sent: 7, retrying: 0, failed: 0 });

    const stored = await rows();
    expect(stored.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    expect(stored.every((row) => row.sentAt?.getTime() === now.getTime())).toBe(true);

    const arrived = (kind: string) => {
      const row = stored.find((r) => r.kind === kind)!;
      const copies = smtp.byRowId(row.id);
      expect(copies, kind).toHaveLength(1);
      const { mail, rcptTo, mailFrom } = copies[0]!;
      expect(mail.from?.value).toEqual([
        { name: "Kwezi Engineering", address: "no-reply@kwezi.test" },
      ]);
      expect(mailFrom).toBe("no-reply@kwezi.test");
      expect(mail.html || "", `${kind} HTML`).not.toMatch(/<script/i);
      return { mail, rcptTo, to: mail.to && !Array.isArray(mail.to) ? mail.to.text : "" };
    };

    const quote = arrived("quote.company");
    expect(quote.rcptTo).toEqual(["office@example.co.za"]);
    expect(quote.to).toBe("office@example.co.za");
    expect(quote.mail.replyTo?.text).toBe("sipho@example.co.za");
    expect(quote.mail.subject).toBe(`New quote request: Web Development from ${EVIL_NAME}`);
    expect(quote.mail.text).toContain(`Name: ${EVIL_NAME}`);
    expect(quote.mail.text).toContain("Service: Web Development");
    expect(quote.mail.text).toContain("Phone: +27 82 555 0199");
    expect(quote.mail.html).toMatch(
      /<th scope="row"[^>]*>Phone<\/th><td[^>]*>\+27 82 555 0199<\/td>/,
    );
    expect(quote.mail.text).toContain("We need a booking site.\n<b>Soon</b> please.");
    expect(quote.mail.html).toContain(ESCAPED_NAME);
    expect(quote.mail.html).toContain("&lt;b&gt;Soon&lt;/b&gt; please.");
    expect(quote.mail.html).toContain('href="http://localhost:3000/admin/quote-requests"');

    const contact = arrived("contact.company");
    expect(contact.rcptTo).toEqual(["office@example.co.za"]);
    expect(contact.mail.replyTo?.text).toBe("naledi@example.co.za");
    expect(contact.mail.subject).toBe(`New contact message: Opening hours from ${EVIL_NAME}`);
    expect(contact.mail.text).toContain("Subject: Opening hours");
    expect(contact.mail.html).toMatch(
      /<th scope="row"[^>]*>Subject<\/th><td[^>]*>Opening hours<\/td>/,
    );
    expect(contact.mail.text).toContain("Phone: 031 555 0123");
    expect(contact.mail.html).toMatch(
      /<th scope="row"[^>]*>Phone<\/th><td[^>]*>031 555 0123<\/td>/,
    );
    expect(contact.mail.text).toContain("Are you open on Saturday?");
    expect(contact.mail.html).toContain(ESCAPED_NAME);

    const subscriber = arrived("newsletter.company");
    expect(subscriber.rcptTo).toEqual(["office@example.co.za"]);
    expect(subscriber.mail.subject).toBe("New newsletter subscriber: lindiwe@example.co.za");
    expect(subscriber.mail.text).toContain("lindiwe@example.co.za subscribed");

    const welcome = arrived("newsletter.welcome");
    expect(welcome.rcptTo).toEqual(["lindiwe@example.co.za"]);
    expect(welcome.mail.subject).toBe("Welcome to the Kwezi Engineering newsletter");
    expect(welcome.mail.headers.get("list")).toEqual({
      unsubscribe: { url: UNSUBSCRIBE_URL },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    expect(welcome.mail.text).toContain(UNSUBSCRIBE_URL);
    expect(welcome.mail.html).toContain(`href="${UNSUBSCRIBE_URL}"`);

    const reference = orderReference(ORDER_ID);
    const order = arrived("order.company");
    expect(order.rcptTo).toEqual(["office@example.co.za"]);
    expect(order.mail.replyTo?.text).toBe("thandi@example.co.za");
    expect(order.mail.subject).toBe(`New order ${reference} from ${EVIL_NAME}: R1166.50`);
    expect(order.mail.text).toContain("Phone: +27 82 555 0101");
    expect(order.mail.html).toContain("+27 82 555 0101");
    expect(order.mail.text).toContain("2 × Engraved <i>Yellowwood</i> Board @ R450.00 = R900.00");
    expect(order.mail.text).toContain("1 × Brass Desk Lamp @ R266.50 = R266.50");
    expect(order.mail.text).toContain("Total: R1166.50");
    expect(order.mail.text).toContain(`http://localhost:3000/admin/orders/${ORDER_ID}`);
    expect(order.mail.html).toContain(`href="http://localhost:3000/admin/orders/${ORDER_ID}"`);
    expect(order.mail.html).toContain("Engraved &lt;i&gt;Yellowwood&lt;/i&gt; Board");
    expect(order.mail.html).toContain(ESCAPED_NAME);

    const confirmation = arrived("order.customer");
    expect(confirmation.rcptTo).toEqual(["thandi@example.co.za"]);
    expect(confirmation.mail.replyTo?.text).toBe("office@example.co.za");
    expect(confirmation.mail.subject).toBe(`Your Kwezi Engineering order ${reference}`);
    expect(confirmation.mail.text).toContain(`Order number: ${reference}`);
    expect(confirmation.mail.text).toContain("Total: R1166.50");
    expect(confirmation.mail.text).toContain(
      "we will contact you to arrange payment and delivery options",
    );
    expect(confirmation.mail.html).toContain(ESCAPED_NAME);
    expect(confirmation.mail.html).toContain("What happens next");

    const reply = arrived("quote.reply");
    expect(reply.rcptTo).toEqual(["sipho@example.co.za"]);
    expect(reply.mail.replyTo?.text).toBe("office@example.co.za");
    expect(reply.mail.subject).toBe("RE: Your Quote Request - Web Development");
    expect(reply.mail.text).toContain("A booking site starts at R12 000.");

    expect(smtp.received).toHaveLength(7);
  });
});

describe("SMTP outages", () => {
  it("keeps messages queued while the server is down and delivers each once when it is back", async () => {
    await enqueueMessages(
      handle.db,
      Array.from({ length: 5 }, (_, i) =>
        contactMessage(services.env, {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.co.za`,
          subject: `Question ${i}`,
          message: "Hello",
        }),
      ),
    );
    await smtp.stop();
    const outbox = worker();

    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 5, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.nextAttemptAt.getTime()).toBe(later(60_000).getTime());
    }

    // Not due yet: nothing is tried.
    now = later(59_999);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // Still down a minute later: the second wait doubles to two minutes.
    now = later(1);
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 5, failed: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 2 });
      expect(row.nextAttemptAt.getTime()).toBe(later(120_000).getTime());
    }

    await smtp.start();
    now = later(120_000);
    expect(await outbox.runOnce()).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(await outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const stored = await rows();
    expect(stored.every((row) => row.status === "sent" && row.lastError === null)).toBe(true);
    expect(smtp.received).toHaveLength(5);
    for (const row of stored) expect(smtp.byRowId(row.id)).toHaveLength(1);
  });

  it("fails a message at once when the server refuses its recipient, and still sends the rest", async () => {
    await enqueueMessages(handle.db, [
      quoteReplyMessage(services.env, {
        to: "nobody@example.co.za",
        service: "Hosting",
        replyText: "Hello",
      }),
      quoteReplyMessage(services.env, {
        to: "somebody@example.co.za",
        service: "Hosting",
        replyText: "Hello",
      }),
    ]);
    expect(await worker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 1 });
    const [refused] = await rows().then((all) =>
      all.filter((row) => row.recipient === "nobody@example.co.za"),
    );
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused!.lastError).toMatch(/550/);
    expect(smtp.received.map((entry) => entry.rcptTo)).toEqual([["somebody@example.co.za"]]);
  });
});

describe("smtps:// (TLS from the first byte)", () => {
  // A server with a throwaway self-signed certificate for 127.0.0.1. The test trusts it the
  // way an operator would trust a private CA: nodemailer reads `tls.*` options from the
  // SMTP_URL's query, so production code needs no test-only switch.
  const certificate = createSelfSignedCertificate();
  let secureSmtp: TestSmtpServer;
  beforeAll(async () => {
    secureSmtp = await startSmtpServer({ tls: certificate });
  });
  afterAll(() => secureSmtp?.stop());
  beforeEach(() => {
    secureSmtp.received.length = 0;
    secureSmtp.errors.length = 0;
  });

  const sendOneThrough = async (smtpUrl: string) => {
    const env = createTestServices(handle, { SMTP_URL: smtpUrl, MAIL_FROM }).env;
    await enqueueMessages(handle.db, [
      contactMessage(env, {
        name: "Zanele",
        email: "zanele@example.co.za",
        subject: "Encrypted?",
        message: "Is this sent over TLS?",
      }),
    ]);
    const tlsMailer = createMailer(env);
    try {
      return { tlsMailer, summary: await worker(handle.db, tlsMailer).runOnce() };
    } finally {
      tlsMailer.close();
    }
  };

  it("delivers over TLS with login to a server whose certificate the URL trusts", async () => {
    const url = `${secureSmtp.url}/?tls.ca=${encodeURIComponent(certificate.cert)}`;
    expect(url).toMatch(/^smtps:\/\//);
    const { tlsMailer, summary } = await sendOneThrough(url);
    expect(tlsMailer.description).toMatch(/^SMTP smtps:\/\/[^ ]*127\.0\.0\.1/);
    expect(tlsMailer.description).not.toContain("s3cret");
    expect(summary).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const copies = secureSmtp.byRowId(row!.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.secure).toBe(true);
    expect(copies[0]!.rcptTo).toEqual(["office@example.co.za"]);
    expect(copies[0]!.mail.subject).toBe("New contact message: Encrypted? from Zanele");
    expect(copies[0]!.mail.text).toContain("Is this sent over TLS?");
  });

  it("does not send to a server whose certificate it cannot verify (TLS is not weakened)", async () => {
    const { summary } = await sendOneThrough(secureSmtp.url);
    expect(summary).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/self[- ]signed certificate/i);
    expect(secureSmtp.received).toHaveLength(0);
    // The client hung up during the handshake, before any SMTP command.
    await expect
      .poll(() => secureSmtp.errors.map((error) => error.message))
      .toContainEqual(expect.stringMatching(/TLS/));
  });
});

describe("the running outbox", () => {
  it("sends a message as soon as the transaction that wrote it commits", async () => {
    // Polling an hour apart: only the commit-time wake-up can deliver within the test.
    const outbox = await startOutbox({
      env: services.env,
      database: handle,
      logger,
      pollIntervalMs: 3_600_000,
    });
    try {
      const [row] = await handle.db.transaction(async (tx) => {
        await queueMessages(
          tx,
          contactMessage(services.env, {
            name: "Ayanda",
            email: "ayanda@example.co.za",
            subject: "Prompt",
            message: "Is this quick?",
          }),
        );
        return tx.select({ id: notifications.id }).from(notifications);
      });
      await smtp.waitForCount(1);
      await outbox.stop();
      expect(smtp.byRowId(row!.id)).toHaveLength(1);
      const [stored] = await handle.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, row!.id));
      expect(stored).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await outbox.stop();
    }
  });
});

describe.skipIf(TEST_DB_KIND !== "postgres")(
  "two workers on one PostgreSQL database (PostgreSQL only: PGlite is a single in-process connection, so there is no second worker to race)",
  () => {
    it("delivers each of 200 queued messages exactly once", async () => {
      await enqueueMessages(
        handle.db,
        Array.from({ length: 200 }, (_, i) =>
          quoteReplyMessage(services.env, {
            to: `customer${i}@example.co.za`,
            service: `Job ${i}`,
            replyText: `Reply number ${i}`,
          }),
        ),
      );
      const second = await openDatabase({ databaseUrl: handle.url!, poolSize: 2 });
      const secondMailer = createMailer(services.env);
      try {
        const [a, b] = await Promise.all([
          worker(handle.db, mailer).runOnce(),
          worker(second.db, secondMailer).runOnce(),
        ]);
        expect(a.sent + b.sent).toBe(200);
        expect(a.retrying + a.failed + b.retrying + b.failed).toBe(0);
        // Both really worked the queue at the same time.
        expect(a.sent).toBeGreaterThan(0);
        expect(b.sent).toBeGreaterThan(0);
      } finally {
        secondMailer.close();
        await second.close();
      }

      const stored = await rows();
      expect(stored).toHaveLength(200);
      expect(stored.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
      expect(smtp.received).toHaveLength(200);
      const ids = new Set(smtp.received.map((entry) => entry.mail.messageId));
      expect(ids.size).toBe(200);
      for (const row of stored) expect(smtp.byRowId(row.id)).toHaveLength(1);
    });
  },
);
