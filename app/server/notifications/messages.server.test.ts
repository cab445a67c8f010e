import { describe, expect, it } from "vitest";
import { orderReference } from "#app/lib/order-status.ts";
import { renderNewsletterMarkdown } from "../newsletter/newsletter-markdown.server.ts";
import { firstBusinessDetails } from "../site/business-details.server.ts";
import { messageKindLabel } from "./admin.server.ts";
import { isPermanentFailure } from "./mailer.server.ts";
import {
  contactMessage,
  newSubscriberMessages,
  newsletterConfirmationMessage,
  newsletterIssueMessage,
  oneLine,
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
} from "./messages.server.ts";
import { MESSAGE_KINDS } from "./outbox.server.ts";
import { retryDelayMs } from "./worker.server.ts";

const env = {
  PUBLIC_URL: "https://kwezi.example",
  business: firstBusinessDetails({
    NOTIFY_EMAIL: "office@example.co.za",
    MAIL_FROM: "Website <office@example.co.za>",
  }),
};
const EVIL = `<img src=x onerror="alert('x')">&"`;

/** Every message kind built with the same hostile value in every visitor field. */
function everyMessage(value: string) {
  return [
    quoteRequestMessage(env, {
      name: value,
      email: "a@b.co",
      phone: value,
      service: value,
      message: value,
    }),
    contactMessage(env, {
      name: value,
      email: "a@b.co",
      phone: value,
      subject: value,
      message: value,
    }),
    ...newSubscriberMessages(env, { email: "a@b.co", unsubscribeUrl: "https://kwezi.example/u/t" }),
    ...orderMessages(env, {
      id: "abcdef12-0000-4000-8000-000000000000",
      customerName: value,
      email: "a@b.co",
      phone: value,
      lines: [{ productName: value, priceCents: 1050, quantity: 3 }],
      totalCents: 3150,
      createdAt: new Date("2026-11-22T12:05:00Z"),
    }),
    quoteReplyMessage(env, {
      to: "a@b.co",
      service: value,
      replyText: value,
      name: value,
      originalMessage: value,
    }),
    ...(["shipped", "cancelled"] as const).map((status) =>
      orderStatusMessage(env, { status, order: hostileOrder(value) }),
    ),
    paymentArrangedMessage(env, {
      order: hostileOrder(value),
      method: "eft",
      reference: value,
      eft: null,
    }),
    paymentReceivedMessage(env, {
      order: hostileOrder(value),
      amountCents: 3150,
      paidOn: "2026-11-23",
    }),
    passwordChangedMessage(env, {
      to: "a@b.co",
      at: new Date("2026-11-22T12:05:00Z"),
      clientAddress: value,
      how: "changed",
    }),
    passwordResetMessage(env, {
      to: "a@b.co",
      resetUrl: `${env.PUBLIC_URL}/admin/reset-password/abc`,
      clientAddress: value,
    }),
    sessionsEndedMessage(env, {
      to: "a@b.co",
      at: new Date("2026-11-22T12:05:00Z"),
      clientAddress: value,
      count: 2,
    }),
    ...(["on", "off", "off-by-operator", "recovery-code-used"] as const).map((event) =>
      twoStepMessage(env, {
        to: "a@b.co",
        at: new Date("2026-11-22T12:05:00Z"),
        clientAddress: value,
        event,
        codesLeft: event === "recovery-code-used" ? 9 : undefined,
      }),
    ),
    passkeyChangedMessage(env, {
      to: "a@b.co",
      at: new Date("2026-11-22T12:05:00Z"),
      clientAddress: value,
      how: "added",
      name: value,
    }),
    newsletterConfirmationMessage(env, {
      email: "a@b.co",
      confirmUrl: "https://kwezi.example/c/t",
    }),
    // A newsletter and its test: the owner's subject, preview line and text.
    ...(["newsletter.issue", "newsletter.test"] as const).map((kind) => ({
      kind,
      to: "a@b.co",
      ...newsletterIssueMessage(env, {
        email: "a@b.co",
        unsubscribeUrl: "https://kwezi.example/u/t",
        subject: value,
        preheader: value,
        body: renderNewsletterMarkdown(value, { publicUrl: env.PUBLIC_URL }),
      }),
    })),
  ];
}

function hostileOrder(value: string) {
  return {
    id: "abcdef12-0000-4000-8000-000000000000",
    customerName: value,
    email: "a@b.co",
    phone: value,
    lines: [{ productName: value, priceCents: 1050, quantity: 3 }],
    totalCents: 3150,
    createdAt: new Date("2026-11-22T12:05:00Z"),
  };
}

