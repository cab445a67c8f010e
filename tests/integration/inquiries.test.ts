import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUBMISSION_FAILED } from "#app/lib/forms.ts";
import { PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { createFormStamp } from "#app/server/http/honeypot.server.ts";
import { contactRequests, heldSubmissions, notifications } from "#db/schema/index.ts";
import { createTestApp } from "#tests/setup/app.ts";
import { injectInsertFailure } from "#tests/setup/catalog.ts";
import { createTestServices } from "#tests/setup/services.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let services: ReturnType<typeof createTestServices>;
let address = 0;
/** Each test posts from its own address, so the per-address rate limit stays out of the way. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  services = createTestServices(handle);
  app = await createTestApp(services);
}, 120_000);
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(contactRequests);
  await handle.db.delete(notifications);
});

const stamp = () => createFormStamp(services.env.SESSION_SECRET, Date.now() - 5000);

const QUOTE = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  service: "web-development",
  message: "We need an online shop for our bakery.",
};
const CONTACT = {
  name: "Sipho Dlamini",
  email: "sipho@example.co.za",
  subject: "Opening hours",
  message: "Are you open on public holidays?",
};

async function post(path: string, fields: Record<string, string>, clientAddress = nextAddress()) {
  const response = await app.postForm(path, { form_stamp: stamp(), ...fields }, { clientAddress });
  const html = await response.text();
  return { status: response.status, html };
}

const rows = () => handle.db.select().from(contactRequests);
const outbox = () => handle.db.select().from(notifications);

describe("quote form (home, /digital, /hardware)", () => {
  it.each(["/?index", "/digital", "/hardware"])(
    "%s stores the request with the service label and exactly one outbox row",
    async (path) => {
      const { status, html } = await post(path, QUOTE);
      expect(status).toBe(200);
      expect(html).toContain("Quote Request Submitted");
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: QUOTE.name,
        email: QUOTE.email,
        service: "Web Development",
        message: QUOTE.message,
        isResolved: false,
      });
      const mail = await outbox();
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        kind: "quote.company",
        recipient: "office@example.co.za",
        replyTo: QUOTE.email,
      });
      expect(mail[0]!.textBody).toContain(QUOTE.message);
    },
  );

  it.each(["name", "email", "service", "message"])(
    "refuses an empty %s with 'Missing information' and stores nothing",
    async (field) => {
      const { status, html } = await post("/digital", { ...QUOTE, [field]: "   " });
      expect(status).toBe(400);
      expect(html).toContain("Missing information");
      expect(html).toContain("Please fill out all fields.");
      expect(await rows()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("refuses an invalid e-mail and an unknown service", async () => {
    const badEmail = await post("/hardware", { ...QUOTE, email: "not-an-address" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.html).toContain("Please enter a valid email address.");
    const badService = await post("/hardware", { ...QUOTE, service: "time-travel" });
    expect(badService.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("keeps the submitted values in the page after an error (no JavaScript)", async () => {
    const { html } = await post("/digital", { ...QUOTE, message: "" });
    expect(html).toContain('value="Thandi Nkosi"');
  });
});

describe("contact form (/contact)", () => {
  it("stores the subject in service with one outbox row", async () => {
    const { status, html } = await post("/contact", CONTACT);
    expect(status).toBe(200);
    expect(html).toContain("Message Sent");
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ service: "Opening hours", message: CONTACT.message });
    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.kind).toBe("contact.company");
  });

  it.each(["name", "email", "subject", "message"])(
    "refuses an empty %s and stores nothing",
    async (field) => {
      const { status, html } = await post("/contact", { ...CONTACT, [field]: "" });
      expect(status).toBe(400);
      expect(html).toContain("Missing information");
      expect(await rows()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("refuses an invalid e-mail", async () => {
    const { status } = await post("/contact", { ...CONTACT, email: "sipho@" });
    expect(status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });
});

describe("the optional phone number (decision 004: call or WhatsApp the requester)", () => {
  it.each([
    ["/digital", QUOTE, "quote.company"],
    ["/contact", CONTACT, "contact.company"],
  ])(
    "%s stores it with single spaces and puts it in the company's e-mail",
    async (path, form, kind) => {
      const { status } = await post(path, { ...form, phone: "  082  123 4567 " });
      expect(status).toBe(200);
      const [row] = await rows();
      expect(row!.phone).toBe("082 123 4567");
      const [mail] = await outbox();
      expect(mail!.kind).toBe(kind);
      expect(mail!.textBody).toContain("Phone: 082 123 4567");
      expect(mail!.htmlBody).toContain("082 123 4567");
    },
  );

  it("stores null, and no Phone line, when none is given (or the field is absent)", async () => {
    await post("/hardware", { ...QUOTE, phone: "   " });
    await post("/contact", CONTACT);
    expect((await rows()).map((row) => row.phone)).toEqual([null, null]);
    for (const mail of await outbox()) expect(mail.textBody).not.toContain("Phone:");
  });

  it.each(["12345", "phone me", "+27 082 123 4567", "0".repeat(31)])(
    "refuses %j with the checkout's message next to the field, and stores nothing",
    async (phone) => {
      for (const [path, form] of [
        ["/digital", QUOTE],
        ["/contact", CONTACT],
      ] as const) {
        const { status, html } = await post(path, { ...form, phone });
        expect(status).toBe(400);
        expect(html).toContain("Submission Failed");
        expect(html).toContain(`id="${path === "/contact" ? "contact" : "quote"}-phone-error"`);
        expect(html).toContain(PHONE_INVALID_MESSAGE);
      }
      expect(await rows()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );
});

describe("a failure on our side (docs/product.md §8.1 'Submission Failed')", () => {
  it.each([
    ["/digital", "notifications"],
    ["/digital", "contact_requests"],
    ["/contact", "notifications"],
    ["/contact", "contact_requests"],
  ])(
    "%s answers 503 when the database refuses an insert into %s, and stores nothing",
    async (path, table) => {
      const form = path === "/contact" ? CONTACT : QUOTE;
      const undo = await injectInsertFailure(handle.db, table);
      let answer: { status: number; html: string };
      try {
        answer = await post(path, { ...form, phone: "+27 82 123 4567" });
      } finally {
        await undo();
      }
      expect(answer.status).toBe(503);
      // The page without JavaScript shows the notice, and the typed values stay in the form.
      expect(answer.html).toContain(SUBMISSION_FAILED.title);
      expect(answer.html).toContain(SUBMISSION_FAILED.description);
      expect(answer.html).toContain(`value="${form.name}"`);
      expect(answer.html).not.toContain("injected failure");
      expect(answer.html).not.toMatch(/insert into/i);
      expect(await rows()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("answers the JavaScript form's data request with 503 and the notice too", async () => {
    const undo = await injectInsertFailure(handle.db, "notifications");
    let response: Response;
    try {
      response = await app.postForm(
        "/contact.data",
        { form_stamp: stamp(), ...CONTACT },
        { clientAddress: nextAddress() },
      );
    } finally {
      await undo();
    }
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain(SUBMISSION_FAILED.title);
    expect(body).not.toContain("injected failure");
    expect(await rows()).toHaveLength(0);
  });
});

describe("spam resistance", () => {
  it("answers a filled honeypot like a success and stores nothing", async () => {
    const { status, html } = await post("/contact", { ...CONTACT, hp_website: "http://x.test" });
    expect(status).toBe(200);
    expect(html).toContain("Message Sent");
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("holds a submission made faster than a person can type, or without a stamp: not listed, not e-mailed", async () => {
    const fast = createFormStamp(services.env.SESSION_SECRET, Date.now());
    const quick = await post("/digital", { ...QUOTE, form_stamp: fast });
    expect(quick.html).toContain("Quote Request Submitted");
    const forged = await post("/digital", { ...QUOTE, form_stamp: "123.abc" });
    expect(forged.html).toContain("Quote Request Submitted");
    expect(await rows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    // Held for an admin instead (tests/integration/held-submissions.test.ts).
    const held = await handle.db.select().from(heldSubmissions);
    expect(held.map((row) => row.reason).sort()).toEqual(["bad-stamp", "too-fast"]);
  });

  it("limits submissions per address and says when to try again", async () => {
    const from = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect((await post("/contact", CONTACT, from)).status).toBe(200);
    }
    const refused = await post("/contact", CONTACT, from);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain("Too many submissions");
    // The page without JavaScript says when to try again in its headers too.
    const page = await app.postForm(
      "/contact",
      { form_stamp: stamp(), ...CONTACT },
      { clientAddress: from },
    );
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await rows()).toHaveLength(10);
    // Another address is not affected.
    expect((await post("/contact", CONTACT)).status).toBe(200);
  });
});
