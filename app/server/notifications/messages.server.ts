import { COMPANY } from "#app/content/company.ts";
import { addressLine, type BusinessDetails, replyAddress } from "#app/lib/business.ts";
import { formatCalendarDay, formatLongDateTime } from "#app/lib/dates.ts";
import { formatRand } from "#app/lib/money.ts";
import { orderReference } from "#app/lib/order-status.ts";
import {
  deliveryLine,
  type EftDetails,
  type OrderDelivery,
  orderTotalSentence,
} from "#app/lib/orders.ts";
import {
  EFT_DETAILS_TO_FOLLOW,
  eftReference,
  PAYMENT_INSTRUCTIONS,
  type PaymentMethod,
} from "#app/lib/payment-status.ts";
import { describePersonalisation } from "#app/lib/personalisation.ts";
import type { Env } from "../env.server.ts";
import { html, type SafeHtml } from "./html.server.ts";
import type { OutgoingMessage } from "./outbox.server.ts";

/*
 * The e-mails the site sends, replacing the original's send-notification function
 * (docs/product.md §10: the original's {type, data, forwardTo}; forwardTo is the company address, NOTIFY_EMAIL).
 * Each message is plain text plus simple, accessible HTML (one column, real headings, data
 * tables with header cells, inline styles because mail clients drop <style>). Every value a
 * visitor typed goes through the escaping `html` template; subjects are kept to one line.
 * Each `queue…` caller passes the transaction that stores the business row.
 */

/** What every message reads: the site's address and the business details (decision 042). */
export type MailEnv = Pick<Env, "PUBLIC_URL"> & { business: BusinessDetails };

const signOffText = (business: BusinessDetails) => `Kind regards,\nThe ${business.name} team`;
const contactLine = (business: BusinessDetails) => `${business.phone} · ${business.generalEmail}`;

const COLOR = {
  ink: "#0b1220",
  text: "#0f172a",
  muted: "#475569",
  border: "#e2e8f0",
  page: "#f1f5f9",
  link: "#1d4ed8",
  accent: "#f59e0b",
} as const;

/** A subject line: visitors' values may hold line breaks, a header may not. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

// The short order number (the id's first 8 characters), shared with the admin screens.

function layout(
  business: BusinessDetails,
  options: {
    title: string;
    /** The inbox preview line, hidden in the body. */
    preview: string;
    body: SafeHtml;
    /** Why the reader gets this e-mail. */
    reason: string;
    extraFooter?: SafeHtml;
  },
): string {
  const { title, preview, body, reason, extraFooter } = options;
  return html`<!doctype html>
<html lang="en-ZA" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:${COLOR.page};color:${COLOR.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${preview}</div>
<div role="article" aria-roledescription="email" aria-label="${title}" lang="en-ZA" style="padding:24px 12px">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid ${COLOR.border};border-radius:8px;overflow:hidden">
<div style="background:${COLOR.ink};color:#ffffff;padding:16px 24px;border-bottom:4px solid ${COLOR.accent}">
<p style="margin:0;font-size:18px;font-weight:bold;letter-spacing:0.02em">${business.name}</p>
<p style="margin:0;font-size:13px;color:#cbd5e1">${COMPANY.tagline}</p>
</div>
<div style="padding:20px">
${body}
</div>
<div style="padding:16px 24px;border-top:1px solid ${COLOR.border};font-size:13px;color:${COLOR.muted}">
<p style="margin:0 0 4px">${business.legalName} · ${addressLine(business)}</p>
<p style="margin:0 0 4px">${business.phone} · <a href="mailto:${business.generalEmail}" style="color:${COLOR.link}">${business.generalEmail}</a></p>
<p style="margin:8px 0 0">${reason}</p>
${extraFooter}
</div>
</div>
</div>
</body>
</html>`.value;
}

const h1 = (text: string | SafeHtml) =>
  html`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLOR.ink}">${text}</h1>`;
export const h2 = (text: string) =>
  html`<h2 style="margin:24px 0 8px;font-size:17px;line-height:1.3;color:${COLOR.ink}">${text}</h2>`;
export const p = (content: string | SafeHtml | (string | SafeHtml)[]) =>
  html`<p style="margin:0 0 12px">${content}</p>`;
export const link = (href: string, text: string) =>
  html`<a href="${href}" style="color:${COLOR.link};text-decoration:underline">${text}</a>`;
/** A button-like link that is still a plain, underlined link for screen readers and text. */
const buttonLink = (href: string, text: string) =>
  html`<p style="margin:20px 0"><a href="${href}" style="display:inline-block;background:${COLOR.link};color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:underline">${text}</a></p>`;
/** A visitor's free text: line breaks kept, never interpreted. */
const quoted = (text: string) =>
  html`<blockquote style="margin:0 0 12px;padding:12px 16px;background:${COLOR.page};border-left:4px solid ${COLOR.accent};white-space:pre-wrap">${text}</blockquote>`;
const signOff = (business: BusinessDetails) =>
  html`<p style="margin:24px 0 0">Kind regards,<br>The ${business.name} team</p>`;

type Field = [label: string, value: string];

function fieldsText(fields: Field[]): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join("\n");
}

