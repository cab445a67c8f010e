import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import type { Toast } from "#app/lib/toast.ts";
import { LegalTextSchema } from "#app/lib/validation/legal.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → Privacy policy / Terms of service (decision 042): the page's text in a small part
 * of Markdown; each publication is a new version, and the earlier ones are listed below it.
 */

export interface LegalVersionRow {
  id: string;
  publishedAt: Date | string;
  publishedBy: string;
  markdown: string;
}

const HELP =
  "## starts a heading, - starts a list item, 1. a numbered one; a blank line between paragraphs. Other marks are shown as typed.";

export function LegalTextForm({
  title,
  path,
  markdown,
  lastUpdated,
  versions,
  lastResult,
  toast,
  saved,
}: {
  title: string;
  path: string;
  markdown: string;
  lastUpdated: string;
  versions: LegalVersionRow[];
  lastResult?: SubmissionResult<string[]>;
  toast?: Toast | null;
  saved: boolean;
}) {
  useShowToast(toast);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "legal-text",
    lastResult,
    defaultValue: { markdown },
    constraint: getZodConstraint(LegalTextSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LegalTextSchema }),
  });
  return (
    <div className="flex flex-col gap-6">
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {saved ? <SavedNotice what={`${title} now shows the new version`} href={path} /> : null}
        <Field
          id={fields.markdown.id}
          label={`${title}: text`}
          errors={fields.markdown.errors}
          errorId={fields.markdown.errorId}
          hint={`Last updated: ${lastUpdated}. ${HELP}`}
          hintId={fields.markdown.descriptionId}
        >
          <Textarea
            {...getTextareaProps(fields.markdown, {
              ariaDescribedBy: fields.markdown.descriptionId,
            })}
            key={fields.markdown.key}
            rows={24}
            className="font-mono text-sm"
          />
        </Field>
        <Button type="submit" disabled={saving} className="self-end">
          {saving ? "Publishing..." : "Publish new version"}
        </Button>
      </Form>
      <section
        aria-labelledby="versions-heading"
        className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="versions-heading" className="text-lg font-semibold">
          Earlier versions
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            None yet: the page shows the text the website came with.
          </p>
        ) : (
          <ol className="mt-3 divide-y divide-border">
            {versions.map((version, index) => (
              <li key={version.id} className="py-3">
                <details>
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium">
                      {formatLongDateTime(new Date(version.publishedAt))}
                    </span>
                    {` · ${version.publishedBy}`}
                    {index === 0 ? " · shown now" : null}
                  </summary>
                  <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs [overflow-wrap:anywhere]">
                    {version.markdown}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
