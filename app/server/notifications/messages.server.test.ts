import { describe, expect, it } from "vitest";
import { isPermanentFailure } from "./mailer.server.ts";
import {
  contactMessage,
  newSubscriberMessages,
  oneLine,
  orderMessages,
  orderReference,
  orderStatusMessage,
  quoteReplyMessage,
  quoteRequestMessage,
} from "./messages.server.ts";
import { retryDelayMs } from "./worker.server.ts";

const env = { NOTIFY_EMAIL: "office@example.co.za", PUBLIC_URL: "https://kwezi.example" };
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
      orderStatusMessage(env, {
        status,
        order: {
          id: "abcdef12-0000-4000-8000-000000000000",
          customerName: value,
          email: "a@b.co",
          phone: value,
          lines: [{ productName: value, priceCents: 1050, quantity: 3 }],
          totalCents: 3150,
          createdAt: new Date("2026-11-22T12:05:00Z"),
        },
      }),
    ),
  ];
}

describe("e-mail messages", () => {
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

  it("reply to a quote with the spec's subject and the admin's text as written", () => {
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