function fieldsHtml(fields: Field[], caption: string): SafeHtml {
  return html`<table style="border-collapse:collapse;width:100%;margin:0 0 12px"><caption style="text-align:left;font-weight:bold;padding:0 0 6px">${caption}</caption><tbody>${fields.map(
    ([label, value]) =>
      html`<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;vertical-align:top;white-space:nowrap;border-top:1px solid ${COLOR.border}">${label}</th><td style="padding:6px 0;white-space:pre-wrap;word-break:break-word;border-top:1px solid ${COLOR.border}">${value}</td></tr>`,
  )}</tbody></table>`;
}

// ---- To the company ------------------------------------------------------------------------

/** The requester's phone number as a row, only when one was given. */
const phoneField = (phone: string | null | undefined): Field[] => (phone ? [["Phone", phone]] : []);

export interface QuoteRequestData {
  name: string;
  email: string;
  /** Optional (beyond the original): the company may call or WhatsApp the requester. */
  phone?: string | null;
  /** The service label (docs/product.md §4 service options). */
  service: string;
  message: string;
}

/** To the company: a quote request from a service page or the home page (docs/product.md §10, docs/email.md). */
export function quoteRequestMessage(env: MailEnv, data: QuoteRequestData): OutgoingMessage {
  const fields: Field[] = [
    ["Name", data.name],
    ["Email", data.email],
    ...phoneField(data.phone),
    ["Service", data.service],
  ];
  const adminUrl = `${env.PUBLIC_URL}/admin/quote-requests`;
  const subject = oneLine(`New quote request: ${data.service} from ${data.name}`);
  return {
    kind: "quote.company",
    to: env.business.alertEmail,
    replyTo: data.email,
    subject,
    text: [
      `${data.name} asked for a quote on the website.`,
      fieldsText(fields),
      `Message:\n${data.message}`,
      `Reply to this e-mail to answer ${data.name} directly, or reply and mark it resolved in the admin:\n${adminUrl}`,
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: `${data.name} asked for a quote: ${data.service}`,
      reason: "Sent to the company address by the quote form on the website.",
      body: html`${h1("New quote request")}${p(html`<strong>${data.name}</strong> asked for a quote on the website.`)}${fieldsHtml(fields, "Request details")}${h2("Message")}${quoted(data.message)}${p(`Reply to this e-mail to answer ${data.name} directly, or reply from the admin.`)}${buttonLink(adminUrl, "Open quote requests in the admin")}`,
    }),
  };
}

export interface ContactMessageData {
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
}

/** To the company: a message from the contact page (docs/product.md §10). */
export function contactMessage(env: MailEnv, data: ContactMessageData): OutgoingMessage {
  const fields: Field[] = [
    ["Name", data.name],
    ["Email", data.email],
    ...phoneField(data.phone),
    ["Subject", data.subject],
  ];
  const adminUrl = `${env.PUBLIC_URL}/admin/quote-requests`;
  const subject = oneLine(`New contact message: ${data.subject} from ${data.name}`);
  return {
    kind: "contact.company",
    to: env.business.alertEmail,
    replyTo: data.email,
    subject,
    text: [
      `${data.name} sent a message through the contact page.`,
      fieldsText(fields),
      `Message:\n${data.message}`,
      `Reply to this e-mail to answer ${data.name} directly. The message is also listed in the admin:\n${adminUrl}`,
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: `${data.name}: ${data.subject}`,
      reason: "Sent to the company address by the contact form on the website.",
      body: html`${h1("New contact message")}${p(html`<strong>${data.name}</strong> sent a message through the contact page.`)}${fieldsHtml(fields, "Sender")}${h2("Message")}${quoted(data.message)}${p(`Reply to this e-mail to answer ${data.name} directly.`)}${buttonLink(adminUrl, "Open messages in the admin")}`,
    }),
  };
}

/**
 * A new subscriber (docs/product.md §10): a short notice to the company and a welcome to
 * the subscriber with the unsubscribe link, also as List-Unsubscribe and RFC 8058 one-click
 * headers (the unsubscribe route accepts a POST).
 */
export function newSubscriberMessages(
  env: MailEnv,
  data: { email: string; unsubscribeUrl: string },
): OutgoingMessage[] {
  const subscribersUrl = `${env.PUBLIC_URL}/admin/subscribers`;
  const welcomeSubject = `Welcome to the ${env.business.name} newsletter`;
  const noticeSubject = oneLine(`New newsletter subscriber: ${data.email}`);
  return [
    {
      kind: "newsletter.company",
      to: env.business.alertEmail,
      subject: noticeSubject,
      text: `${data.email} subscribed to the newsletter on the website.\n\nAll subscribers: ${subscribersUrl}`,
      html: layout(env.business, {
        title: noticeSubject,
        preview: `${data.email} subscribed to the newsletter`,
        reason: "Sent to the company address by the newsletter form on the website.",
        body: html`${h1("New newsletter subscriber")}${p(html`<strong>${data.email}</strong> subscribed to the newsletter on the website.`)}${buttonLink(subscribersUrl, "See all subscribers in the admin")}`,
      }),
    },
    {
      kind: "newsletter.welcome",
      to: data.email,
      replyTo: replyAddress(env.business),
      subject: welcomeSubject,
      headers: {
        "List-Unsubscribe": `<${data.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      text: [
        "Hello,",
        `Thank you for subscribing to the ${env.business.name} newsletter.`,
        "Now and then we'll share what we've been building in Durban: websites and apps, embedded and IoT hardware, and the bespoke gifts in our craft shop. No spam, and we never share your address.",
        `Questions or a project in mind? Reply to this e-mail or call us on ${env.business.phone}.`,
        signOffText(env.business),
        `You receive this because ${data.email} subscribed on our website. Unsubscribe at any time:\n${data.unsubscribeUrl}`,
      ].join("\n\n"),
      html: layout(env.business, {
        title: welcomeSubject,
        preview: "Thank you for subscribing. Here's what to expect.",
        reason: `You receive this because ${data.email} subscribed on our website.`,
        extraFooter: html`<p style="margin:4px 0 0">${link(data.unsubscribeUrl, "Unsubscribe from the newsletter")} at any time.</p>`,
        body: html`${h1("Thank you for subscribing")}${p(`Thank you for subscribing to the ${env.business.name} newsletter.`)}${p("Now and then we'll share what we've been building in Durban: websites and apps, embedded and IoT hardware, and the bespoke gifts in our craft shop. No spam, and we never share your address.")}${p(`Questions or a project in mind? Reply to this e-mail or call us on ${env.business.phone}.`)}${signOff(env.business)}`,
      }),
    },
  ];
}

