import {
  BanknoteIcon,
  CircleCheckIcon,
  ClockIcon,
  LockIcon,
  MailIcon,
  MessageCircleIcon,
  PackageIcon,
  PhoneIcon,
} from "lucide-react";
import { businessPhoneHref, hoursSummary, type PublicBusinessDetails } from "#app/lib/business.ts";
import { formatCalendarDay, formatLongDateTime } from "#app/lib/dates.ts";
import { formatRand } from "#app/lib/money.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#app/lib/order-status.ts";
import {
  type BuyerOrder,
  deliveryLine,
  type EftDetails,
  orderTotalSentence,
} from "#app/lib/orders.ts";
import {
  EFT_DETAILS_TO_FOLLOW,
  eftReference,
  PAYMENT_INSTRUCTIONS,
  PAYMENT_METHOD_FOR_BUYER,
  PAYMENT_STATUS_LABELS,
} from "#app/lib/payment-status.ts";
import { describePersonalisation } from "#app/lib/personalisation.ts";
import { whatsAppHref } from "#app/lib/phone.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * The buyer's own order page (decision 014): their order's lines, total, status, payment and
 * what happens next, and how to reach the company. Plain links and text only: it works the
 * same without JavaScript.
 */

/** The company's bank account for EFT (the EFT_* variables), when configured. */
type BankAccount = EftDetails;

/** docs/product.md §1: "After placing your order, we will contact you to arrange payment and delivery". */
const CONTACT_NOTE =
  "After placing your order, we will contact you to arrange payment and delivery options.";

const STATUS_TEXT = {
  pending: "We have received your order.",
  processing: "We are preparing your order.",
  shipped: "Your order is on its way.",
  delivered: "Your order has been delivered.",
  cancelled: "This order has been cancelled.",
} as const satisfies Record<OrderStatus, string>;

function StatusTile({
  label,
  value,
  text,
  icon: Icon,
  tone,
}: {
  label: string;
  value: string;
  text: string;
  icon: typeof PackageIcon;
  tone: "neutral" | "done" | "stopped";
}) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-xl border p-4",
        tone === "done"
          ? "border-success-border bg-success-surface"
          : tone === "stopped"
            ? "border-destructive-border bg-destructive-surface"
            : "border-border bg-background",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-5 shrink-0",
          tone === "done"
            ? "text-success-text"
            : tone === "stopped"
              ? "text-destructive-text"
              : "text-primary",
        )}
      />
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-lg font-semibold">{value}</p>
        <p className="mt-1 text-sm">{text}</p>
      </div>
    </div>
  );
}

function paymentText(order: BuyerOrder): string {
  const { payment } = order;
  if (payment.status === "paid" && payment.amountCents !== null && payment.paidOn) {
    return `We received ${formatRand(payment.amountCents)} on ${formatCalendarDay(payment.paidOn)}. Thank you!`;
  }
  if (payment.status === "arranged" && payment.method) {
    return `${PAYMENT_METHOD_FOR_BUYER[payment.method]}${payment.reference ? `, reference ${payment.reference}` : ""}.`;
  }
  return "We will contact you to arrange payment.";
}

