import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  type AdminShowcaseEntry,
  DIVISIONS,
  SHOWCASE_LABELS,
  type ShowcaseKind,
  showcaseAdminPath,
} from "#app/lib/showcase.ts";
import type { Toast } from "#app/lib/toast.ts";
import {
  type PortfolioProjectSchema,
  SHOWCASE_DESCRIPTION_MAX,
  SHOWCASE_TITLE_MAX,
  showcaseEntrySchema,
} from "#app/lib/validation/showcase.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → Portfolio / Equipment → an entry (decision 043): title, division and link (a
 * portfolio project), description, picture (the product image pipeline) and whether the site
 * shows it. A plain multipart form: it works without JavaScript, checked with the server's schema.
 */

export function ShowcaseEntryForm({
  kind,
  entry,
  lastResult,
  toast,
  saved,
}: {
  kind: ShowcaseKind;
  entry: AdminShowcaseEntry | null;
  lastResult?: SubmissionResult<string[]>;
  toast?: Toast | null;
  saved: boolean;
}) {
  useShowToast(toast);
  const labels = SHOWCASE_LABELS[kind];
  // Typed as the portfolio's (a superset): equipment's form leaves division and link out.
  const schema = showcaseEntrySchema(kind) as typeof PortfolioProjectSchema;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: entry ? `showcase-${entry.id}` : `showcase-new-${kind}`,
    lastResult,
    defaultValue: entry
      ? {
          title: entry.title,
          division: entry.division ?? undefined,
          description: entry.description,
          linkUrl: entry.linkUrl ?? "",
          hidden: entry.hidden ? "on" : undefined,
        }
      : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex max-w-2xl flex-col gap-5 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      {...getFormProps(form)}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {saved ? <SavedNotice what={`See it in ${labels.siteName}`} href={labels.sitePath} /> : null}
      <Field
        id={fields.title.id}
        label="Title"
        errors={fields.title.errors}
        errorId={fields.title.errorId}
        reserveErrorSpace
      >
        <Input
          {...getInputProps(fields.title, { type: "text" })}
          maxLength={SHOWCASE_TITLE_MAX}
          autoComplete="off"
        />
      </Field>
      {kind === "portfolio" ? (
        <Field
          id={fields.division.id}
          label="Division"
          errors={fields.division.errors}
          errorId={fields.division.errorId}
          hint="The portfolio's filter shows it under this division."
          hintId={fields.division.descriptionId}
          reserveErrorSpace
        >
          <NativeSelect
            {...getSelectProps(fields.division, { ariaDescribedBy: fields.division.descriptionId })}
          >
            <option value="">Choose a division</option>
            {DIVISIONS.map((division) => (
              <option key={division} value={division}>
                {division}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field
        id={fields.description.id}
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        hint={`A sentence or two, up to ${SHOWCASE_DESCRIPTION_MAX} characters.`}
        hintId={fields.description.descriptionId}
        reserveErrorSpace
      >
        <Textarea
          {...getTextareaProps(fields.description, {
            ariaDescribedBy: fields.description.descriptionId,
          })}
          rows={3}
          maxLength={SHOWCASE_DESCRIPTION_MAX}
        />
      </Field>
      <ImageField
        label="Picture"
        id={fields.image.id}
        name={fields.image.name}
        currentUrl={entry?.imageUrl ?? null}
        errors={fields.image.errors}
        errorId={fields.image.errorId}
        removable={false}
      />
      {kind === "portfolio" ? (
        <Field
          id={fields.linkUrl.id}
          label="Link (optional)"
          errors={fields.linkUrl.errors}
          errorId={fields.linkUrl.errorId}
          hint="A page about the project, such as a case study or the client's site."
          hintId={fields.linkUrl.descriptionId}
          reserveErrorSpace
        >
          <Input
            {...getInputProps(fields.linkUrl, {
              type: "url",
              ariaDescribedBy: fields.linkUrl.descriptionId,
            })}
            placeholder="https://"
            autoComplete="off"
          />
        </Field>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.hidden, { type: "checkbox" })}
          className="size-5 accent-primary"
        />
        <label htmlFor={fields.hidden.id} className="text-sm">
          Hide from the site (kept here to show again later)
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={showcaseAdminPath(kind)} className={buttonVariants({ variant: "outline" })}>
          {`Back to ${labels.title}`}
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : entry ? "Save changes" : `Add ${labels.entry}`}
        </Button>
      </div>
    </Form>
  );
}
