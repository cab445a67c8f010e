import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import {
  CONFIRM_LINK_DAYS,
  CONFIRM_RESEND_MINUTES,
  createUnsubscribeToken,
  removeUnconfirmedSubscribers,
  UNCONFIRMED_KEPT_DAYS,
} from "#app/server/newsletter/subscribers.server.ts";
import { runHousekeeping } from "#app/server/system/housekeeping.server.ts";
import { newsletterSubscribers, notifications } from "#db/schema/index.ts";
import { createSubscriber } from "#tests/factories/operations.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

/*
 * Double opt-in (docs/product.md §3.10 "States"): an address awaits confirmation until the
 * link in its e-mail is used; the link is single use and works 7 days; unconfirmed addresses
 * go after 30 days; starting again after unsubscribing needs a new confirmation. Time is the
 * services' clock, moved by the test.
 */

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let services: ReturnType<typeof createTestServices>;
let address = 0;
let now = new Date("2026-11-02T08:00:00Z");

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.parse("2026-11-02T08:00:00Z") + ms);

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  services.clock = () => now;
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());
beforeEach(async () => {
  now = at(0);
  await handle.db.delete(newsletterSubscribers);
  await handle.db.delete(notifications);
});

const subscribers = () => handle.db.select().from(newsletterSubscribers);
const outbox = () => handle.db.select().from(notifications).orderBy(notifications.createdAt);

function subscribe(email: string, source: "footer" | "popup" = "popup") {
  address++;
  return app.postForm(
    "/newsletter",
    {
      // A stamp as old as a person's typing, by the clock the rules read.
      // Each its own (a stamp is accepted once), as old as a person's typing by the clock the
      // rules read.
      form_stamp: createFormStamp(services.env.SESSION_SECRET, now.getTime() - 5000 - address),
      enhanced: "1",
      email,
      source,
    },
    { clientAddress: `10.7.0.${(address % 250) + 1}` },
  );
}

/** The link's token from the newest confirmation e-mail to `email`. */
async function confirmationToken(email: string) {
  const mail = (await outbox()).filter(
    (m) => m.kind === "newsletter.confirm" && m.recipient === email,
  );
  const match = mail.at(-1)?.textBody.match(/\/newsletter\/confirm\/([\w-]+)/);
  if (!match) throw new Error(`no confirmation e-mail to ${email}`);
  return match[1]!;
}

const confirmPage = async (token: string) => {
  const response = await app.request(`/newsletter/confirm/${token}`);
  return { status: response.status, html: await response.text() };
};
const confirm = async (token: string) => {
  const response = await app.postForm(`/newsletter/confirm/${token}`, {});
  return { status: response.status, html: await response.text() };
};

describe("the confirmation link", () => {
  it("shows a button, subscribes on POST with the notice and welcome, and works once", async () => {
    await subscribe("Ayanda@Example.co.za");
    const token = await confirmationToken("Ayanda@Example.co.za");
    // The stored hash is not the token: a copy of the database confirms nobody.
    const [pending] = await subscribers();
    expect(pending!.confirmTokenHash).not.toContain(token);
    expect(pending!.confirmSentAt).toEqual(now);

    const page = await confirmPage(token);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Ayanda@Example.co.za");
    expect(page.html).toContain(">Confirm my subscription</button>");
    // Opening the link (a mail scanner does) confirms nothing.
    expect((await subscribers())[0]!.status).toBe("pending");

    now = at(60_000);
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.html).toContain("is now subscribed to our newsletter");
    expect(await subscribers()).toMatchObject([
      { status: "subscribed", confirmedAt: now, statusChangedAt: now, confirmTokenHash: null },
    ]);
    expect((await outbox()).map((m) => m.kind).sort()).toEqual([
      "newsletter.company",
      "newsletter.confirm",
      "newsletter.welcome",
    ]);

    // Single use: the same link again changes nothing and says so.
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect(again.html).toContain(
      "This confirmation link is not valid, or it has been used already.",
    );
    expect((await confirmPage(token)).html).not.toContain(">Confirm my subscription</button>");
    expect(await outbox()).toHaveLength(3);
    // Subscribed now: the form's answer is the spec's 'Already subscribed'.
    expect(await (await subscribe("ayanda@example.co.za")).text()).toContain("Already subscribed");
  });

  it(`expires ${CONFIRM_LINK_DAYS} days after its e-mail`, async () => {
    await subscribe("late@example.co.za");
    const token = await confirmationToken("late@example.co.za");
    now = at(CONFIRM_LINK_DAYS * DAY - 60_000);
    expect((await confirmPage(token)).html).toContain(">Confirm my subscription</button>");
    now = at(CONFIRM_LINK_DAYS * DAY + 60_000);
    expect((await confirmPage(token)).html).toContain("This confirmation link has expired");
    const late = await confirm(token);
    expect(late.status).toBe(410);
    expect(late.html).toContain("Subscribe again and we will send a new one.");
    expect((await subscribers())[0]!.status).toBe("pending");
    expect((await outbox()).map((m) => m.kind)).toEqual(["newsletter.confirm"]);
  });

  it("answers a made-up token with 404 and a message, confirming nobody", async () => {
    await subscribe("someone@example.co.za");
    const made = "A".repeat(43);
    expect((await confirmPage(made)).html).toContain("This confirmation link is not valid");
    expect((await confirm(made)).status).toBe(404);
    expect((await subscribers())[0]!.status).toBe("pending");
  });
});