/** What the buyer should expect or do now, from the order's status and payment. */
function NextSteps({ order, bank }: { order: BuyerOrder; bank: BankAccount | null }) {
  const { payment, status } = order;
  if (status === "cancelled") {
    return (
      <p>
        {`This order has been cancelled. If you did not expect this, or would like to order again, please contact us and mention order number ${order.reference}.`}
      </p>
    );
  }
  if (status === "delivered") {
    return <p>Your order has been delivered. Thank you for shopping with us!</p>;
  }
  if (payment.status === "awaiting_contact") {
    return (
      <p>{`${CONTACT_NOTE} We'll use the details you gave us: ${order.email} or ${order.phone}.`}</p>
    );
  }
  if (payment.status === "arranged" && payment.method) {
    const reference = eftReference(payment.reference, order.reference);
    const eft = payment.method === "eft";
    // Paid before the order is prepared (EFT, or as agreed); cash and card are paid on
    // delivery or collection, and an order in the works is already being prepared.
    const paidFirst =
      status === "pending" && payment.method !== "cash" && payment.method !== "card_machine";
    return (
      <div className="flex flex-col gap-3">
        {status === "shipped" ? <p>Your order is on its way to you.</p> : null}
        {eft && bank ? (
          <>
            <p>{PAYMENT_INSTRUCTIONS.eft}</p>
            <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-border bg-muted/50 p-4 text-sm sm:grid-cols-[auto_1fr]">
              {(
                [
                  ["Account name", bank.accountName],
                  ["Bank", bank.bankName],
                  ["Account number", bank.accountNumber],
                  ["Branch code", bank.branchCode],
                  ...(bank.accountType ? [["Account type", bank.accountType]] : []),
                ] as [string, string][]
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium break-words">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="font-semibold">{`Please use ${reference} as the payment reference.`}</p>
          </>
        ) : eft ? (
          // No account configured: nothing is "below"; said as the "how to pay" e-mail says it.
          <p>{`${EFT_DETAILS_TO_FOLLOW} Please use ${reference} as the payment reference.`}</p>
        ) : (
          <p>{PAYMENT_INSTRUCTIONS[payment.method]}</p>
        )}
        <p>
          {orderTotalSentence(order.totalCents, order.delivery)}
          {paidFirst ? " Once your payment arrives, we'll prepare your order." : null}
        </p>
      </div>
    );
  }
  if (status === "shipped") return <p>Your order is on its way to you.</p>;
  return <p>Thank you for your payment. We'll be in touch about delivery or collection.</p>;
}

function ItemsTable({ order }: { order: BuyerOrder }) {
  const shipping = deliveryLine(order.delivery);
  return (
    <table className="w-full border-collapse text-sm sm:text-base">
      <caption className="sr-only">Items ordered</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-2 font-medium">
            Product
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          // Lines have no id on this page (nothing but the order is exposed); their order is fixed.
          <tr key={index} className="border-b border-border align-top">
            <td className="py-3 pr-2">
              <span className="font-medium break-words">{line.productName}</span>
              {line.personalisation ? (
                <span
                  className="block break-words text-sm"
                  data-testid="order-line-personalisation"
                >
                  {describePersonalisation(line)}
                </span>
              ) : null}
              <span className="block text-sm text-muted-foreground">
                {`${formatRand(line.priceCents)} each`}
              </span>
            </td>
            <td className="px-2 py-3 text-right tabular-nums">{line.quantity}</td>
            <td className="py-3 pl-2 text-right tabular-nums">{formatRand(line.subtotalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {order.delivery ? (
          <tr>
            <th scope="row" colSpan={2} className="pt-3 pr-2 text-right font-normal">
              Items
            </th>
            <td className="pt-3 pl-2 text-right tabular-nums">{formatRand(order.subtotalCents)}</td>
          </tr>
        ) : null}
        {/* Shipping above the total, as at checkout: until delivery is agreed the total is what
            the goods cost so far (docs/product.md §3.9 "Delivery"). */}
        <tr>
          <th
            scope="row"
            colSpan={2}
            className={`${order.delivery ? "pt-1" : "pt-3"} pr-2 text-right font-normal`}
          >
            {shipping.label}
            {shipping.detail ? (
              <span className="block text-sm text-muted-foreground">{shipping.detail}</span>
            ) : null}
          </th>
          <td
            className={`${order.delivery ? "pt-1" : "pt-3"} pl-2 text-right ${shipping.amountCents === null ? "text-muted-foreground" : "tabular-nums"}`}
          >
            {shipping.amountCents === null ? shipping.text : formatRand(shipping.amountCents)}
          </td>
        </tr>
        <tr>
          <th scope="row" colSpan={2} className="pt-1 pr-2 text-right font-semibold">
            Total
          </th>
          <td className="pt-1 pl-2 text-right font-bold tabular-nums">
            {formatRand(order.totalCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function ContactLinks({
  reference,
  business,
}: {
  reference: string;
  business: PublicBusinessDetails;
}) {
  const whatsApp = whatsAppHref(
    business.whatsApp,
    `Hi ${business.name}, about my order ${reference}.`,
  );
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-md border border-input bg-background px-4 py-2 text-sm font-semibold hover:bg-muted";
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Contact ${business.name}`}>
      <li>
        <a href={businessPhoneHref(business)} className={link}>
          <PhoneIcon aria-hidden="true" className="size-4" />
          Call {business.phone}
        </a>
      </li>
      {whatsApp ? (
        <li>
          <a href={whatsApp} className={link} target="_blank" rel="noopener noreferrer">
            <MessageCircleIcon aria-hidden="true" className="size-4 text-success" />
            WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ) : null}
      <li>
        <a
          href={`mailto:${business.generalEmail}?subject=${encodeURIComponent(`Order ${reference}`)}`}
          className={link}
        >
          <MailIcon aria-hidden="true" className="size-4" />
          {business.generalEmail}
        </a>
      </li>
    </ul>
  );
}

/** A card of the buyer's order page with its heading (the page's bands are `Section`, sections.tsx). */
function OrderPanel({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "rounded-xl border border-border bg-background p-5 shadow-card sm:p-6",
        className,
      )}
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function BuyerOrderView({
  order,
  bank,
  invoiceHref,
  business,
}: {
  order: BuyerOrder;
  /** The business details as the owner last saved them (decision 042). */
  business: PublicBusinessDetails;
  bank: BankAccount | null;
  /** The invoice's address, once the order is confirmed and has one. */
  invoiceHref: string | null;
}) {
  const paid = order.payment.status === "paid";
  const cancelled = order.status === "cancelled";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Your order</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {`Order ${order.reference}`}
        </h1>
        <p className="text-muted-foreground">
          {`Placed ${formatLongDateTime(order.createdAt)} · ${order.itemCount} ${order.itemCount === 1 ? "item" : "items"} · ${formatRand(order.totalCents)}`}
        </p>
        <p>{`Hi ${order.customerName}, thank you for your order.`}</p>
      </header>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <StatusTile
          label="Order status"
          value={ORDER_STATUS_LABELS[order.status]}
          text={STATUS_TEXT[order.status]}
          icon={
            cancelled ? PackageIcon : order.status === "delivered" ? CircleCheckIcon : PackageIcon
          }
          tone={cancelled ? "stopped" : order.status === "delivered" ? "done" : "neutral"}
        />
        <StatusTile
          label="Payment"
          value={PAYMENT_STATUS_LABELS[order.payment.status]}
          text={paymentText(order)}
          icon={
            paid ? CircleCheckIcon : order.payment.status === "arranged" ? BanknoteIcon : ClockIcon
          }
          tone={paid ? "done" : "neutral"}
        />
      </div>

      <OrderPanel id="next-heading" title={cancelled ? "About this order" : "What happens next"}>
        <NextSteps order={order} bank={bank} />
      </OrderPanel>

      <OrderPanel id="items-heading" title="Items">
        <ItemsTable order={order} />
        {invoiceHref ? (
          // docs/product.md §3.9 "Invoice": once the order is confirmed. A document of its own
          // (no site layout), so a plain link.
          <p className="mt-4">
            <a href={invoiceHref} className="font-semibold text-primary underline">
              View or print your invoice
            </a>
          </p>
        ) : null}
      </OrderPanel>

      <div className="grid gap-6 md:grid-cols-2">
        <OrderPanel id="details-heading" title="Your details">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {[
              ["Name", order.customerName],
              ["Email", order.email],
              ["Phone", order.phone],
            ].map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="min-w-0 font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-muted-foreground">
            Something wrong? Let us know and we'll correct it.
          </p>
        </OrderPanel>
        <OrderPanel id="contact-heading" title="Questions?">
          <p className="mb-3 text-sm">
            Mention order number <strong>{order.reference}</strong>. We're open{" "}
            {hoursSummary(business.hours)
              .map((h) => `${h.days} ${h.time}`)
              .join(", ")}
            .
          </p>
          <ContactLinks reference={order.reference} business={business} />
        </OrderPanel>
      </div>

      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        This page is private: anyone who has its link can see your order, so please don't share it.
        Last updated {formatLongDateTime(order.updatedAt)}.
      </p>
    </div>
  );
}
