import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { CONTACT_FIELDS } from "#app/lib/forms.ts";
import { AntiSpamFields, FormNotice, OptionalPhoneField, useEnquiryForm } from "./form-parts.tsx";

const loadSchemas = () => import("#app/lib/validation/inquiries.ts");

/** The /contact message form (docs/product.md §2.9, §5.8, §6.1); posts to /contact's `contactAction`. */
export function ContactForm() {
  const { fetcher, actionData, errors, resetKey, schemaCheck, focusProps, busy, values } =
    useEnquiryForm({
      key: "contact-form",
      fields: CONTACT_FIELDS,
      load: loadSchemas,
      schemaOf: (schemas) => schemas.ContactSchema,
    });

  return (
    <fetcher.Form
      method="post"
      key={resetKey}
      className="grid gap-5"
      aria-label="Contact message"
      {...schemaCheck}
      {...focusProps}
    >
      <FormNotice result={actionData} />
      <AntiSpamFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" errors={errors.name}>
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
        <Field id="contact-email" label="Email" errors={errors.email}>
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
        <OptionalPhoneField id="contact-phone" error={errors.phone} defaultValue={values?.phone} />
        <Field id="contact-subject" label="Subject" errors={errors.subject}>
          {(props) => (
            <Input
              {...props}
              name="subject"
              required
              maxLength={150}
              defaultValue={values?.subject}
            />
          )}
        </Field>
      </div>
      <Field id="contact-message" label="Message" errors={errors.message}>
        {(props) => (
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
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
