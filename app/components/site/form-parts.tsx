import { type ComponentProps, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useRouteLoaderData } from "react-router";
import type { ZodError, ZodType } from "zod";
import { Field } from "#app/components/forms/field.tsx";
import { showToast } from "#app/components/toaster.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "#app/lib/anti-spam.ts";
import { type FieldErrors, type FormResult, formValues, validationToast } from "#app/lib/forms.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * The honeypot (hidden from people, screen readers and autofill) and the signed time the
 * form was served, which the public layout's loader issues.
 */
export function AntiSpamFields() {
  const layout = useRouteLoaderData("routes/site/_layout") as { formStamp?: string } | undefined;
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name={FORM_STAMP_FIELD} value={layout?.formStamp ?? ""} />
    </>
  );
}

/**
 * Shows each new result's toast once (with JavaScript) — docs/product.md §8.1 texts and durations. Checked
 * after every commit, not on dependency change (see useShowToast).
 */
export function useResultToast(result: FormResult | undefined) {
  const shown = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    showToast({ id: Math.random().toString(36).slice(2), ...result.toast });
  });
}

/**
 * Without JavaScript there is no toaster: the same notice is rendered in the page, next to
 * the form (progressive enhancement). With JavaScript the toast shows it instead.
 */
export function FormNotice({ result }: { result: FormResult | undefined }) {
  const hydrated = useHydrated();
  if (!result || hydrated) return null;
  // Without JavaScript the answer comes as a new page, scrolled to its top, while the form
  // can be thousands of pixels down: the focus takes the visitor (and a screen reader) to it.
  return (
    <NoticeBox result={result} className="text-sm focus:outline-none" tabIndex={-1} autoFocus />
  );
}

/** A form result's notice in the page: an alert for a refusal, a status for a success. */
export function NoticeBox({
  result,
  className,
  ...props
}: {
  result: FormResult;
  className?: string;
} & Pick<ComponentProps<"div">, "tabIndex" | "autoFocus">) {
  const error = result.status === "error";
  return (
    <div
      {...props}
      role={error ? "alert" : "status"}
      className={cn(
        "rounded-lg border p-4",
        error
          ? "border-destructive-border bg-destructive-surface text-destructive-text"
          : "border-success-border bg-success-surface text-success-text",
        className,
      )}
    >
      <p className="font-semibold">{result.toast.title}</p>
      {result.toast.description ? <p>{result.toast.description}</p> : null}
    </div>
  );
}

/**
 * The optional phone number of the quote and contact forms (decision 004: the company may call
 * or WhatsApp back); checked with the checkout's rule when given.
 */
export function OptionalPhoneField({
  id,
  error,
  defaultValue,
}: {
  id: string;
  error?: string;
  defaultValue?: string;
}) {
  return (
    <Field id={id} label="Phone (optional)" errors={error}>
      {(props) => (
        <Input
          {...props}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/**
 * Client-side state of a public form: errors found in the browser with the shared schema,
 * replaced by the server's answer when it arrives. `resetKey` changes on success so the
 * fields are cleared then, and only then (docs/product.md §5.8).
 */
export function useFormState(result: FormResult | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const handled = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    setClientErrors(null);
    if (result.status === "success") setResetKey((key) => key + 1);
  }, [result]);
  const errors = clientErrors ?? (result?.status === "error" ? result.fieldErrors : undefined);
  const focusProps = useFocusKeptThroughAnswer(result);
  return { errors: errors ?? {}, setClientErrors, resetKey, focusProps };
}

/**
 * Keeps the keyboard in the form across a background submit (WCAG 2.4.3). The button is
 * disabled while the form is sent and, after a success, the form is a new one (`resetKey`):
 * either leaves the focus on <body>, and the next Tab would start again at the top of the
 * page. When the focus was in the form as it was sent and is lost once the answer has come,
 * it goes to the form's submit button. Spread the returned props on the form.
 */
function useFocusKeptThroughAnswer(result: FormResult | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  const sent = useRef<{ form: HTMLFormElement; before: FormResult | undefined } | null>(null);
  useEffect(() => {
    const waiting = sent.current;
    const form = ref.current;
    if (!waiting || !result || result === waiting.before || !form) return;
    // A success renders the new, empty form one commit later.
    if (result.status === "success" && form === waiting.form) return;
    const target = form.querySelector<HTMLElement>('[type="submit"]');
    // The button stays disabled until the fetcher has reloaded the page's data.
    if (target?.matches(":disabled")) return;
    sent.current = null;
    // The visitor has gone on elsewhere meanwhile: leave them there.
    if (document.activeElement && document.activeElement !== document.body) return;
    target?.focus();
  });
  const onSubmitCapture = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    sent.current = form.contains(document.activeElement) ? { form, before: result } : null;
  };
  return { ref, onSubmitCapture };
}

/**
 * Checks a form in the browser with its shared zod schema before it is sent, without putting
 * zod in the first page load (decision 012): the schema module loads when the visitor first
 * focuses the form. Once loaded, `check` runs on every submit and a failed check stops it;
 * a submit before it has loaded waits for it, then sends through `send`.
 */
export function useSchemaCheck<Module>(
  load: () => Promise<Module>,
  check: (schemas: Module, form: HTMLFormElement) => boolean,
  send: (form: HTMLFormElement) => void,
) {
  const loaded = useRef<Module | null>(null);
  const onFocus = useCallback(() => {
    if (!loaded.current) {
      load().then(
        (schemas) => {
          loaded.current = schemas;
        },
        () => {},
      );
    }
  }, [load]);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (loaded.current) {
      if (!check(loaded.current, form)) event.preventDefault();
      return;
    }
    event.preventDefault();
    load().then(
      (schemas) => {
        loaded.current = schemas;
        if (check(schemas, form)) send(form);
      },
      // The schema could not load (offline?): let the server judge.
      () => send(form),
    );
  };
  return { onFocus, onSubmit };
}

/**
 * A public enquiry form (quote, contact): sent in the background through a fetcher, checked
 * first in the browser with its shared schema (loaded lazily), answered with a toast; without
 * JavaScript the page's action answers and `actionData` carries the result.
 */
export function useEnquiryForm<
  Schemas extends { fieldErrorsOf: (error: ZodError) => FieldErrors },
>({
  key,
  fields,
  load,
  schemaOf,
}: {
  /** The fetcher key; also names the validation toast. */
  key: string;
  fields: readonly string[];
  load: () => Promise<Schemas>;
  schemaOf: (schemas: Schemas) => ZodType;
}) {
  const fetcher = useFetcher<FormResult>({ key });
  const actionData = useActionData<FormResult>();
  const result = fetcher.data ?? actionData;
  useResultToast(fetcher.data);
  const { errors, setClientErrors, resetKey, focusProps } = useFormState(result);
  const schemaCheck = useSchemaCheck(
    load,
    (schemas, form) => {
      const parsed = schemaOf(schemas).safeParse(formValues(new FormData(form), [...fields]));
      if (parsed.success) return true;
      const fieldErrors = schemas.fieldErrorsOf(parsed.error);
      setClientErrors(fieldErrors);
      // The notice the server would answer (one id per form, so a repeat replaces it).
      showToast({ id: `${key}-invalid`, ...validationToast(fieldErrors) });
      return false;
    },
    (form) => fetcher.submit(form),
  );
  return {
    fetcher,
    actionData,
    errors,
    resetKey,
    schemaCheck,
    focusProps,
    busy: fetcher.state !== "idle",
    values: result?.status === "error" ? result.values : undefined,
  };
}
