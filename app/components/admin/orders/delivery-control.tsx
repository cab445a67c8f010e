import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { centsToDecimal } from "#app/lib/money.ts";
import type { OrderDelivery } from "#app/lib/orders.ts";
import {
  DELIVERY_TEXT_MAX_LENGTH,
  type DeliveryChoice,
  OrderDeliveryFormSchema,
} from "#app/lib/validation/orders.ts";
import { type OrderSectionAnswer, useOrderSectionForm } from "./use-order-section-form.ts";

/*
 * Delivery on the order page (docs/product.md §3.9 "Delivery"): once agreed with the buyer, a
 * collection, or a delivery with its charge and optionally the courier and tracking reference.
 * Like the payment form, the delivery fields hide by CSS (app/styles/admin.css) unless
 * "Delivery" is chosen, so the form works the same without JavaScript.
 */

const CHOICE_LABELS: Record<DeliveryChoice, string> = {
  none: "Not agreed yet (To be calculated)",
  collection: "Collection (no charge)",
  delivery: "Delivery",
};

export function OrderDeliveryControl({
  orderId,
  delivery,
  actionData,
}: {
  orderId: string;
  delivery: OrderDelivery | null;
  /** The page's own action answer (a post without JavaScript). */
  actionData?: OrderSectionAnswer;
}) {
  const { fetcher, busy, form, fields } = useOrderSectionForm({
    orderId,
    intent: "delivery",
    schema: OrderDeliveryFormSchema,
    actionData,
    defaultValue: {
      delivery: delivery?.method ?? "none",
      amount: delivery?.method === "delivery" ? centsToDecimal(delivery.amountCents) : "",
      courier: delivery?.courier ?? "",
      reference: delivery?.reference ?? "",
    },
  });
  return (
    <fetcher.Form
      method="post"
      action={`/admin/orders/${orderId}`}
      {...getFormProps(form)}
      aria-label="Delivery"
      data-delivery-form=""
      className="flex flex-col gap-1"
    >
      <input type="hidden" name="intent" value="delivery" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          reserveErrorSpace
          label="Delivery"
          id={fields.delivery.id}
          errors={fields.delivery.errors}
          errorId={fields.delivery.errorId}
        >
          <NativeSelect {...getSelectProps(fields.delivery)} key={fields.delivery.key}>
            {(Object.keys(CHOICE_LABELS) as DeliveryChoice[]).map((value) => (
              <option key={value} value={value}>
                {CHOICE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div data-delivery-only="">
          <Field
            reserveErrorSpace
            label="Delivery charge (ZAR)"
            id={fields.amount.id}
            errors={fields.amount.errors}
            errorId={fields.amount.errorId}
          >
            <Input
              {...getInputProps(fields.amount, { type: "text" })}
              key={fields.amount.key}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 120.00"
            />
          </Field>
        </div>
        {(
          [
            [fields.courier, "Courier (optional)"],
            [fields.reference, "Tracking reference (optional)"],
          ] as const
        ).map(([meta, label]) => (
          <div key={meta.name} data-delivery-only="">
            <Field
              reserveErrorSpace
              label={label}
              id={meta.id}
              errors={meta.errors}
              errorId={meta.errorId}
            >
              <Input
                {...getInputProps(meta, { type: "text" })}
                key={meta.key}
                maxLength={DELIVERY_TEXT_MAX_LENGTH}
                autoComplete="off"
              />
            </Field>
          </div>
        ))}
      </div>
      <p className="mb-3 text-sm text-muted-foreground">
        The order total becomes the items plus the delivery charge, on the buyer's order page and in
        the payment e-mails.
      </p>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? <Spinner label="Saving delivery" /> : null}
          Save Delivery
        </Button>
      </div>
    </fetcher.Form>
  );
}
