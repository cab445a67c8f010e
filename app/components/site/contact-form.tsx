import { useActionData, useFetcher } from "react-router";
import { showToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  type FormResult,
  formValues,
  isMissingInformation,
  MISSING_INFORMATION,
} from "#app/lib/forms.ts";
import {
  AntiSpamFields,
  Field,
  FormNotice,
  useFormState,
  useResultToast,
  useSchemaCheck,
} from "./form-parts.tsx";

const loadSchemas = () => import("#app/lib/validation/inquiries.ts");

/** The /contact message form (spec §2, §4, §5); posts to /contact's `contactAction`. */
export function ContactForm() {
  const fetcher = useFetcher<FormResult>({ key: "contact-form" });
  const actionData = useActionData<FormResult>();
  const result = fetcher.data ?? actionData;
  useResultToast(fetcher.data);
  const { errors, setClientErrors, resetKey } = useFormState(result);
  const busy = fetcher.state !== "idle";
  const values = result?.status === "error" ? result.values : undefined;
  const schemaCheck = useSchemaCheck(
    loadSchemas,
    ({ ContactSchema, fieldErrorsOf }, form) => {
      const raw = formValues(new FormData(form), ["name", "email", "subject", "message"]);
      const parsed = ContactSchema.safeParse(raw);
      if (parsed.success) return true;
      const fieldErrors = fieldErrorsOf(parsed.error);
      setClientErrors(fieldErrors);
      if (isMissingInformation(fieldErrors)) {
        showToast({ id: "contact-missing", type: "destructive", ...MISSING_INFORMATION });
      }
      return false;
    },
    (form) => fetcher.submit(form),
  );

  return (
    <fetcher.Form
      method="post"
      key={resetKey}
      className="grid gap-5"
      aria-label="Contact message"
      {...schemaCheck}
    >
      <FormNotice result={actionData} />
      <AntiSpamFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={errors.name}>
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
        <Field id="contact-email" label="Email" error={errors.email}>
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
      <Field id="contact-subject" label="Subject" error={errors.subject}>
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
      <Field id="contact-message" label="Message" error={errors.message}>
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