/**
 * The double opt-in e-mail (docs/product.md §3.10 "States"): the address is subscribed only
 * once its link is used. No unsubscribe link: nothing more is sent unless it is used.
 */
export function newsletterConfirmationMessage(
  env: MailEnv,
  data: { email: string; confirmUrl: string },
): OutgoingMessage {
  const subject = `Please confirm your subscription to the ${env.business.name} newsletter`;
  const ignore =
    "If you did not ask for it, ignore this e-mail: we will not write to you again, and we remove the address after 30 days.";
  return {
    kind: "newsletter.confirm",
    to: data.email,
    replyTo: replyAddress(env.business),
    subject,
    text: [
      "Hello,",
      `Someone, we hope you, asked to receive the ${env.business.name} newsletter at ${data.email}. To confirm, open this link within 7 days:`,
      data.confirmUrl,
      ignore,
      signOffText(env.business),
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: "One click to confirm your subscription.",
      reason: `You receive this because ${data.email} was entered in the newsletter form on our website.`,
      body: html`${h1("Confirm your subscription")}${p(`Someone, we hope you, asked to receive the ${env.business.name} newsletter at ${data.email}. To confirm, use the button within 7 days.`)}${buttonLink(data.confirmUrl, "Confirm my subscription")}${p(ignore)}${signOff(env.business)}`,
    }),
  };
}

// ---- Orders --------------------------------------------------------------------------------

export interface OrderLine {
  productName: string;
  priceCents: number;
  quantity: number;
  /** The buyer's text and the label it answers (decision 040), when the line has one. */
  personalisation?: string | null;
  personalisationLabel?: string | null;
}

export interface OrderData {
  id: string;
  customerName: string;
  email: string;
  phone: string;
  /** The buyer's "Anything we should know?" (docs/product.md §6.1); staff see it. */
  note?: string | null;
  lines: OrderLine[];
  /** What the buyer pays: the lines' sum, plus delivery once it is agreed. */
  totalCents: number;
  /** The lines' sum, when delivery is agreed (docs/product.md §3.9 "Delivery"). */
  subtotalCents?: number;
  /** Delivery as agreed; until then the e-mails say "Shipping: To be calculated". */
  delivery?: OrderDelivery | null;
  /** When the order was placed; shown when given. */
  createdAt?: Date;
  /**
   * The buyer's private order page (/orders/<token>, decision 014). Only the confirmation knows
   * it: the database keeps the token's hash alone.
   */
  orderPageUrl?: string;
}

function orderLinesText(order: OrderData): string {
  const lines = order.lines.map((line) => {
    const text = `${line.quantity} × ${line.productName} @ ${formatRand(line.priceCents)} = ${formatRand(line.priceCents * line.quantity)}`;
    const personalised = describePersonalisation(line);
    return personalised ? `${text}\n    ${personalised}` : text;
  });
  if (!order.delivery) {
    return [...lines, `Total: ${formatRand(order.totalCents)}`, "Shipping: To be calculated"].join(
      "\n",
    );
  }
  const delivery = deliveryLine(order.delivery);
  const charge = delivery.amountCents === null ? delivery.text : formatRand(delivery.amountCents);
  return [
    ...lines,
    `Subtotal: ${formatRand(order.subtotalCents ?? order.totalCents)}`,
    `${delivery.label}: ${charge}${delivery.detail ? ` (${delivery.detail})` : ""}`,
    `Total: ${formatRand(order.totalCents)}`,
  ].join("\n");
}

const cell = "padding:8px 4px;border-top:1px solid #e2e8f0;vertical-align:top";
const numCell = `${cell};text-align:right;white-space:nowrap`;