describe("e-mail messages", () => {
  it("are each of a kind the admin's E-mail page names in words", () => {
    const kinds = new Set(everyMessage("x").map((m) => m.kind));
    expect([...kinds].sort()).toEqual([...MESSAGE_KINDS].sort());
    for (const kind of kinds) {
      expect(messageKindLabel(kind), kind).not.toBe(kind);
      expect(messageKindLabel(kind), kind).toMatch(/^[A-Z][a-z]/);
    }
  });

  it("escape every visitor value in HTML and keep it verbatim in the text", () => {
    for (const message of everyMessage(EVIL)) {
      expect(message.html, message.kind).not.toContain("<img");
      expect(message.html, message.kind).not.toContain(`onerror="`);
      if (message.kind.startsWith("newsletter")) continue;
      expect(message.html, message.kind).toContain(
        "&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;&quot;",
      );
      expect(message.text, message.kind).toContain(EVIL);
    }
  });

  it("are accessible documents: language, title, one h1, text alternative", () => {
    for (const message of everyMessage("Thandi")) {
      expect(message.html).toMatch(/^<!doctype html>\n<html lang="en-ZA"/);
      expect(message.html).toContain(`<title>${message.subject.replaceAll("&", "&amp;")}`);
      expect(message.html.match(/<h1/g), message.kind).toHaveLength(1);
      expect(message.text.length).toBeGreaterThan(20);
    }
  });

  it("keep subjects on one line", () => {
    for (const message of everyMessage("Line one\r\nBcc: victim@example.com")) {
      expect(message.subject, message.kind).not.toMatch(/[\r\n]/);
    }
    expect(oneLine("  a\n\tb  ")).toBe("a b");
  });

  it("send company notices to NOTIFY_EMAIL, replying to the visitor", () => {
    const [quote, contact, notice, , order] = everyMessage("Thandi");
    for (const message of [quote!, contact!, order!]) {
      expect(message).toMatchObject({ to: "office@example.co.za", replyTo: "a@b.co" });
    }
    expect(notice!.to).toBe("office@example.co.za");
  });

  it("put the lines, total, order number, date and next steps in the order e-mails", () => {
    const [company, customer] = orderMessages(env, {
      id: "abcdef12-0000-4000-8000-000000000000",
      customerName: "Thandi",
      email: "thandi@example.co.za",
      phone: "082 555 0101",
      lines: [
        { productName: "Clock", priceCents: 1050, quantity: 3 },
        { productName: "Lamp", priceCents: 99_999, quantity: 1 },
      ],
      totalCents: 103_149,
      createdAt: new Date("2026-11-22T12:05:00Z"),
    });
    expect(orderReference("abcdef12-0000")).toBe("ABCDEF12");
    expect(company!.subject).toBe("New order ABCDEF12 from Thandi: R1031.49");
    expect(company!.text).toContain("Thandi placed an order on the website: 4 items, R1031.49.");
    expect(company!.html).toContain(
      'href="https://kwezi.example/admin/orders/abcdef12-0000-4000-8000-000000000000"',
    );
    expect(customer!.text).toContain("Order number: ABCDEF12");
    expect(customer!.text).toContain("Placed: 22 November 2026 at 14:05");
    expect(customer!.text).toContain("3 × Clock @ R10.50 = R31.50");
    expect(customer!.text).toContain("Total: R1031.49");
    expect(customer!.text).toContain(
      "After placing your order, we will contact you to arrange payment and delivery options.",
    );
  });

  it("reply to a quote with the original's subject (docs/product.md §10) and the admin's text as written", () => {
    const reply = quoteReplyMessage(env, {
      to: "sipho@example.co.za",
      service: "Web Development",
      replyText: "Hi Sipho,\n\nR12 000.",
      originalMessage: "Need a site\nsoon",
    });
    expect(reply.subject).toBe("RE: Your Quote Request - Web Development");
    expect(reply.text.startsWith("Hi Sipho,\n\nR12 000.\n\n")).toBe(true);
    expect(reply.text).toContain("> Need a site\n> soon");
  });
});

describe("order status e-mails", () => {
  const order = {
    id: "abcdef12-0000-4000-8000-000000000000",
    customerName: "Thandi",
    email: "thandi@example.co.za",
    phone: "082 555 0101",
    lines: [{ productName: "Clock", priceCents: 1050, quantity: 3 }],
    totalCents: 3150,
    createdAt: new Date("2026-11-22T12:05:00Z"),
  };

  it("tell the customer the order is on its way, replying to the company", () => {
    const message = orderStatusMessage(env, { order, status: "shipped" });
    expect(message).toMatchObject({
      kind: "order.shipped",
      to: "thandi@example.co.za",
      replyTo: "office@example.co.za",
      subject: "Your Kwezi Engineering order ABCDEF12 is on its way",
    });
    expect(message.text).toContain("Hi Thandi,");
    expect(message.text).toContain("3 × Clock @ R10.50 = R31.50");
  });

  it("tell the customer the order was cancelled", () => {
    const message = orderStatusMessage(env, { order, status: "cancelled" });
    expect(message.kind).toBe("order.cancelled");
    expect(message.subject).toBe("Your Kwezi Engineering order ABCDEF12 has been cancelled");
    expect(message.text).toContain("Your order ABCDEF12 has been cancelled.");
  });
});

