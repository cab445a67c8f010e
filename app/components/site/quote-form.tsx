import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { QUOTE_FIELDS } from "#app/lib/forms.ts";
import { SERVICE_OPTIONS } from "#app/lib/quote-services.ts";
import { AntiSpamFields, FormNotice, OptionalPhoneField, useEnquiryForm } from "./form-parts.tsx";

const loadSchemas = () => import("#app/lib/validation/inquiries.ts");

/**
 * The quote form (docs/product.md §2.4, §5.8, §6.1). It posts to the page it is on (home, /digital,
 * /hardware export `quoteAction`), so it works without JavaScript; with JavaScript it
 * submits in the background and answers with a toast.
 */
export function QuoteForm({ idPrefix = "quote" }: { idPrefix?: string }) {
  const { fetcher, actionData, errors, resetKey, schemaCheck, focusProps, busy, values } =
    useEnquiryForm({
      key: `${idPrefix}-form`,
      fields: QUOTE_FIELDS,
      load: loadSchemas,
      schemaOf: (schemas) => schemas.QuoteSchema,
    });

  return (
    <fetcher.Form
      method="post"
      key={resetKey}
      className="grid gap-5"
      aria-label="Quote request"
      {...schemaCheck}
      {...focusProps}
    >
      <FormNotice result={actionData} />
      <input type="hidden" name="intent" value="quote" />
      <AntiSpamFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label="Name" errors={errors.name}>
          {(props) => (
            <Input
              {...props}
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={values?.name}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-email`} label="Email" errors={errors.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={values?.email}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <OptionalPhoneField
          id={`${idPrefix}-phone`}
          error={errors.phone}
          defaultValue={values?.phone}
        />
        <Field id={`${idPrefix}-service`} label="Service" errors={errors.service}>
          {(props) => (
            <NativeSelect {...props} name="service" required defaultValue={values?.service ?? ""}>
              <option value="" disabled>
                Select a service
              </option>
              {SERVICE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field id={`${idPrefix}-message`} label="Message" errors={errors.message}>
        {(props) => (
          // docs/product.md §6.2: the message box has a minimum height of 8rem.
          <Textarea
            {...props}
            name="message"
            required
            maxLength={5000}
            className="min-h-32"
            defaultValue={values?.message}
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {busy ? "Submitting..." : "Submit Request"}
      </Button>
    </fetcher.Form>
  );
}