/** Three columns (the unit price sits under the product name) so it fits a 360 px phone. */
function orderLinesHtml(order: OrderData): SafeHtml {
  return html`<table style="border-collapse:collapse;width:100%;margin:0 0 12px;font-size:15px"><caption style="text-align:left;font-weight:bold;padding:0 0 6px;font-size:16px">Items ordered</caption><thead><tr><th scope="col" style="text-align:left;padding:6px 4px">Product</th><th scope="col" style="text-align:right;padding:6px 4px">Qty</th><th scope="col" style="text-align:right;padding:6px 4px">Amount</th></tr></thead><tbody>${order.lines.map(
    (line) =>
      html`<tr><td style="${cell};overflow-wrap:break-word">${line.productName}${personalisationHtml(line)}<br><span style="color:${COLOR.muted};font-size:14px">${formatRand(line.priceCents)} each</span></td><td style="${numCell}">${line.quantity}</td><td style="${numCell}">${formatRand(line.priceCents * line.quantity)}</td></tr>`,
  )}</tbody><tfoot>${orderTotalsHtml(order)}</tfoot></table>`;
}

/** A line's personalisation under its name (decision 040), as text (escaped). */
function personalisationHtml(line: OrderLine): SafeHtml | string {
  const personalised = describePersonalisation(line);
  return personalised ? html`<br><span style="font-size:14px">${personalised}</span>` : "";
}

/** The table's foot: the total and "To be calculated", or subtotal, delivery and total. */
function orderTotalsHtml(order: OrderData): SafeHtml {
  const total = html`<tr><th scope="row" colspan="2" style="${numCell}">Total</th><td style="${numCell};font-weight:bold">${formatRand(order.totalCents)}</td></tr>`;
  if (!order.delivery) {
    return html`${total}<tr><th scope="row" colspan="2" style="${numCell};font-weight:normal">Shipping</th><td style="${cell};text-align:right">To be calculated</td></tr>`;
  }
  const delivery = deliveryLine(order.delivery);
  const charge = delivery.amountCents === null ? delivery.text : formatRand(delivery.amountCents);
  return html`<tr><th scope="row" colspan="2" style="${numCell};font-weight:normal">Subtotal</th><td style="${numCell}">${formatRand(order.subtotalCents ?? order.totalCents)}</td></tr><tr><th scope="row" colspan="2" style="${numCell};font-weight:normal">${delivery.label}${delivery.detail ? html`<br><span style="color:${COLOR.muted};font-size:14px">${delivery.detail}</span>` : ""}</th><td style="${numCell}">${charge}</td></tr>${total}`;
}

/**
 * An e-mail to an order's buyer: "Hi <name>," and the parts in the text, the company's
 * sign-off and details at the end, replies to the company, and why they receive it.
 */
function toBuyer(
  env: MailEnv,
  order: Pick<OrderData, "customerName" | "email">,
  message: {
    kind: OutgoingMessage["kind"];
    subject: string;
    preview: string;
    text: string[];
    body: SafeHtml;
  },
): OutgoingMessage {
  return {
    kind: message.kind,
    to: order.email,
    replyTo: replyAddress(env.business),
    subject: message.subject,
    text: [
      `Hi ${order.customerName},`,
      ...message.text,
      signOffText(env.business),
      `${env.business.legalName} · ${addressLine(env.business)} · ${contactLine(env.business)}`,
    ].join("\n\n"),
    html: layout(env.business, {
      title: message.subject,
      preview: message.preview,
      reason: `You receive this because an order was placed with ${order.email} on our website.`,
      body: message.body,
    }),
  };
}

/** Beside the link to the buyer's order page in the confirmation. */
const ORDER_PAGE_TEXT =
  "Follow your order and its payment on your private order page. Keep the link to yourself: anyone who has it can see your order.";

/**
 * A new order (docs/product.md §10): the full order to the company with a link to it in the
 * admin, and the confirmation to the customer (order number, lines, total, what happens next).
 */
