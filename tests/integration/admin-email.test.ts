import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/server/db/client.server.ts";
import { html } from "#app/server/notifications/html.server.ts";
import {
  contactMessage,
  newSubscriberMessages,
  newsletterConfirmationMessage,
  newsletterIssueMessage,
  orderMessages,
  orderStatusMessage,
  passkeyChangedMessage,
  passwordChangedMessage,
  passwordResetMessage,
  paymentArrangedMessage,
  paymentReceivedMessage,
  quoteReplyMessage,
  quoteRequestMessage,
  sessionsEndedMessage,
  twoStepMessage,
} from "#app/server/notifications/messages.server.ts";
import { enqueueMessages, MESSAGE_KINDS } from "#app/server/notifications/outbox.server.ts";
import { auditLog, notifications } from "#db/schema/index.ts";
import { createAdminApp } from "#tests/setup/admin-app.ts";
import type { createTestApp } from "#tests/setup/app.ts";
import type { TestServices } from "#tests/setup/services.ts";

/* The admin 'E-mail' page and the dashboard's warning (decision 003), through the real routes. */

let handle: DatabaseHandle;
let services: TestServices;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let admin: { id: string; email: string };

const message = (overrides: Partial<typeof notifications.$inferInsert>) => ({
  kind: "order.customer",
  recipient: "thandi@example.co.za",
  subject: "Your order 1234",
  textBody: "text",
  htmlBody: "<p>html</p>",
  ...overrides,
});

beforeAll(async () => {
  ({ handle, services, app, admin, cookie } = await createAdminApp());
}, 120_000);
afterAll(() => handle.close());
beforeEach(async () => {
  await services.db.delete(notifications);
  await services.db.delete(auditLog);
});

