import { BellRingIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES } from "#app/lib/order-status.ts";
import {
  canBeOverdue,
  OVERDUE_PAYMENT_TEXT,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_VALUES,
  type PaymentStatus,
} from "#app/lib/payment-status.ts";

/*
 * The orders list's filters: fields of the search form (`form`), so either sends them all as
 * shown. A change submits at once; without JavaScript a Filter button does.
 */

function FilterSelect({
  id,
  name,
  label,
  form,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  form: string;
  value: string | null;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect
        id={id}
        name={name}
        form={form}
        defaultValue={value ?? ""}
        key={value ?? ""}
        className="w-full sm:w-48"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The status filter (docs/product.md §3.8) and the payment filter (decision 014). */
export function OrderFilters({
  form,
  status,
  payment,
  overdue,
}: {
  form: string;
  status: string | null;
  payment: PaymentStatus | null;
  overdue: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <FilterSelect
        id="order-status-filter"
        name="status"
        label="Filter by status"
        form={form}
        value={status}
        allLabel="All Statuses"
        options={ORDER_STATUS_VALUES.map((value) => ({
          value,
          label: ORDER_STATUS_LABELS[value],
        }))}
      />
      <FilterSelect
        id="order-payment-filter"
        name="payment"
        label="Filter by payment"
        form={form}
        value={payment}
        allLabel="All Payments"
        options={PAYMENT_STATUS_VALUES.map((value) => ({
          value,
          label: PAYMENT_STATUS_LABELS[value],
        }))}
      />
      {/* The dashboard's to-do links ask for overdue orders only; a new search keeps it. */}
      {overdue ? <input type="hidden" name="overdue" value="1" form={form} /> : null}
      <noscript>
        <Button type="submit" variant="outline" form={form}>
          Filter
        </Button>
      </noscript>
    </div>
  );
}

/** Shown while the list holds overdue orders only, with the way back to all of them. */
export function OverdueNotice({
  payment,
  allHref,
}: {
  payment: PaymentStatus | null;
  allHref: string;
}) {
  if (!canBeOverdue(payment)) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-warning-border bg-warning-surface px-3 py-2 text-sm text-warning-text">
      <BellRingIcon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Only open orders {OVERDUE_PAYMENT_TEXT[payment]}.{" "}
        <Link to={allHref} className="font-semibold underline underline-offset-2">
          Show all
          <span className="sr-only"> orders with this payment state</span>
        </Link>
      </span>
    </p>
  );
}