export function orderMessages(env: MailEnv, order: OrderData): OutgoingMessage[] {
  const reference = orderReference(order.id);
  const customerFields: Field[] = [
    ["Name", order.customerName],
    ["Email", order.email],
    ["Phone", order.phone],
  ];
  const orderFields: Field[] = [
    ["Order number", reference],
    ...(order.createdAt ? [["Placed", formatLongDateTime(order.createdAt)] as Field] : []),
  ];
  const itemCount = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const adminUrl = `${env.PUBLIC_URL}/admin/orders/${order.id}`;
  const companySubject = oneLine(
    `New order ${reference} from ${order.customerName}: ${formatRand(order.totalCents)}`,
  );
  const customerSubject = `Your ${env.business.name} order ${reference}`;
  const nextSteps =
    "After placing your order, we will contact you to arrange payment and delivery options. No payment has been taken online.";
  return [
    {
      kind: "order.company",
      to: env.business.alertEmail,
      replyTo: order.email,
      subject: companySubject,
      text: [
        `${order.customerName} placed an order on the website: ${itemCount} ${itemCount === 1 ? "item" : "items"}, ${formatRand(order.totalCents)}.`,
        fieldsText([...orderFields, ...customerFields]),
        orderLinesText(order),
        ...(order.note ? [`Note from the buyer:\n${order.note}`] : []),
        `Contact the customer to arrange payment and delivery. Open the order in the admin:\n${adminUrl}`,
      ].join("\n\n"),
      html: layout(env.business, {
        title: companySubject,
        preview: `${order.customerName}: ${itemCount} ${itemCount === 1 ? "item" : "items"}, ${formatRand(order.totalCents)}`,
        reason: "Sent to the company address by the shop checkout.",
        body: html`${h1(`New order ${reference}`)}${p(html`<strong>${order.customerName}</strong> placed an order on the website. Contact them to arrange payment and delivery.`)}${fieldsHtml([...orderFields, ...customerFields], "Order and customer")}${orderLinesHtml(order)}${order.note ? html`${h2("Note from the buyer")}${quoted(order.note)}` : ""}${buttonLink(adminUrl, `Open order ${reference} in the admin`)}`,
      }),
    },
    toBuyer(env, order, {
      kind: "order.customer",
      subject: customerSubject,
      preview: `Order ${reference}: ${formatRand(order.totalCents)}. We'll be in touch to arrange payment and delivery.`,
      text: [
        `Thank you for your order! We've received it and our team is on it.`,
        ...(order.orderPageUrl ? [`${ORDER_PAGE_TEXT}\n${order.orderPageUrl}`] : []),
        fieldsText(orderFields),
        orderLinesText(order),
        `What happens next\n${nextSteps} We'll use the details you gave us: ${order.email} or ${order.phone}.`,
        `Questions about your order? Reply to this e-mail or call us on ${env.business.phone}, and mention order number ${reference}.`,
      ],
      body: html`${h1(`Thank you for your order, ${order.customerName}`)}${p("We've received your order and our team is on it.")}${order.orderPageUrl ? html`${buttonLink(order.orderPageUrl, "View your order")}${p(html`<span style="color:${COLOR.muted};font-size:14px">${ORDER_PAGE_TEXT}</span>`)}` : ""}${fieldsHtml(orderFields, "Your order")}${orderLinesHtml(order)}${h2("What happens next")}${p(`${nextSteps} We'll use the details you gave us: ${order.email} or ${order.phone}.`)}${p(`Questions about your order? Reply to this e-mail or call us on ${env.business.phone}, and mention order number ${reference}.`)}${signOff(env.business)}`,
    }),
  ];
}

/**
 * To the customer when the admin marks an order shipped or cancelled and ticks "E-mail the
 * customer" (decision 009): what happened, the order's lines and how to reach the company.
 */
export function orderStatusMessage(
  env: MailEnv,
  data: { order: OrderData; status: "shipped" | "cancelled" },
): OutgoingMessage {
  const { order, status } = data;
  const reference = orderReference(order.id);
  const shipped = status === "shipped";
  const subject = shipped
    ? `Your ${env.business.name} order ${reference} is on its way`
    : `Your ${env.business.name} order ${reference} has been cancelled`;
  const news = shipped
    ? `Good news: your order ${reference} has been sent and is on its way to you.`
    : `Your order ${reference} has been cancelled. No payment was taken online, so there is nothing to refund for the website order.`;
  const next = shipped
    ? `If anything is missing or damaged when it arrives, reply to this e-mail or call us on ${env.business.phone}, and mention order number ${reference}.`
    : `If you did not expect this or would like to order again, reply to this e-mail or call us on ${env.business.phone}, and mention order number ${reference}.`;
  const orderFields: Field[] = [
    ["Order number", reference],
    ...(order.createdAt ? [["Placed", formatLongDateTime(order.createdAt)] as Field] : []),
  ];
  return toBuyer(env, order, {
    kind: `order.${status}`,
    subject,
    preview: news,
    text: [news, fieldsText(orderFields), orderLinesText(order), next],
    body: html`${h1(shipped ? `Your order ${reference} is on its way` : `Your order ${reference} has been cancelled`)}${p(`Hi ${order.customerName},`)}${p(news)}${fieldsHtml(orderFields, "Your order")}${orderLinesHtml(order)}${p(next)}${signOff(env.business)}`,
  });
}

// ---- Payments (decision 014) -------------------------------------------------------------------

function eftFields(eft: EftDetails): Field[] {
  return [
    ["Account name", eft.accountName],
    ["Bank", eft.bankName],
    ["Account number", eft.accountNumber],
    ["Branch code", eft.branchCode],
    ...(eft.accountType ? [["Account type", eft.accountType] as Field] : []),
  ];
}

/** What the buyer reads about how to pay, in text and HTML. */
function paymentInstructions(
  method: PaymentMethod,
  reference: string | null,
  orderNumber: string,
  eft: EftDetails | null,
): { text: string; html: SafeHtml } {
  if (method !== "eft") {
    return { text: PAYMENT_INSTRUCTIONS[method], html: p(PAYMENT_INSTRUCTIONS[method]) };
  }
  const useReference = `Please use ${eftReference(reference, orderNumber)} as the payment reference.`;
  if (!eft) {
    const text = `${EFT_DETAILS_TO_FOLLOW} ${useReference}`;
    return { text, html: p(text) };
  }
  return {
    text: [PAYMENT_INSTRUCTIONS.eft, fieldsText(eftFields(eft)), useReference].join("\n\n"),
    html: html`${p(PAYMENT_INSTRUCTIONS.eft)}${fieldsHtml(eftFields(eft), "Our bank account")}${p(html`<strong>${useReference}</strong>`)}`,
  };
}

