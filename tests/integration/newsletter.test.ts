import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUBMISSION_FAILED, SUBSCRIPTION_FAILED } from "#app/lib/forms.ts";
import { NEWSLETTER_CONSENT_TEXT } from "#app/lib/validation/newsletter.ts";
import { RATE_LIMIT_RULES } from "#app/server/context.server.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { RateLimits } from "#app/server/http/rate-limit.server.ts";
import { createUnsubscribeToken } from "#app/server/newsletter/subscribers.server.ts";
import { newsletterSubscribers, notifications } from "#db/schema/index.ts";
import { createSubscriber } from "#tests/factories/operations.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { injectInsertFailure } from "#tests/setup/catalog.ts";
import { freezeTime, moveTime, releaseTime } from "#tests/setup/clock.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let services: ReturnType<typeof createTestServices>;
let address = 0;
const nextAddress = () => `10.1.0.${++address}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(newsletterSubscribers);
  await handle.db.delete(notifications);
});

const subscribers = () => handle.db.select().from(newsletterSubscribers);
const outbox = () => handle.db.select().from(notifications);

function subscribe(fields: Record<string, string>, enhanced = true, from = nextAddress()) {
  return app.postForm(
    "/newsletter",
    {
      form_stamp: createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000),
      redirect_to: "/digital",
      ...(enhanced ? { enhanced: "1" } : {}),
      ...fields,
    },
    { clientAddress: from },
  );
}

/** The page's text without tags, entities decoded as a reader sees them. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

describe("POST /newsletter", () => {
  it("stores the address awaiting confirmation with the consent record, and sends only the link", async () => {
    const response = await subscribe({ email: "Lindiwe@Example.co.za", source: "popup" });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Subscribed!");
    // The popup adds "Please check your inbox to confirm." when it reads this.
    expect(body).toContain("confirmationSent");
    const [row] = await subscribers();
    expect(row).toMatchObject({
      email: "Lindiwe@Example.co.za",
      consentSource: "popup",
      consentText: NEWSLETTER_CONSENT_TEXT,
      status: "pending",
      confirmedAt: null,
    });
    const mail = await outbox();
    expect(mail.map((m) => m.kind)).toEqual(["newsletter.confirm"]);
    expect(mail[0]).toMatchObject({ recipient: "Lindiwe@Example.co.za" });
    expect(mail[0]!.textBody).toMatch(/http:\/\/localhost:3000\/newsletter\/confirm\/[\w-]{43}/);
  });

  it("with confirmation off, subscribes at once and queues the notice and welcome", async () => {
    const single = createTestServices(handle, { NEWSLETTER_CONFIRM: "false" });
    const singleApp = await createTestApp(single);
    const response = await singleApp.postForm(
      "/newsletter",
      {
        form_stamp: createFormStamp(single.env.SESSION_SECRET, Date.now() - 5000),
        enhanced: "1",
        email: "Lindiwe@Example.co.za",
        source: "popup",
      },
      { clientAddress: nextAddress() },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Subscribed!");
    expect(body).not.toContain("confirmationSent");
    const [row] = await subscribers();
    expect(row).toMatchObject({ status: "subscribed", consentSource: "popup" });
    const mail = await outbox();
    expect(mail.map((m) => m.kind).sort()).toEqual(["newsletter.company", "newsletter.welcome"]);
    const welcome = mail.find((m) => m.kind === "newsletter.welcome")!;
    const token = createUnsubscribeToken(services.env.SESSION_SECRET, "lindiwe@example.co.za");
    expect(welcome.textBody).toContain(`http://localhost:3000/newsletter/unsubscribe/${token}`);
    expect(welcome.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("answers 'Already subscribed' for a duplicate in any letter case and stores nothing new", async () => {
    await createSubscriber(handle.db, { email: "dup@example.co.za" });
    const again = await subscribe({ email: "DUP@example.co.za", source: "footer" });
    expect(again.status).toBe(200);
    const body = await again.text();
    expect(body).toContain("Already subscribed");
    expect(body).toContain("This email is already subscribed to our newsletter.");
    expect(await subscribers()).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
  });

  it.each(["", "   ", "no-at-sign", "a@"])("refuses %j with 'Invalid email'", async (email) => {
    const response = await subscribe({ email, source: "popup" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid email");
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("answers a honeypot like a success and stores nothing", async () => {
    const response = await subscribe({ email: "bot@example.co.za", hp_website: "x" });
    expect(await response.text()).toContain("Submission Successful");
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("without JavaScript redirects back to the page with the notice flashed", async () => {
    const response = await subscribe({ email: "nojs@example.co.za", source: "footer" }, false);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/digital");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await app.request("/digital", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("Submission Successful");
    // Shown once: the page (which has its own headers) still clears the notice's cookie.
    expect(page.headers.get("Set-Cookie")).toMatch(/^en_toast=;/);
    expect(await subscribers()).toHaveLength(1);
  });

  it("without JavaScript answers an invalid address with 400 and a page that leads back", async () => {
    const response = await subscribe({ email: "no-at-sign", source: "footer" }, false);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Please enter a valid email address.");
    expect(html).toMatch(/<a[^>]*href="\/digital"[^>]*>Back to the page you were on<\/a>/);
    expect(await subscribers()).toHaveLength(0);
  });

  it("never redirects off the site", async () => {
    const response = await subscribe(
      { email: "x@example.co.za", redirect_to: "//evil.example" },
      false,
    );
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("a failure on our side (docs/product.md §8.1)", () => {
  it.each([
    ["popup", SUBSCRIPTION_FAILED],
    ["footer", SUBMISSION_FAILED],
  ] as const)(
    "the %s form answers 503 with its notice and stores nothing",
    async (source, notice) => {
      // The outbox refuses the welcome e-mail inside the database: the subscriber row, written
      // first in the same transaction, must go too.
      const undo = await injectInsertFailure(handle.db, "notifications");
      try {
        const response = await subscribe({ email: `fail.${source}@example.co.za`, source });
        expect(response.status).toBe(503);
        const body = await response.text();
        expect(body).toContain(notice.title);
        expect(body).toContain(notice.description);
        expect(body).not.toContain("injected failure");
        expect(body).not.toMatch(/insert into|notifications/i);
      } finally {
        await undo();
      }
      expect(await subscribers()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("without JavaScript answers 503 with a page that shows the notice and leads back", async () => {
    const undo = await injectInsertFailure(handle.db, "newsletter_subscribers");
    let response: Response;
    try {
      response = await subscribe({ email: "fail.nojs@example.co.za", source: "footer" }, false);
    } finally {
      await undo();
    }
    expect(response.status).toBe(503);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain(SUBMISSION_FAILED.title);
    expect(text).toContain(SUBMISSION_FAILED.description);
    expect(text).not.toContain("injected failure");
    expect(html).toMatch(/<a[^>]*href="\/digital"[^>]*>Back to the page you were on<\/a>/);
    expect(await subscribers()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });
});

describe("the per-address limit", () => {
  it("answers 429 with a message (and Retry-After), stores nothing, and recovers after the window", async () => {
    const original = services.rateLimits;
    // The real window (a minute) with a budget of two. The clock stands still until the test
    // moves it past the window, so every attempt lands inside it however busy the machine
    // (a one-second window waited out in real time made this test flaky).
    services.rateLimits = new RateLimits({
      ...RATE_LIMIT_RULES,
      publicForm: { points: 2, durationSeconds: 60 },
    });
    freezeTime();
    try {
      const from = nextAddress();
      for (const email of ["one@example.co.za", "two@example.co.za"]) {
        expect((await subscribe({ email, source: "footer" }, true, from)).status).toBe(200);
      }
      const blocked = await subscribe(
        { email: "three@example.co.za", source: "popup" },
        true,
        from,
      );
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      const body = await blocked.text();
      expect(body).toContain("Subscription failed");
      expect(body).toMatch(/Too many submissions\. Please try again in \d+ seconds\./);

      // Without JavaScript: a 429 page with the message and the way back, not a redirect.
      const page = await subscribe({ email: "four@example.co.za", source: "footer" }, false, from);
      expect(page.status).toBe(429);
      expect(page.headers.get("Location")).toBeNull();
      expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      const html = await page.text();
      expect(visibleText(html)).toMatch(
        /Submission Failed\s+Too many submissions\. Please try again in \d+ seconds\./,
      );
      expect(html).toMatch(/<a[^>]*href="\/digital"[^>]*>Back to the page you were on<\/a>/);

      const stored = (await subscribers()).map((row) => row.email).sort();
      expect(stored).toEqual(["one@example.co.za", "two@example.co.za"]);
      expect(await outbox()).toHaveLength(2);

      moveTime(61_000);
      const again = await subscribe({ email: "three@example.co.za", source: "popup" }, true, from);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Subscribed!");
      expect(await subscribers()).toHaveLength(3);
    } finally {
      services.rateLimits = original;
      releaseTime();
    }
  });
});

describe("unsubscribe link", () => {
  it("shows a confirmation, then unsubscribes the address on POST (also the one-click POST)", async () => {
    await createSubscriber(handle.db, { email: "Leaving@Example.co.za" });
    const token = createUnsubscribeToken(services.env.SESSION_SECRET, "leaving@example.co.za");
    const page = await app.request(`/newsletter/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    const confirmation = await page.text();
    expect(confirmation).toContain("leaving@example.co.za");
    expect(confirmation).toContain(">Unsubscribe</button>");
    expect(await subscribers()).toHaveLength(1);

    // RFC 8058 one-click: a POST with List-Unsubscribe=One-Click from the mail client.
    const done = await app.postForm(`/newsletter/unsubscribe/${token}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("has been removed from our newsletter");
    // Kept as "unsubscribed": the record that nothing more may be sent there.
    expect(await subscribers()).toMatchObject([{ status: "unsubscribed" }]);

    // The same link opened again says the address is no longer on the list, with no button.
    const again = await app.request(`/newsletter/unsubscribe/${token}`);
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain("leaving@example.co.za is not on our newsletter.");
    expect(html).not.toContain(">Unsubscribe</button>");
  });

  it("limits each link, not the sender: a mailbox provider's many one-click POSTs all count (429 with a message, then recovers)", async () => {
    const original = services.rateLimits;
    services.rateLimits = new RateLimits({
      ...RATE_LIMIT_RULES,
      publicForm: { points: 2, durationSeconds: 60 },
    });
    // The clock stands still until the test moves it past the window.
    freezeTime();
    try {
      // One sender (a provider's server) posts the one-click unsubscribes of three people.
      const provider = nextAddress();
      for (const email of ["one@example.co.za", "two@example.co.za", "three@example.co.za"]) {
        await createSubscriber(handle.db, { email });
        const token = createUnsubscribeToken(services.env.SESSION_SECRET, email);
        const response = await app.postForm(
          `/newsletter/unsubscribe/${token}`,
          { "List-Unsubscribe": "One-Click" },
          { clientAddress: provider },
        );
        expect(response.status).toBe(200);
      }
      expect((await subscribers()).map((s) => s.status)).toEqual([
        "unsubscribed",
        "unsubscribed",
        "unsubscribed",
      ]);

      // One link hammered, from anywhere, is stopped after the rule's points.
      await subscribe({ email: "hammered@example.co.za", source: "footer" });
      const hammered = createUnsubscribeToken(
        services.env.SESSION_SECRET,
        "hammered@example.co.za",
      );
      const unsubscribed = await app.postForm(
        `/newsletter/unsubscribe/${hammered}`,
        {},
        { clientAddress: nextAddress() },
      );
      expect(unsubscribed.status).toBe(200);
      expect(
        (
          await app.postForm(
            `/newsletter/unsubscribe/${hammered}`,
            {},
            { clientAddress: nextAddress() },
          )
        ).status,
      ).toBe(200);
      const blocked = await app.postForm(
        `/newsletter/unsubscribe/${hammered}`,
        {},
        { clientAddress: nextAddress() },
      );
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(await blocked.text()).toMatch(
        /Too many submissions\. Please try again in \d+ seconds\./,
      );

      // Forged links count per sender.
      const prober = nextAddress();
      const forged = (n: number) =>
        createUnsubscribeToken("another-secret-another-secret-0000", `x${n}@example.co.za`);
      expect(
        (await app.postForm(`/newsletter/unsubscribe/${forged(1)}`, {}, { clientAddress: prober }))
          .status,
      ).toBe(404);
      expect(
        (await app.postForm(`/newsletter/unsubscribe/${forged(2)}`, {}, { clientAddress: prober }))
          .status,
      ).toBe(404);
      expect(
        (await app.postForm(`/newsletter/unsubscribe/${forged(3)}`, {}, { clientAddress: prober }))
          .status,
      ).toBe(429);

      moveTime(61_000);
      const again = await app.postForm(
        `/newsletter/unsubscribe/${hammered}`,
        {},
        { clientAddress: nextAddress() },
      );
      expect(again.status).toBe(200);
      expect(await subscribers()).toContainEqual(
        expect.objectContaining({ email: "hammered@example.co.za", status: "unsubscribed" }),
      );
    } finally {
      services.rateLimits = original;
      releaseTime();
    }
  });

  it("answers 404 to a forged token and removes nothing", async () => {
    await createSubscriber(handle.db, { email: "stay@example.co.za" });
    const forged = createUnsubscribeToken(
      "another-secret-another-secret-0000",
      "stay@example.co.za",
    );
    const response = await app.postForm(`/newsletter/unsubscribe/${forged}`, {});
    expect(response.status).toBe(404);
    expect(await subscribers()).toMatchObject([{ status: "subscribed" }]);
  });
});

describe("SEO files", () => {
  it("serves robots.txt pointing at the sitemap", async () => {
    const response = await app.request("/robots.txt");
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /newsletter");
    // The cart and checkout pages are shells with nothing personal: crawlable.
    expect(body).not.toMatch(/Disallow: \/(cart|checkout)/);
    expect(body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("lists the public pages in sitemap.xml", async () => {
    const response = await app.request("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const body = await response.text();
    for (const path of [
      "/",
      "/digital",
      "/hardware",
      "/crafts",
      "/contact",
      "/privacy",
      "/terms",
    ]) {
      expect(body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
  });

  it("puts the organisation's JSON-LD on home (in brief) and contact (whole), under one @id", async () => {
    const home = await (await app.request("/")).text();
    const contact = await (await app.request("/contact")).text();
    for (const body of [home, contact]) {
      expect(body).toContain('"@type":"LocalBusiness"');
      expect(body).toContain('"@id":"http://localhost:3000/#organization"');
      expect(body).toContain('"telephone":"+27 31 464 0192"');
    }
    // The address and opening hours on /contact only (decision 042: the home page's bytes).
    expect(contact).toContain('"opens":"09:00"');
    expect(contact).toContain('"streetAddress":"14 Old Main Road"');
    expect(home).not.toContain('"openingHoursSpecification"');
  });
});
