import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import {
  countFailingMessages,
  listRecentMessages,
  retryFailedMessage,
} from "#app/server/notifications/admin.server.ts";
import type { Mailer, MailMessage } from "#app/server/notifications/mailer.server.ts";
import { quoteReplyMessage } from "#app/server/notifications/messages.server.ts";
import { enqueueMessages } from "#app/server/notifications/outbox.server.ts";
import { OutboxWorker } from "#app/server/notifications/worker.server.ts";
import { notifications } from "#db/schema/index.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/* The domain side of the admin 'E-mail' page: the list, the retry, the dashboard count. */

let handle: DatabaseHandle;
let services: ReturnType<typeof createTestServices>;
let now: Date;
const refused = new Set<string>();
const sent: MailMessage[] = [];
const mailer: Mailer = {
  description: "test",
  async send(message) {
    if (refused.has(message.to)) {
      throw Object.assign(new Error("550 No such mailbox"), {
        responseCode: 550,
        command: "RCPT TO",
      });
    }
    if (message.to.startsWith("slow")) throw new Error("connect ETIMEDOUT");
    sent.push(message);
  },
  close() {},
};
const worker = () =>
  new OutboxWorker({ db: handle.db, mailer, logger: pino({ level: "silent" }), now: () => now });
const reply = (to: string) =>
  quoteReplyMessage(services.env, { to, service: "Hosting", replyText: "Thanks" });

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(notifications);
  refused.clear();
  sent.length = 0;
  now = new Date(Date.now() + 1_000);
});

describe("outbox administration", () => {
  it("lists the newest messages first with status, attempts and last error", async () => {
    for (const to of ["a@example.co.za", "b@example.co.za", "c@example.co.za"]) {
      await enqueueMessages(handle.db, [reply(to)]);
    }
    refused.add("b@example.co.za");
    await worker().runOnce();

    const all = await listRecentMessages(handle.db);
    expect(all.map((m) => m.recipient)).toEqual([
      "c@example.co.za",
      "b@example.co.za",
      "a@example.co.za",
    ]);
    expect(all[1]).toMatchObject({
      kind: "quote.reply",
      subject: "RE: Your Quote Request - Hosting",
      status: "failed",
      attempts: 1,
      lastError: "550 No such mailbox",
    });
    expect(all[0]).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(all[0]!.sentAt).toEqual(now);
    expect(await listRecentMessages(handle.db, { limit: 1 })).toHaveLength(1);
    expect(
      (await listRecentMessages(handle.db, { status: "failed" })).map((m) => m.recipient),
    ).toEqual(["b@example.co.za"]);
  });

  it("counts failed and retrying messages for the dashboard warning", async () => {
    expect(await countFailingMessages(handle.db)).toEqual({ failed: 0, retrying: 0 });
    refused.add("gone@example.co.za");
    await enqueueMessages(handle.db, [
      reply("gone@example.co.za"),
      reply("slow@example.co.za"),
      reply("fine@example.co.za"),
    ]);
    await worker().runOnce();
    expect(await countFailingMessages(handle.db)).toEqual({ failed: 1, retrying: 1 });
  });

  it("retries a failed message with fresh attempts; refuses other states and unknown ids", async () => {
    refused.add("later@example.co.za");
    await enqueueMessages(handle.db, [reply("later@example.co.za"), reply("ok@example.co.za")]);
    await worker().runOnce();
    const [failed] = await listRecentMessages(handle.db, { status: "failed" });
    const [delivered] = await listRecentMessages(handle.db, { status: "sent" });

    expect(await retryFailedMessage(handle.db, delivered!.id, now)).toBe("not-failed");
    expect(await retryFailedMessage(handle.db, "00000000-0000-4000-8000-000000000000")).toBe(
      "not-found",
    );
    expect(await retryFailedMessage(handle.db, "not-a-uuid")).toBe("not-found");

    // The mailbox exists now (e.g. the customer's typo was fixed upstream).
    refused.clear();
    expect(await retryFailedMessage(handle.db, failed!.id, now)).toBe("retried");
    const [queued] = await listRecentMessages(handle.db, { status: "pending" });
    expect(queued).toMatchObject({ id: failed!.id, attempts: 0, lastError: "550 No such mailbox" });
    expect(await retryFailedMessage(handle.db, failed!.id, now)).toBe("not-failed");

    expect(await worker().runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(["ok@example.co.za", "later@example.co.za"]);
    expect(await countFailingMessages(handle.db)).toEqual({ failed: 0, retrying: 0 });
  });
});