export interface PaymentArrangedData {
  order: OrderData;
  method: PaymentMethod;
  reference: string | null;
  /** The company's bank account (EFT_* variables), or null: "we will send" it. */
  eft: EftDetails | null;
}

/**
 * To the buyer when the admin records that payment is arranged and ticks "E-mail the
 * customer": how to pay (with the bank account for EFT) and the order's lines.
 */
export function paymentArrangedMessage(env: MailEnv, data: PaymentArrangedData): OutgoingMessage {
  const { order, method, reference } = data;
  const number = orderReference(order.id);
  const subject = `How to pay for your ${env.business.name} order ${number}`;
  const intro = `As agreed, here is how to pay for your order ${number}.`;
  const howTo = paymentInstructions(method, reference, number, data.eft);
  // For EFT the reference is in the instructions; otherwise it is shown when there is one.
  const referenceLine =
    method !== "eft" && reference ? `Your payment reference: ${reference}.` : null;
  // Once delivery is agreed the total includes it (docs/product.md §3.9 "Delivery").
  const amount = orderTotalSentence(order.totalCents, order.delivery ?? null);
  const questions = `Questions? Reply to this e-mail or call us on ${env.business.phone}, and mention order number ${number}.`;
  return toBuyer(env, order, {
    kind: "order.payment_arranged",
    subject,
    preview: intro,
    text: [
      intro,
      howTo.text,
      ...(referenceLine ? [referenceLine] : []),
      amount,
      orderLinesText(order),
      questions,
    ],
    body: html`${h1(`How to pay for order ${number}`)}${p(`Hi ${order.customerName},`)}${p(intro)}${howTo.html}${referenceLine ? p(referenceLine) : ""}${p(amount)}${orderLinesHtml(order)}${p(questions)}${signOff(env.business)}`,
  });
}

/** To the buyer when the admin records their payment and ticks "E-mail the customer". */
export function paymentReceivedMessage(
  env: MailEnv,
  data: { order: OrderData; amountCents: number; paidOn: string },
): OutgoingMessage {
  const { order } = data;
  const number = orderReference(order.id);
  const subject = `Payment received for your ${env.business.name} order ${number}`;
  const thanks = `We received your payment of ${formatRand(data.amountCents)} on ${formatCalendarDay(data.paidOn)} for order ${number}.`;
  const next = `We'll be in touch about delivery or collection. Questions? Reply to this e-mail or call us on ${env.business.phone}, and mention order number ${number}.`;
  return toBuyer(env, order, {
    kind: "order.payment_received",
    subject,
    preview: thanks,
    text: [thanks, orderLinesText(order), next],
    body: html`${h1("Payment received, thank you")}${p(`Hi ${order.customerName},`)}${p(thanks)}${orderLinesHtml(order)}${p(next)}${signOff(env.business)}`,
  });
}

// ---- Quote replies -------------------------------------------------------------------------

export interface QuoteReplyData {
  to: string;
  service: string;
  replyText: string;
  /** The requester's name, for the footer line. */
  name?: string;
  /** The original request, quoted under the reply when given. */
  originalMessage?: string;
}

/**
 * The admin's answer to a quote request (docs/product.md §3.11, §10). The subject is
 * 'RE: Your Quote Request - <service>'; the admin's text is sent as written.
 */
export function quoteReplyMessage(env: MailEnv, data: QuoteReplyData): OutgoingMessage {
  const subject = oneLine(`RE: Your Quote Request - ${data.service}`);
  const original = data.originalMessage;
  const reason = `You receive this because ${data.name ? `${data.name} (${data.to})` : data.to} asked us for a quote on our website.`;
  return {
    kind: "quote.reply",
    to: data.to,
    replyTo: replyAddress(env.business),
    subject,
    text: [
      data.replyText,
      ...(original ? [`Your request (${data.service}):\n${original.replace(/^/gm, "> ")}`] : []),
      "--",
      `${env.business.name} · ${contactLine(env.business)}\n${addressLine(env.business)}`,
      reason,
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: oneLine(data.replyText).slice(0, 120),
      reason,
      body: html`${h1(`Your quote request: ${data.service}`)}<div style="white-space:pre-wrap;word-break:break-word">${data.replyText}</div>${
        original ? html`${h2(`Your request: ${data.service}`)}${quoted(original)}` : ""
      }`,
    }),
  };
}

// ---- An admin's own account (docs/product.md §3.13, §3.14) -------------------------------------

/**
 * To an account's owner after its password was changed, on the account page or through a
 * reset link: when (Johannesburg time) and from which address, and what to do if it was not
 * them.
 */