describe("payment e-mails (decision 014)", () => {
  const order = {
    id: "abcdef12-0000-4000-8000-000000000000",
    customerName: "Thandi",
    email: "thandi@example.co.za",
    phone: "082 555 0101",
    lines: [{ productName: "Clock", priceCents: 1050, quantity: 3 }],
    totalCents: 3150,
    createdAt: new Date("2026-11-22T12:05:00Z"),
  };
  const eft = {
    accountName: "Kwezi Engineering (Pty) Ltd",
    bankName: "First National Bank",
    accountNumber: "6200 1234 567",
    branchCode: "250655",
    accountType: "Cheque",
  };

  it("give the bank account and the order number as reference for EFT", () => {
    const message = paymentArrangedMessage(env, { order, method: "eft", reference: null, eft });
    expect(message).toMatchObject({
      kind: "order.payment_arranged",
      to: "thandi@example.co.za",
      replyTo: "office@example.co.za",
      subject: "How to pay for your Kwezi Engineering order ABCDEF12",
    });
    for (const body of [message.text, message.html]) {
      expect(body).toContain("6200 1234 567");
      expect(body).toContain("250655");
      expect(body).toContain("First National Bank");
      expect(body).toContain("Please use ABCDEF12 as the payment reference.");
    }
    expect(message.text).toContain("Account type: Cheque");
  });

  it("say the banking details will follow when none are configured, never invent them", () => {
    const message = paymentArrangedMessage(env, {
      order,
      method: "eft",
      reference: "THANDI-1",
      eft: null,
    });
    expect(message.text).toContain(
      "We will send you our banking details. Please use THANDI-1 as the payment reference.",
    );
    expect(message.text).not.toMatch(/Account number|Branch code/);
  });

  it("explain cash and card payments without bank details", () => {
    const cash = paymentArrangedMessage(env, { order, method: "cash", reference: null, eft });
    expect(cash.text).toContain("have the amount ready in cash");
    expect(cash.text).not.toContain("Account number");
    const card = paymentArrangedMessage(env, {
      order,
      method: "card_machine",
      reference: null,
      eft,
    });
    expect(card.text).toContain("card machine");
  });

  it("thank the buyer for a payment with its amount and date", () => {
    const message = paymentReceivedMessage(env, { order, amountCents: 3500, paidOn: "2026-11-24" });
    expect(message.kind).toBe("order.payment_received");
    expect(message.subject).toBe("Payment received for your Kwezi Engineering order ABCDEF12");
    expect(message.text).toContain(
      "We received your payment of R35.00 on 24 November 2026 for order ABCDEF12.",
    );
  });

  it("link the confirmation to the buyer's order page when it has one", () => {
    const [, customer] = orderMessages(env, {
      ...order,
      orderPageUrl: "https://kwezi.example/orders/Tok3n_x",
    });
    expect(customer!.text).toContain("https://kwezi.example/orders/Tok3n_x");
    expect(customer!.html).toContain('href="https://kwezi.example/orders/Tok3n_x"');
    expect(customer!.html).toContain(">View your order</a>");
    const [company] = orderMessages(env, {
      ...order,
      orderPageUrl: "https://kwezi.example/orders/Tok3n_x",
    });
    expect(company!.text).not.toContain("Tok3n_x");
  });
});

describe("delivery policy", () => {
  it("backs off 1 min doubling, at most 6 h", () => {
    expect([1, 2, 3, 9, 10, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 256, 360, 360,
    ]);
  });

  it("gives up at once only when the server refuses the recipient", () => {
    expect(isPermanentFailure({ responseCode: 550, command: "RCPT TO" })).toBe(true);
    expect(isPermanentFailure({ responseCode: 451, command: "RCPT TO" })).toBe(false);
    expect(isPermanentFailure({ responseCode: 535, command: "AUTH PLAIN" })).toBe(false);
    expect(isPermanentFailure(new Error("connect ECONNREFUSED"))).toBe(false);
    expect(isPermanentFailure(undefined)).toBe(false);
  });
});
