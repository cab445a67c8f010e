import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { johannesburgDate } from "#app/lib/dates.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_VALUES,
  type PaymentMethod,
  type PaymentStatus,
} from "#app/lib/payment-status.ts";
import {
  OrderPaymentFormSchema,
  PAYMENT_REFERENCE_MAX_LENGTH,
} from "#app/lib/validation/orders.ts";
import { type OrderSectionAnswer, useOrderSectionForm } from "./use-order-section-form.ts";

/*
 * The order's payment (decision 014), in the order dialog and on the order page: its state, and
 * the details each state has (a method and maybe a reference once arranged, an amount and a
 * date once paid). The fields of other states hide by CSS (app/styles/admin.css), so the
 * form works the same without JavaScript.
 */

export interface PaymentForView {
  status: PaymentStatus;
  method: PaymentMethod | null;
  reference: string | null;
  amountCents: number | null;
  paidOn: string | null;
}

export function OrderPaymentControl({
  orderId,
  totalCents,
  payment,
  actionData,
}: {
  orderId: string;
  totalCents: number;
  payment: PaymentForView;
  /** The page's own action answer (a post without JavaScript). */
  actionData?: OrderSectionAnswer;
}) {
  const today = johannesburgDate(new Date());
  const { fetcher, busy, form, fields } = useOrderSectionForm({
    orderId,
    intent: "payment",
    schema: OrderPaymentFormSchema,
    actionData,
    defaultValue: {
      payment: payment.status,
      method: payment.method ?? "",
      reference: payment.reference ?? "",
      amount: centsToDecimal(payment.amountCents ?? totalCents),
      paidOn: payment.paidOn ?? today,
    },
  });
  const notifyId = `${form.id}-notify`;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/orders/${orderId}`}
      {...getFormProps(form)}
      aria-label="Payment"
      data-payment-form=""
      className="flex flex-col gap-1"
    >
      <input type="hidden" name="intent" value="payment" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          reserveErrorSpace
          label="Payment"
          id={fields.payment.id}
          errors={fields.payment.errors}
          errorId={fields.payment.errorId}
        >
          <NativeSelect {...getSelectProps(fields.payment)} key={fields.payment.key}>
            {PAYMENT_STATUS_VALUES.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div data-payment-from="arranged">
          <Field
            reserveErrorSpace
            label="Method"
            id={fields.method.id}
            errors={fields.method.errors}
            errorId={fields.method.errorId}
          >
            <NativeSelect {...getSelectProps(fields.method)} key={fields.method.key}>
              <option value="">Choose how the buyer pays</option>
              {PAYMENT_METHOD_VALUES.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div data-payment-from="arranged" className="sm:col-span-2">
          <Field
            reserveErrorSpace
            label="Reference (optional)"
            id={fields.reference.id}
            errors={fields.reference.errors}
            errorId={fields.reference.errorId}
            hint="e.g. the buyer's EFT reference or an invoice number. For EFT without one, the buyer is asked to use the order number."
            hintId={`${fields.reference.id}-hint`}
          >
            <Input
              {...getInputProps(fields.reference, { type: "text" })}
              key={fields.reference.key}
              maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
              aria-describedby={`${fields.reference.id}-hint ${fields.reference.errorId}`}
            />
          </Field>
        </div>
        <div data-payment-from="paid">
          <Field
            reserveErrorSpace
            label="Amount paid (ZAR)"
            id={fields.amount.id}
            errors={fields.amount.errors}
            errorId={fields.amount.errorId}
          >
            <Input
              {...getInputProps(fields.amount, { type: "text" })}
              key={fields.amount.key}
              inputMode="decimal"
              autoComplete="off"
            />
          </Field>
        </div>
        <div data-payment-from="paid">
          <Field
            reserveErrorSpace
            label="Date paid"
            id={fields.paidOn.id}
            errors={fields.paidOn.errors}
            errorId={fields.paidOn.errorId}
          >
            <Input
              {...getInputProps(fields.paidOn, { type: "date" })}
              key={fields.paidOn.key}
              max={today}
            />
          </Field>
        </div>
      </div>
      <div data-payment-from="arranged" className="mb-3 flex items-start gap-2">
        <input
          id={notifyId}
          type="checkbox"
          name={fields.notify.name}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby={`${notifyId}-help`}
        />
        <div className="grid gap-0.5 text-sm">
          <label htmlFor={notifyId} className="font-medium">
            E-mail the customer
          </label>
          <span id={`${notifyId}-help`} className="text-muted-foreground">
            Once arranged: how to pay (our bank account for EFT). Once paid: a receipt.
          </span>
        </div>
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? <Spinner label="Saving payment" /> : null}
          Save Payment
        </Button>
      </div>
    </fetcher.Form>
  );
}