export function passwordChangedMessage(
  env: MailEnv,
  data: { to: string; at: Date; clientAddress: string; how: "changed" | "reset" },
): OutgoingMessage {
  const subject = `Your ${env.business.name} admin password was changed`;
  const when = formatLongDateTime(data.at);
  const news =
    data.how === "reset"
      ? `The password of your admin account (${data.to}) was reset with a link sent to this address.`
      : `The password of your admin account (${data.to}) was changed on the account page.`;
  const fields: Field[] = [
    ["When", `${when} (South African time)`],
    ["From address", data.clientAddress],
  ];
  const others =
    data.how === "reset"
      ? "Every session of the account was signed out, and the browser that set the new password was signed in."
      : "Every other session of the account was signed out.";
  const notYou = `If this was not you, reset your password at once at ${env.PUBLIC_URL}/admin/forgot-password and tell the other admins.`;
  const reason = `You receive this because ${data.to} is an admin account on our website.`;
  return {
    kind: "account.password_changed",
    to: data.to,
    subject,
    text: [news, fieldsText(fields), others, notYou, signOffText(env.business), reason].join(
      "\n\n",
    ),
    html: layout(env.business, {
      title: subject,
      preview: news,
      reason,
      body: html`${h1("Your password was changed")}${p(news)}${fieldsHtml(fields, "The change")}${p(others)}${p(html`If this was not you, ${link(`${env.PUBLIC_URL}/admin/forgot-password`, "reset your password")} at once and tell the other admins.`)}${signOff(env.business)}`,
    }),
  };
}

/** How long a "Forgot password?" link works (docs/product.md §3.14). */
export const PASSWORD_RESET_MINUTES = 30;

/** To an account's owner who asked for a password reset: the single-use link. */
export function passwordResetMessage(
  env: MailEnv,
  data: { to: string; resetUrl: string; clientAddress: string },
): OutgoingMessage {
  const subject = `Reset your ${env.business.name} admin password`;
  const intro = `Someone (we hope you) asked to reset the password of the admin account ${data.to}, from the address ${data.clientAddress}.`;
  const use = `The link works once, for ${PASSWORD_RESET_MINUTES} minutes. Setting a new password signs the account out everywhere else. After that, ask for a new link at ${env.PUBLIC_URL}/admin/forgot-password.`;
  const ignore = "If you did not ask for this, ignore this e-mail: your password stays as it is.";
  const reason = `You receive this because a password reset was asked for ${data.to} on our website.`;
  return {
    kind: "account.password_reset",
    to: data.to,
    subject,
    text: [
      intro,
      `Set a new password:\n${data.resetUrl}`,
      use,
      ignore,
      signOffText(env.business),
      reason,
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: "Your link to set a new password, valid for 30 minutes.",
      reason,
      body: html`${h1("Reset your password")}${p(intro)}${buttonLink(data.resetUrl, "Set a new password")}${p(html`Or paste this address into your browser: ${link(data.resetUrl, data.resetUrl)}`)}${p(use)}${p(ignore)}${signOff(env.business)}`,
    }),
  };
}

/**
 * To an account's owner when sessions of the account were signed out from the account page
 * (docs/product.md §3.13): how many, when and from which address.
 */
export function sessionsEndedMessage(
  env: MailEnv,
  data: { to: string; at: Date; clientAddress: string; count: number },
): OutgoingMessage {
  const subject = `Sessions of your ${env.business.name} admin account were signed out`;
  const what =
    data.count === 1
      ? `One session of your admin account (${data.to}) was signed out from the account page.`
      : `${data.count} sessions of your admin account (${data.to}) were signed out from the account page.`;
  const fields: Field[] = [
    ["When", `${formatLongDateTime(data.at)} (South African time)`],
    ["From address", data.clientAddress],
  ];
  const notYou = `If this was not you, reset your password at once at ${env.PUBLIC_URL}/admin/forgot-password and tell the other admins.`;
  const reason = `You receive this because ${data.to} is an admin account on our website.`;
  return {
    kind: "account.sessions_ended",
    to: data.to,
    subject,
    text: [what, fieldsText(fields), notYou, signOffText(env.business), reason].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: what,
      reason,
      body: html`${h1("Sessions signed out")}${p(what)}${fieldsHtml(fields, "The change")}${p(html`If this was not you, ${link(`${env.PUBLIC_URL}/admin/forgot-password`, "reset your password")} at once and tell the other admins.`)}${signOff(env.business)}`,
    }),
  };
}

/** What happened to an account's two-step sign-in (docs/product.md §3.15). */
export type TwoStepEvent = "on" | "off" | "off-by-operator" | "recovery-code-used";

const TWO_STEP_NEWS: Record<
  TwoStepEvent,
  { kind: OutgoingMessage["kind"]; heading: string; news: (to: string) => string }
> = {
  on: {
    kind: "account.two_step_on",
    heading: "Two-step sign-in turned on",
    news: (to) =>
      `Two-step sign-in was turned on for your admin account (${to}): signing in now needs a code from your authenticator app after the password. Keep your recovery codes somewhere safe.`,
  },
  off: {
    kind: "account.two_step_off",
    heading: "Two-step sign-in turned off",
    news: (to) =>
      `Two-step sign-in was turned off for your admin account (${to}) on the account page: signing in needs only the password now, and your recovery codes no longer work.`,
  },
  "off-by-operator": {
    kind: "account.two_step_off",
    heading: "Two-step sign-in turned off",
    news: (to) =>
      `Two-step sign-in was turned off for your admin account (${to}) by the server's operator (the admin command line): signing in needs only the password now, and your recovery codes no longer work.`,
  },
  "recovery-code-used": {
    kind: "account.recovery_code_used",
    heading: "A recovery code was used",
    news: (to) =>
      `Your admin account (${to}) was signed in with one of its recovery codes instead of a code from the authenticator app. That code cannot be used again.`,
  },
};