describe("subscribing again", () => {
  it(`sends no second link within ${CONFIRM_RESEND_MINUTES} minutes, a new one after, and the old link stops working`, async () => {
    await subscribe("twice@example.co.za");
    const first = await confirmationToken("twice@example.co.za");
    const soon = await subscribe("twice@example.co.za");
    // The same answer as the first time: whether the address was known is not told.
    expect(await soon.text()).toContain("Subscribed!");
    expect(await outbox()).toHaveLength(1);

    now = at(CONFIRM_RESEND_MINUTES * 60_000 + 1000);
    await subscribe("twice@example.co.za");
    expect(await outbox()).toHaveLength(2);
    const second = await confirmationToken("twice@example.co.za");
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(404);
    expect((await confirm(second)).status).toBe(200);
    expect(await subscribers()).toHaveLength(1);
  });

  it("after unsubscribing needs a new confirmation, with a new consent record", async () => {
    await createSubscriber(handle.db, { email: "back@example.co.za", createdAt: at(-30 * DAY) });
    const unsubscribe = createUnsubscribeToken(services.env.SESSION_SECRET, "back@example.co.za");
    expect((await app.postForm(`/newsletter/unsubscribe/${unsubscribe}`, {})).status).toBe(200);
    expect(await subscribers()).toMatchObject([{ status: "unsubscribed", statusChangedAt: now }]);

    now = at(DAY);
    const again = await subscribe("back@example.co.za", "popup");
    expect(await again.text()).not.toContain("Already subscribed");
    expect(await subscribers()).toMatchObject([
      { status: "pending", consentSource: "popup", statusChangedAt: now, confirmedAt: null },
    ]);
    expect((await outbox()).map((m) => m.kind)).toEqual(["newsletter.confirm"]);
    expect((await confirm(await confirmationToken("back@example.co.za"))).status).toBe(200);
    expect((await subscribers())[0]!.status).toBe("subscribed");
  });

  it("a bounced address that subscribes again awaits confirmation too", async () => {
    await createSubscriber(handle.db, { email: "bounce@example.co.za", status: "bounced" });
    await subscribe("bounce@example.co.za");
    expect(await subscribers()).toMatchObject([{ status: "pending" }]);
    expect((await outbox()).map((m) => m.kind)).toEqual(["newsletter.confirm"]);
  });
});

describe(`addresses never confirmed`, () => {
  it(`are removed ${UNCONFIRMED_KEPT_DAYS} days after they were entered, with their e-mails`, async () => {
    await subscribe("never@example.co.za");
    now = at(DAY);
    await subscribe("recent@example.co.za");
    await createSubscriber(handle.db, { email: "kept@example.co.za", createdAt: at(-90 * DAY) });
    await createSubscriber(handle.db, {
      email: "left@example.co.za",
      createdAt: at(-90 * DAY),
      status: "unsubscribed",
    });

    expect(
      await removeUnconfirmedSubscribers(handle.db, at(UNCONFIRMED_KEPT_DAYS * DAY - 1000)),
    ).toBe(0);
    expect(await runHousekeeping(handle.db, at(UNCONFIRMED_KEPT_DAYS * DAY + 1000))).toEqual({
      unconfirmed: 1,
    });
    expect((await subscribers()).map((row) => row.email).sort()).toEqual([
      "kept@example.co.za",
      "left@example.co.za",
      "recent@example.co.za",
    ]);
    expect((await outbox()).map((m) => m.recipient)).toEqual(["recent@example.co.za"]);
  });
});
