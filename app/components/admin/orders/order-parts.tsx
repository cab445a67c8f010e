import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useFetcher } from "react-router";
import { ContactActions } from "#app/components/admin/contact-actions.tsx";
import { useShopContact } from "#app/components/site/use-shop-contact.ts";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { formatZar } from "#app/lib/admin-money.ts";
import { formatLongDateTime } from "#app/lib/dates.ts";
import {
  NOTIFIABLE_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_VALUES,
  type OrderStatus,
  orderReference,
} from "#app/lib/order-status.ts";
import { deliveryLine, type OrderDelivery } from "#app/lib/orders.ts";
import { describePersonalisation } from "#app/lib/personalisation.ts";
import type { Toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * Pieces shared by the order dialog (/admin/orders) and the full page (/admin/orders/{id}).
 */

export interface OrderLine {
  id: string;
  productName: string;
  priceCents: number;
  quantity: number;
  subtotalCents: number;
  personalisation: string | null;
  personalisationLabel: string | null;
}

export interface OrderForView {
  id: string;
  customerName: string;
  email: string;
  phone: string;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  itemCount: number;
  totalCents: number;
  /** The buyer's note from checkout, when the view has it. */
  note?: string | null;
}

type ActionData = { ok: boolean; intent: string | null; toast: Toast; fieldError?: string };

/** Keys that step through a closed select's options, changing its value as they go. */
const BROWSE_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * WCAG 3.2.2: on a closed select, each arrow key (or typed letter) changes the value, so
 * saving on every change saved, and could e-mail, each status passed on the way. A status
 * reached from the keyboard is a draft, saved with Enter or on leaving the field (Escape
 * drops it); one chosen from the opened list, or by mouse or touch, saves at once. The
 * select is disabled while it saves, which drops its focus: it gets it back afterwards.
 */
function useStatusSelect(busy: boolean, save: (form: HTMLFormElement | null) => void) {
  const [draft, setDraft] = useState<OrderStatus | null>(null);
  const draftRef = useRef<OrderStatus | null>(null);
  const fromKeyboard = useRef(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (busy) {
      refocus.current ||= document.activeElement === selectRef.current;
    } else if (refocus.current) {
      refocus.current = false;
      selectRef.current?.focus();
    }
  }, [busy]);
  const setDraftTo = (value: OrderStatus | null) => {
    draftRef.current = value;
    setDraft(value);
  };
  const commit = (select: HTMLSelectElement) => {
    fromKeyboard.current = false;
    if (draftRef.current === null) return;
    setDraftTo(null);
    save(select.form);
  };
  return {
    draft,
    selectProps: {
      ref: selectRef,
      onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
        if (event.key === "Enter" && draftRef.current !== null) {
          event.preventDefault();
          refocus.current = true;
          commit(event.currentTarget);
        } else if (event.key === "Escape") {
          setDraftTo(null);
          fromKeyboard.current = false;
        } else {
          fromKeyboard.current =
            BROWSE_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " ");
        }
      },
      onBlur: (event: FocusEvent<HTMLSelectElement>) => commit(event.currentTarget),
      onChange: (event: ChangeEvent<HTMLSelectElement>) => {
        const select = event.currentTarget;
        if (fromKeyboard.current) setDraftTo(select.value as OrderStatus);
        else save(select.form);
      },
    },
  };
}

/**
 * The status selector (docs/product.md §3.8): choosing a status saves it at once (any status from any
 * other, §5.4). Beside it, "E-mail the customer", off by default, for shipped and cancelled.
 */
export function OrderStatusControl({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const fetcher = useFetcher<ActionData>({ key: `order-status-${orderId}` });
  useShowToast(fetcher.data?.toast);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("status") : null;
  const statusSelect = useStatusSelect(busy, (form) => void fetcher.submit(form));
  const shown = (
    typeof pending === "string" ? pending : (statusSelect.draft ?? status)
  ) as OrderStatus;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/orders/${orderId}`}
      className="flex flex-col gap-2"
      aria-label="Order status"
    >
      <input type="hidden" name="intent" value="status" />
      <div className="flex items-center gap-3">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <NativeSelect
          id={`${id}-status`}
          name="status"
          value={shown}
          disabled={busy}
          className="w-44"
          {...statusSelect.selectProps}
        >
          {ORDER_STATUS_VALUES.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        {busy ? <Spinner label="Saving status" className="text-primary" /> : null}
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            Save
          </Button>
        </noscript>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-notify`}
          type="checkbox"
          name="notify"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby={`${id}-notify-help`}
        />
        <div className="grid gap-0.5 text-sm">
          <label htmlFor={`${id}-notify`} className="font-medium">
            E-mail the customer
          </label>
          {/* A chosen status saves at once (with JavaScript): the tick must come first. */}
          <span id={`${id}-notify-help`} className="text-muted-foreground">
            A status is saved as soon as you choose it: tick this first to tell the customer their
            order is {NOTIFIABLE_STATUSES.join(" or ")}.
          </span>
        </div>
      </div>
    </fetcher.Form>
  );
}