/**
 * To an account's owner when its two-step sign-in changed or a recovery code signed it in
 * (docs/product.md §3.15), with the time and the client address, like a changed password.
 */
export function twoStepMessage(
  env: MailEnv,
  data: { to: string; at: Date; clientAddress: string; event: TwoStepEvent; codesLeft?: number },
): OutgoingMessage {
  const { kind, heading, news: newsOf } = TWO_STEP_NEWS[data.event];
  const subject = `${heading} on your ${env.business.name} admin account`;
  const news = newsOf(data.to);
  const fields: Field[] = [
    ["When", `${formatLongDateTime(data.at)} (South African time)`],
    ["From address", data.clientAddress],
  ];
  if (data.codesLeft !== undefined) fields.push(["Recovery codes left", String(data.codesLeft)]);
  const notYou = `If this was not you, reset your password at once at ${env.PUBLIC_URL}/admin/forgot-password and tell the other admins.`;
  const reason = `You receive this because ${data.to} is an admin account on our website.`;
  return {
    kind,
    to: data.to,
    subject,
    text: [news, fieldsText(fields), notYou, signOffText(env.business), reason].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: news,
      reason,
      body: html`${h1(heading)}${p(news)}${fieldsHtml(fields, "The change")}${p(html`If this was not you, ${link(`${env.PUBLIC_URL}/admin/forgot-password`, "reset your password")} at once and tell the other admins.`)}${signOff(env.business)}`,
    }),
  };
}

/**
 * To an admin whose account gained or lost a passkey (docs/product.md §3.13): what, when and
 * from where, so a passkey added from a stolen session reaches the owner's inbox.
 */
export function passkeyChangedMessage(
  env: MailEnv,
  data: { to: string; at: Date; clientAddress: string; how: "added" | "removed"; name: string },
): OutgoingMessage {
  const subject =
    data.how === "added"
      ? `A passkey was added to your ${env.business.name} admin account`
      : `A passkey was removed from your ${env.business.name} admin account`;
  const news =
    data.how === "added"
      ? `A passkey named "${data.name}" was added to your admin account (${data.to}). It can now sign in to the account without the password.`
      : `The passkey named "${data.name}" was removed from your admin account (${data.to}). It can no longer sign in.`;
  const fields: Field[] = [
    ["When", `${formatLongDateTime(data.at)} (South African time)`],
    ["From address", data.clientAddress],
  ];
  const notYou = `If this was not you, reset your password at once at ${env.PUBLIC_URL}/admin/forgot-password, remove any passkey you do not know on the account page, and tell the other admins.`;
  const reason = `You receive this because ${data.to} is an admin account on our website.`;
  return {
    kind: "account.passkey_changed",
    to: data.to,
    subject,
    text: [news, fieldsText(fields), notYou, signOffText(env.business), reason].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: news,
      reason,
      body: html`${h1(data.how === "added" ? "A passkey was added" : "A passkey was removed")}${p(news)}${fieldsHtml(fields, "The change")}${p(html`If this was not you, ${link(`${env.PUBLIC_URL}/admin/forgot-password`, "reset your password")} at once, remove any passkey you do not know on the account page, and tell the other admins.`)}${signOff(env.business)}`,
    }),
  };
}

// ---- Newsletters ---------------------------------------------------------------------------

/**
 * One newsletter to one subscriber (docs/product.md §3.10 "Newsletters"): the owner's body,
 * the recipient's own unsubscribe link in the footer, and the List-Unsubscribe and RFC 8058
 * one-click headers (the unsubscribe route accepts a POST without a session).
 */
export function newsletterIssueMessage(
  env: MailEnv,
  data: {
    email: string;
    unsubscribeUrl: string;
    subject: string;
    preheader: string;
    body: { html: SafeHtml; text: string };
  },
): { subject: string; text: string; html: string; headers: Record<string, string> } {
  const subject = oneLine(data.subject);
  const reason = `You receive this because ${data.email} subscribed to the ${env.business.name} newsletter on our website.`;
  return {
    subject,
    headers: {
      "List-Unsubscribe": `<${data.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: [
      data.body.text,
      signOffText(env.business),
      `${reason} Unsubscribe with one click:\n${data.unsubscribeUrl}`,
    ].join("\n\n"),
    html: layout(env.business, {
      title: subject,
      preview: oneLine(data.preheader) || subject,
      reason,
      extraFooter: html`<p style="margin:4px 0 0">${link(data.unsubscribeUrl, "Unsubscribe from the newsletter")} with one click.</p>`,
      // The subject is the e-mail's one h1; the owner's headings are sections below it.
      body: html`${h1(subject)}${data.body.html}${signOff(env.business)}`,
    }),
  };
}