/** A page's HTML without React's text separators (`<!-- -->`), to match sentences. */
async function pageText(path: string) {
  const response = await app.request(path, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function insert(overrides: Partial<typeof notifications.$inferInsert>) {
  const [row] = await services.db
    .insert(notifications)
    .values(message(overrides))
    .returning({ id: notifications.id });
  return row!.id;
}

describe("/admin/email", () => {
  it("lists recent messages with status, attempts and the last error, filtered by status", async () => {
    await insert({ subject: "Delivered one", status: "sent", attempts: 1, sentAt: new Date() });
    await insert({
      subject: "Refused one",
      recipient: "typo@example.co.za",
      status: "failed",
      attempts: 10,
      lastError: "550 No such mailbox",
    });

    const page = await pageText("/admin/email");
    expect(page).toContain("Delivered one");
    expect(page).toContain("Refused one");
    expect(page).toContain("Last error: 550 No such mailbox");
    expect(page).toContain("10 attempts");
    expect(page).toContain("Order confirmation");
    expect(page).toContain("1 message could not be sent");

    const failedOnly = await pageText("/admin/email?status=failed");
    expect(failedOnly).toContain("Refused one");
    expect(failedOnly).not.toContain("Delivered one");
  });

  it("names every kind of message the site sends, as the site stores it", async () => {
    // Built by the real message functions, so the stored kinds are the ones in production.
    const order = {
      id: "abcdef12-0000-4000-8000-000000000000",
      customerName: "Thandi",
      email: "thandi@example.co.za",
      phone: "082 123 4567",
      lines: [{ productName: "Bowl", priceCents: 1050, quantity: 1 }],
      totalCents: 1050,
    };
    const env = services.env;
    await enqueueMessages(services.db, [
      quoteRequestMessage(env, { name: "A", email: "a@b.co", service: "iot", message: "Hi" }),
      contactMessage(env, { name: "A", email: "a@b.co", subject: "Hi", message: "Hi" }),
      ...newSubscriberMessages(env, { email: "a@b.co", unsubscribeUrl: `${env.PUBLIC_URL}/u` }),
      newsletterConfirmationMessage(env, { email: "a@b.co", confirmUrl: `${env.PUBLIC_URL}/c` }),
      ...(["newsletter.issue", "newsletter.test"] as const).map((kind) => ({
        kind,
        to: "a@b.co",
        ...newsletterIssueMessage(env, {
          email: "a@b.co",
          unsubscribeUrl: `${env.PUBLIC_URL}/u`,
          subject: "News",
          preheader: "",
          body: { html: html`<p>News</p>`, text: "News" },
        }),
      })),
      ...orderMessages(env, order),
      orderStatusMessage(env, { order, status: "shipped" }),
      orderStatusMessage(env, { order, status: "cancelled" }),
      paymentArrangedMessage(env, { order, method: "eft", reference: null, eft: null }),
      paymentReceivedMessage(env, { order, amountCents: 1050, paidOn: "2026-11-20" }),
      quoteReplyMessage(env, { to: "a@b.co", service: "IoT", replyText: "Thanks" }),
      passwordChangedMessage(env, {
        to: "a@b.co",
        at: new Date(),
        clientAddress: "127.0.0.1",
        how: "changed",
      }),
      passwordResetMessage(env, {
        to: "a@b.co",
        resetUrl: `${env.PUBLIC_URL}/admin/reset-password/x`,
        clientAddress: "127.0.0.1",
      }),
      sessionsEndedMessage(env, { to: "a@b.co", at: new Date(), clientAddress: "::1", count: 1 }),
      ...(["on", "off", "recovery-code-used"] as const).map((event) =>
        twoStepMessage(env, { to: "a@b.co", at: new Date(), clientAddress: "::1", event }),
      ),
      passkeyChangedMessage(env, {
        to: "a@b.co",
        at: new Date(),
        clientAddress: "::1",
        how: "added",
        name: "Phone",
      }),
    ]);
    const stored = await services.db.select({ kind: notifications.kind }).from(notifications);
    expect(stored.map((m) => m.kind).sort()).toEqual([...MESSAGE_KINDS].sort());

    const page = await pageText("/admin/email");
    const labels: Record<(typeof MESSAGE_KINDS)[number], string> = {
      "quote.company": "Quote request to the office",
      "contact.company": "Contact message to the office",
      "newsletter.company": "New subscriber to the office",
      "newsletter.welcome": "Welcome to a subscriber",
      "newsletter.confirm": "Subscription confirmation link",
      "newsletter.issue": "Newsletter to a subscriber",
      "newsletter.test": "Newsletter test, to the admin",
      "order.company": "New order to the office",
      "order.customer": "Order confirmation",
      "order.shipped": "Order shipped, to the customer",
      "order.cancelled": "Order cancelled, to the customer",
      "order.payment_arranged": "How to pay, to the customer",
      "order.payment_received": "Payment received, to the customer",
      "quote.reply": "Reply to a quote request",
      "account.password_changed": "Password changed, to the admin",
      "account.password_reset": "Password reset link, to the admin",
      "account.sessions_ended": "Sessions signed out, to the admin",
      "account.two_step_on": "Two-step sign-in turned on, to the admin",
      "account.two_step_off": "Two-step sign-in turned off, to the admin",
      "account.recovery_code_used": "Recovery code used, to the admin",
      "account.passkey_changed": "Passkey added or removed, to the admin",
    };
    for (const kind of MESSAGE_KINDS) {
      // The kind's line above each subject: its words, never the stored code.
      expect(page, kind).toMatch(new RegExp(`>${labels[kind]}</p>`));
      expect(page, kind).not.toContain(`>${kind}</p>`);
    }
  });

  it("retries a failed message and records who did it", async () => {
    const id = await insert({ status: "failed", attempts: 10, lastError: "timeout" });
    const response = await app.postForm("/admin/email", { id }, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const [row] = await services.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const audit = await services.db.select().from(auditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "email.retry",
        entity: "email",
        entityId: id,
        actorUserId: admin.id,
        actorEmail: admin.email,
      }),
    ]);
  });

  it("refuses to retry a sent message (409) or an unknown one (404), changing nothing", async () => {
    const sent = await insert({ status: "sent", attempts: 1, sentAt: new Date() });
    const again = await app.postForm("/admin/email", { id: sent }, { headers: { Cookie: cookie } });
    expect(again.status).toBe(409);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      const response = await app.postForm("/admin/email", { id }, { headers: { Cookie: cookie } });
      expect(response.status).toBe(404);
    }
    const [row] = await services.db.select().from(notifications).where(eq(notifications.id, sent));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(await services.db.select().from(auditLog)).toEqual([]);
  });
});

describe("the dashboard's e-mail warning", () => {
  it("appears only while messages are failing or being retried", async () => {
    const quiet = await pageText("/admin/dashboard");
    expect(quiet).not.toContain("E-mail is failing");

    await insert({ status: "failed", attempts: 10, lastError: "refused" });
    await insert({ status: "pending", attempts: 2, lastError: "ECONNREFUSED" });
    const warned = await pageText("/admin/dashboard");
    expect(warned).toContain("E-mail is failing");
    expect(warned).toContain("1 could not be sent, 1 waiting to be retried");
  });
});
