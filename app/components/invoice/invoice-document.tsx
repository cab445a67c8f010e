import { useHydrated } from "#app/components/use-hydrated.tsx";
import { formatCalendarDay, formatLongDate } from "#app/lib/dates.ts";
import { type InvoiceView, invoiceNumberText, VAT_RATE_PERCENT } from "#app/lib/invoice.ts";
import { formatRand } from "#app/lib/money.ts";
import { deliveryLine } from "#app/lib/orders.ts";
import { describePersonalisation } from "#app/lib/personalisation.ts";
import invoiceStylesheet from "#app/styles/invoice.css?url";

/*
 * The printable invoice (docs/product.md §3.9 "Invoice"): an A4 page printed by the browser
 * from the page itself (its print styles; no PDF service). The admin's and the buyer's routes
 * render the same document. Plain class names from invoice.css: its styles stay out of the
 * public pages' inline stylesheet.
 */

export const invoiceLinks = () => [{ rel: "stylesheet", href: invoiceStylesheet }];

/** Printing is the browser's: a button once the page runs, else how to do it by hand. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <span>Print with your browser (Ctrl+P) to save it as a PDF.</span>;
  return (
    <button type="button" className="invoice-print" onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}

function PaymentState({ invoice }: { invoice: InvoiceView }) {
  const { payment } = invoice;
  if (payment.status === "paid" && payment.amountCents !== null && payment.paidOn) {
    return (
      <p className="invoice-status invoice-status-paid">
        {`Paid: ${formatRand(payment.amountCents)} received on ${formatCalendarDay(payment.paidOn)}. Thank you.`}
      </p>
    );
  }
  return (
    <p className="invoice-status">{`Payment due: ${formatRand(invoice.totalCents)}. Please use ${invoiceNumberText(invoice.number)} as the payment reference.`}</p>
  );
}

export function InvoiceDocument({
  invoice,
  backHref,
  backLabel,
}: {
  invoice: InvoiceView;
  backHref: string;
  backLabel: string;
}) {
  const title = invoice.vat ? "Tax invoice" : "Invoice";
  const shipping = deliveryLine(invoice.delivery);
  const { seller } = invoice;
  const { address } = seller;
  return (
    <div className="invoice-page">
      <nav className="invoice-toolbar" aria-label="Invoice">
        <a href={backHref}>{backLabel}</a>
        <PrintButton />
      </nav>
      <main className="invoice" id="main">
        <header className="invoice-head">
          <div>
            <p className="invoice-company">{seller.legalName}</p>
            <p>
              {address.street}, {address.suburb}
              <br />
              {address.city}, {address.postalCode}, {address.province}
              <br />
              {seller.phone} · {seller.generalEmail}
            </p>
            {invoice.vat ? <p>{`VAT number: ${invoice.vat.number}`}</p> : null}
          </div>
          <div className="invoice-meta">
            <h1>{title}</h1>
            <dl>
              <dt>Invoice number</dt>
              <dd>{invoiceNumberText(invoice.number)}</dd>
              <dt>Date</dt>
              <dd>{formatLongDate(invoice.issuedAt)}</dd>
              <dt>Order</dt>
              <dd>{invoice.orderReference}</dd>
              <dt>Order placed</dt>
              <dd>{formatLongDate(invoice.orderPlacedAt)}</dd>
            </dl>
          </div>
        </header>
        <section className="invoice-buyer" aria-labelledby="invoice-buyer">
          <h2 id="invoice-buyer">Bill to</h2>
          <p>
            {invoice.buyer.name}
            <br />
            {invoice.buyer.email}
            <br />
            {invoice.buyer.phone}
          </p>
        </section>
        <table className="invoice-lines">
          <caption>Items</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // Lines carry no id on a document the buyer sees; their order is fixed.
              <tr key={index}>
                <td>
                  {line.productName}
                  {line.personalisation ? (
                    <span className="personalisation">{describePersonalisation(line)}</span>
                  ) : null}
                </td>
                <td className="num">{line.quantity}</td>
                <td className="num">{formatRand(line.priceCents)}</td>
                <td className="num">{formatRand(line.subtotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Items
              </th>
              <td className="num">{formatRand(invoice.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {shipping.label}
                {shipping.detail ? <span className="invoice-detail">{shipping.detail}</span> : null}
              </th>
              <td className="num">
                {shipping.amountCents === null ? shipping.text : formatRand(shipping.amountCents)}
              </td>
            </tr>
            <tr className="invoice-total">
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="num">{formatRand(invoice.totalCents)}</td>
            </tr>
            {invoice.vat ? (
              <tr>
                <th scope="row" colSpan={3}>
                  {`VAT at ${VAT_RATE_PERCENT}% included in the total`}
                </th>
                <td className="num">{formatRand(invoice.vat.includedCents)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
        <PaymentState invoice={invoice} />
        {invoice.eft && invoice.payment.status !== "paid" ? (
          <section aria-labelledby="invoice-eft" className="invoice-eft">
            <h2 id="invoice-eft">Pay by EFT</h2>
            <dl>
              <dt>Account name</dt>
              <dd>{invoice.eft.accountName}</dd>
              <dt>Bank</dt>
              <dd>{invoice.eft.bankName}</dd>
              <dt>Account number</dt>
              <dd>{invoice.eft.accountNumber}</dd>
              <dt>Branch code</dt>
              <dd>{invoice.eft.branchCode}</dd>
              {invoice.eft.accountType ? (
                <>
                  <dt>Account type</dt>
                  <dd>{invoice.eft.accountType}</dd>
                </>
              ) : null}
            </dl>
          </section>
        ) : null}
        <footer className="invoice-foot">
          <p>{`Thank you for your order. Questions? Call ${seller.phone} or e-mail ${seller.generalEmail} and mention ${invoiceNumberText(invoice.number)}.`}</p>
        </footer>
      </main>
    </div>
  );
}