/** docs/product.md §3.8: the dialog's table (Product, Qty, Price, Subtotal, Order Total) and the page's. */
export function OrderItemsTable({
  items,
  subtotalCents,
  delivery,
  totalCents,
  variant,
}: {
  items: OrderLine[];
  /** The lines' sum; with `delivery`, shown above it and the total (docs/product.md §3.9). */
  subtotalCents: number;
  delivery: OrderDelivery | null;
  totalCents: number;
  variant: "dialog" | "page";
}) {
  const page = variant === "page";
  const shipping = deliveryLine(delivery);
  return (
    <Table aria-label="Order items">
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead className="text-right">{page ? "Quantity" : "Qty"}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">
            {page ? "Unit Price" : "Price"}
          </TableHead>
          <TableHead className="text-right">Subtotal</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={4} className="text-muted-foreground">
              This order has no items.
            </TableCell>
          </TableRow>
        ) : (
          items.map((item) => (
            <TableRow key={item.id}>
              <TableCell className="font-medium">
                {item.productName}
                {item.personalisation ? (
                  <span
                    className="block break-words text-sm font-normal"
                    data-testid="order-line-personalisation"
                  >
                    {describePersonalisation(item)}
                  </span>
                ) : null}
                {/* On a phone the price column gives way; the unit price shows here. */}
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                  {formatZar(item.priceCents)} each
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{item.quantity}</TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatZar(item.priceCents)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatZar(item.subtotalCents)}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
      <TableFooter>
        {delivery ? (
          <>
            <TableRow>
              <TableCell className="hidden sm:table-cell" />
              <TableHead scope="row" colSpan={2} className="text-right font-normal">
                Items
              </TableHead>
              <TableCell className="text-right tabular-nums">{formatZar(subtotalCents)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell className="hidden sm:table-cell" />
              <TableHead scope="row" colSpan={2} className="text-right font-normal">
                {shipping.label}
                {shipping.detail ? (
                  <span className="block text-xs text-muted-foreground">{shipping.detail}</span>
                ) : null}
              </TableHead>
              <TableCell className="text-right tabular-nums" data-testid="order-delivery">
                {shipping.amountCents === null ? shipping.text : formatZar(shipping.amountCents)}
              </TableCell>
            </TableRow>
          </>
        ) : null}
        <TableRow>
          <TableCell className="hidden sm:table-cell" />
          <TableHead scope="row" colSpan={2} className="text-right font-semibold text-foreground">
            {page ? "Total" : "Order Total"}
          </TableHead>
          <TableCell className="text-right font-semibold tabular-nums" data-testid="order-total">
            {formatZar(totalCents)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** A label/value list (Order Information, Customer Details). */
export function Details({
  rows,
  className,
}: {
  rows: [label: string, value: React.ReactNode][];
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]", className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** docs/product.md §3.8: Order ID, Date Placed, Last Updated (and the item count), dialog and page alike. */
export function OrderInformation({ order }: { order: OrderForView }) {
  return (
    <Details
      rows={[
        [
          "Order ID",
          <span key="id" className="font-mono text-xs">
            {order.id}
          </span>,
        ],
        ["Date Placed", formatLongDateTime(order.createdAt)],
        ["Last Updated", formatLongDateTime(order.updatedAt)],
        ["Items", String(order.itemCount)],
      ]}
    />
  );
}

/** docs/product.md §3.8: the customer's Name, Email and Phone. */
export function CustomerDetails({ order }: { order: OrderForView }) {
  return (
    <Details
      rows={[
        ["Name", order.customerName],
        ["Email", <EmailAddress key="email" email={order.email} />],
        ["Phone", order.phone],
      ]}
    />
  );
}

/**
 * The buyer's "Anything we should know?" from checkout (docs/product.md §6.1), as they wrote it:
 * "needed by Friday" must catch the eye before the order is handled.
 */
export function BuyerNote({ note, headingId }: { note: string; headingId: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-1 rounded-lg border-l-4 border-primary bg-muted p-3 sm:p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        Note from the buyer
      </h3>
      <p className="whitespace-pre-wrap break-words text-sm">{note}</p>
    </section>
  );
}

/** Call and WhatsApp the customer, with a message that names the order (decision 004). */
export function OrderContactActions({
  order,
  className,
}: {
  order: OrderForView;
  className?: string;
}) {
  const reference = orderReference(order.id);
  const firstName = order.customerName.trim().split(/\s+/)[0] ?? order.customerName;
  const shop = useShopContact();
  return (
    <ContactActions
      name={order.customerName}
      phone={order.phone}
      email={order.email}
      emailSubject={`Your ${shop.name} order ${reference}`}
      whatsAppMessage={`Hi ${firstName}, this is ${shop.name} about your order ${reference}.`}
      className={className}
    />
  );
}
