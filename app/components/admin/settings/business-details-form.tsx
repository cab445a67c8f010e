import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { type BusinessDetails, WEEKDAY_LABELS, WEEKDAYS } from "#app/lib/business.ts";
import type { Toast } from "#app/lib/toast.ts";
import { BusinessDetailsSchema } from "#app/lib/validation/business.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → Business details (decision 042): one plain form (it works without JavaScript),
 * checked in the browser with the schema the server uses. Grouped as the owner thinks of
 * them: the company, how to reach it, when it is open, its e-mail, its bank account.
 */

// biome-ignore lint/suspicious/noExplicitAny: a field of any of the form's groups.
type AnyField = FieldMetadata<any, any, string[]>;

function TextField({
  field,
  label,
  hint,
  type = "text",
  autoComplete = "off",
}: {
  field: AnyField;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
}) {
  return (
    <Field
      id={field.id}
      label={label}
      errors={field.errors}
      errorId={field.errorId}
      hint={hint}
      hintId={hint ? field.descriptionId : undefined}
    >
      <Input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined })}
        autoComplete={autoComplete}
      />
    </Field>
  );
}

function Group({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The stored details as the form's starting values (empty fields for what is not set). */
function formValues(details: BusinessDetails) {
  return {
    ...details,
    mapUrl: details.mapUrl ?? "",
    hoursNote: details.hoursNote ?? "",
    replyTo: details.replyTo ?? "",
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const hours = details.hours[day];
        return [
          day,
          hours.open
            ? { open: "on", from: hours.from, to: hours.to }
            : { open: "", from: "", to: "" },
        ];
      }),
    ),
    eft: details.eft
      ? { ...details.eft, accountType: details.eft.accountType ?? "" }
      : { accountName: "", bankName: "", accountNumber: "", branchCode: "", accountType: "" },
  };
}

export function BusinessDetailsForm({
  details,
  lastResult,
  toast,
  saved,
}: {
  details: BusinessDetails;
  lastResult?: SubmissionResult<string[]>;
  toast?: Toast | null;
  saved: boolean;
}) {
  useShowToast(toast);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "business-details",
    lastResult,
    defaultValue: formValues(details),
    constraint: getZodConstraint(BusinessDetailsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BusinessDetailsSchema }),
  });
  const address = fields.address.getFieldset();
  const hours = fields.hours.getFieldset();
  const eft = fields.eft.getFieldset();
  return (
    <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {saved ? <SavedNotice what="The website shows the new details now" href="/contact" /> : null}

      <Group id="company-heading" title="Company">
        <TextField
          field={fields.name}
          label="Company name"
          hint="As customers know it: page titles stay as designed."
        />
        <TextField
          field={fields.legalName}
          label="Registered name"
          hint="On invoices and at the foot of every page and e-mail."
        />
        <TextField field={address.street} label="Street address" autoComplete="address-line1" />
        <TextField field={address.suburb} label="Suburb" />
        <TextField field={address.city} label="City" autoComplete="address-level2" />
        <TextField field={address.postalCode} label="Postal code" autoComplete="postal-code" />
        <TextField field={address.province} label="Province" autoComplete="address-level1" />
        <TextField
          field={fields.mapUrl}
          label="Map link (optional)"
          type="url"
          hint="A Google Maps or OpenStreetMap link: /contact shows “View on a map”."
        />
      </Group>

      <Group
        id="reach-heading"
        title="Phone and e-mail"
        description="Shown on /contact, in the footer, on order pages and in every e-mail."
      >
        <TextField
          field={fields.phone}
          label="Phone"
          type="tel"
          hint="e.g. 031 464 0192 or +27 31 464 0192"
        />
        <TextField
          field={fields.whatsApp}
          label="WhatsApp number"
          type="tel"
          hint="Buyers message this number from their order page."
        />
        <TextField field={fields.generalEmail} label="General e-mail" type="email" />
        <TextField field={fields.supportEmail} label="Support e-mail" type="email" />
      </Group>

      <section
        aria-labelledby="hours-heading"
        className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="hours-heading" className="text-lg font-semibold">
          Opening hours
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          South African time. Untick a day when you are closed.
        </p>
        <div className="mt-4 flex flex-col divide-y divide-border">
          {WEEKDAYS.map((day) => {
            const dayFields = hours[day]!.getFieldset();
            const label = WEEKDAY_LABELS[day].long;
            const error = dayFields.from.errors?.[0] ?? dayFields.to.errors?.[0];
            return (
              <fieldset
                key={day}
                className="grid grid-cols-[7.5rem_1fr] items-center gap-x-3 gap-y-1 py-3"
              >
                <legend className="sr-only">{label}</legend>
                <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                  <input
                    {...getInputProps(dayFields.open, { type: "checkbox", value: "on" })}
                    className="size-5 accent-primary"
                  />
                  {label}
                </label>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label htmlFor={dayFields.from.id} className="sr-only">{`${label} opens`}</label>
                  <Input
                    {...getInputProps(dayFields.from, { type: "time" })}
                    aria-describedby={error ? `${day}-hours-error` : undefined}
                    className="w-32"
                  />
                  <span aria-hidden="true">to</span>
                  <label htmlFor={dayFields.to.id} className="sr-only">{`${label} closes`}</label>
                  <Input
                    {...getInputProps(dayFields.to, { type: "time" })}
                    aria-describedby={error ? `${day}-hours-error` : undefined}
                    className="w-32"
                  />
                </div>
                {error ? (
                  <p
                    id={`${day}-hours-error`}
                    className="col-span-2 text-sm font-medium text-destructive"
                  >
                    {error}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
        </div>
        <div className="mt-4">
          <TextField
            field={fields.hoursNote}
            label="Note under the hours (optional)"
            hint="e.g. Closed on public holidays."
          />
        </div>
      </section>

      <Group id="mail-heading" title="E-mail from the website">
        <TextField
          field={fields.alertEmail}
          label="Staff alerts go to"
          type="email"
          hint="New orders, quote requests and contact messages."
        />
        <TextField
          field={fields.senderName}
          label="Sender name"
          hint="The name customers see as the sender of the website's e-mails."
        />
        <TextField
          field={fields.replyTo}
          label="Replies go to (optional)"
          type="email"
          hint="Empty: replies go to the staff alerts address."
        />
      </Group>

      <Group
        id="bank-heading"
        title="Bank details for EFT (optional)"
        description="Shown to a buyer whose payment you arranged by EFT, and on unpaid invoices. Leave all empty to send them yourself."
      >
        <TextField field={eft.accountName} label="Account name" />
        <TextField field={eft.bankName} label="Bank" />
        <TextField field={eft.accountNumber} label="Account number" />
        <TextField field={eft.branchCode} label="Branch code" hint="6 digits" />
        <TextField
          field={eft.accountType}
          label="Account type (optional)"
          hint="e.g. Business cheque"
        />
      </Group>

      <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-border bg-background/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save business details"}
        </Button>
      </div>
    </Form>
  );
}
