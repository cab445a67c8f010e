import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ImagePlusIcon, SaveIcon, SendIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatTimeOfDay } from "#app/lib/dates.ts";
import type {
  AdminNewsletter,
  NewsletterAnswer,
  NewsletterSendChoice,
  NewsletterPreview as Preview,
} from "#app/lib/newsletters.ts";
import { cn } from "#app/lib/utils.ts";
import { ACCEPTED_IMAGE_TYPES } from "#app/lib/validation/catalog.ts";
import {
  NEWSLETTER_ALT_MAX,
  NEWSLETTER_BODY_MAX,
  NEWSLETTER_PREHEADER_MAX,
  NEWSLETTER_RATE_DEFAULT,
  NEWSLETTER_SUBJECT_MAX,
  NewsletterDraftSchema,
  NewsletterSendSchema,
} from "#app/lib/validation/newsletters.ts";
import { MarkdownHelp } from "./markdown-help.tsx";
import { NewsletterPreview } from "./newsletter-preview.tsx";
import { NewsletterSendFields, SendQuestionDialog } from "./newsletter-send-form.tsx";
import { useDraftAutosave } from "./use-draft-autosave.ts";

/*
 * A draft newsletter (docs/product.md §3.18): subject, preview line and text, saved as the
 * owner types; a picture put in the text; the e-mail's preview; a test to the admin; sending.
 * One form holds it all, so that each of its buttons works without JavaScript and sends the
 * text as it is on screen (the action saves it first). With JavaScript, saving and pictures
 * and the test go through fetchers and the page stays as it is.
 */

const PageSchema = NewsletterDraftSchema.and(NewsletterSendSchema);

/** Every field of the page's form, as it posts them. */
type PageFields = {
  subject: string;
  preheader: string;
  body: string;
  image: File;
  alt: string;
  when: "now" | "later";
  sendAt: string;
  ratePerMinute: string;
};

/** Sets a field's value as typing would, so React and Conform see the change. */
function setFieldValue(field: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

export function NewsletterEditor({
  newsletter,
  preview: served,
  audience,
  adminEmail,
  earliest,
  answer,
}: {
  newsletter: AdminNewsletter;
  preview: Preview;
  audience: number;
  adminEmail: string;
  earliest: string;
  /** The action's answer to a posted form (without JavaScript, or the send). */
  answer?: NewsletterAnswer;
}) {
  const formId = `newsletter-${newsletter.id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  const [form, fields] = useForm<PageFields>({
    id: formId,
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    defaultValue: {
      subject: newsletter.subject,
      preheader: newsletter.preheader,
      body: newsletter.body,
      when: "now",
      ratePerMinute: String(newsletter.ratePerMinute ?? NEWSLETTER_RATE_DEFAULT),
    },
    constraint: getZodConstraint(NewsletterDraftSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The picture's fields are checked on the server (its description by maxLength here).
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: PageSchema }) as unknown as Submission<PageFields>,
  });
  const autosave = useDraftAutosave({
    formRef,
    newsletterId: newsletter.id,
    saved: { subject: newsletter.subject, preheader: newsletter.preheader, body: newsletter.body },
  });
  const uploader = useFetcher<NewsletterAnswer>();
  const tester = useFetcher<NewsletterAnswer>();
  useShowToast(answer?.toast);
  useShowToast(uploader.data?.toast);
  useShowToast(tester.data?.toast);
  const [question, setQuestion] = useState<NewsletterSendChoice | null>(null);
  const [subjectAsked, setSubjectAsked] = useState("");

  // The newest preview: from the last save, or the page's when that is as new.
  const saved = autosave.preview;
  const preview = saved && saved.savedAt > served.savedAt ? saved : served;

  // A stored picture goes at the end of the text, and the draft is saved with it.
  const inserted = uploader.data?.picture;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const formElement = formRef.current;
    if (!inserted || applied.current === inserted.id || !formElement) return;
    applied.current = inserted.id;
    const body = formElement.elements.namedItem("body") as HTMLTextAreaElement;
    const text = body.value.replace(/\s+$/, "");
    setFieldValue(body, text ? `${text}\n\n${inserted.markdown}\n` : `${inserted.markdown}\n`);
    for (const name of ["image", "alt"]) {
      (formElement.elements.namedItem(name) as HTMLInputElement).value = "";
    }
    autosave.saveNow();
  }, [inserted, autosave]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.name === "intent" ? submitter.value : "save";
    const formElement = event.currentTarget;
    const formData = new FormData(formElement);
    const text = (name: string) => String(formData.get(name) ?? "");
    if (intent === "send") {
      // The dialog's button (`confirmed` is in the form while it is open): the page posts.
      if (formData.get("confirmed") === "yes") return;
      getFormProps(form).onSubmit(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      // As the server reads it (an empty field is no value), Conform has checked it above.
      const choice = parseWithZod(formData, { schema: NewsletterSendSchema });
      if (choice.status !== "success") return;
      const { when, sendAt, ratePerMinute } = choice.value;
      setSubjectAsked(text("subject"));
      setQuestion({
        when,
        sendAt: when === "later" ? (sendAt ?? null) : null,
        ratePerMinute,
        audience,
      });
      return;
    }
    event.preventDefault();
    if (intent === "image") {
      const picture = new FormData();
      picture.set("intent", "image");
      picture.set("alt", text("alt"));
      const file = formData.get("image");
      if (file instanceof File) picture.set("image", file);
      void uploader.submit(picture, { method: "post", encType: "multipart/form-data" });
    } else if (intent === "test") {
      const draft = { subject: text("subject"), preheader: text("preheader"), body: text("body") };
      void tester.submit({ intent: "test", ...draft }, { method: "post" });
    } else {
      autosave.saveNow();
    }
  }

  const uploading = uploader.state !== "idle";
  const testing = tester.state !== "idle";
  const pictureError = uploader.data?.message ?? fields.image.errors?.[0];
  const testAnswer = tester.data ?? (answer?.intent === "test" ? answer : undefined);
  // Without JavaScript, the save's answer says when (the page was served again with it).
  const status =
    autosave.status ||
    (answer?.saved ? `Saved at ${formatTimeOfDay(answer.saved.at)}` : "") ||
    (answer?.intent === "save" && answer.message ? `Not saved: ${answer.message}` : "") ||
    `Last saved at ${formatTimeOfDay(newsletter.updatedAt)}`;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      {...getFormProps(form)}
      onSubmit={onSubmit}
      onChange={autosave.changed}
      onBlur={autosave.saveNow}
      className="flex flex-col gap-6"
    >
      <div className="grid gap-6 2xl:grid-cols-2 2xl:items-start">
        <section
          aria-labelledby="newsletter-write-heading"
          className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
        >
          <h2 id="newsletter-write-heading" className="text-lg font-semibold">
            Write
          </h2>
          <FormErrors
            id={form.errorId}
            errors={form.errors ?? (answer?.message ? [answer.message] : undefined)}
          />
          <Field
            id={fields.subject.id}
            label="Subject"
            errors={fields.subject.errors}
            errorId={fields.subject.errorId}
            reserveErrorSpace
          >
            <Input
              {...getInputProps(fields.subject, { type: "text" })}
              maxLength={NEWSLETTER_SUBJECT_MAX}
              autoComplete="off"
            />
          </Field>
          <Field
            id={fields.preheader.id}
            label="Preview line"
            errors={fields.preheader.errors}
            errorId={fields.preheader.errorId}
            hint="Shown after the subject in most inboxes."
            hintId={fields.preheader.descriptionId}
            reserveErrorSpace
          >
            <Input
              {...getInputProps(fields.preheader, {
                type: "text",
                ariaDescribedBy: fields.preheader.descriptionId,
              })}
              maxLength={NEWSLETTER_PREHEADER_MAX}
              autoComplete="off"
            />
          </Field>
          <Field
            id={fields.body.id}
            label="Text"
            errors={fields.body.errors}
            errorId={fields.body.errorId}
            hint="A blank line between paragraphs. Headings, lists, links and pictures: see How to format the text, below."
            hintId={fields.body.descriptionId}
            reserveErrorSpace
          >
            <Textarea
              {...getTextareaProps(fields.body, { ariaDescribedBy: fields.body.descriptionId })}
              key={fields.body.key}
              rows={18}
              maxLength={NEWSLETTER_BODY_MAX}
              className="min-h-80"
            />
          </Field>
          <MarkdownHelp id={`${formId}-help`} />
          <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-medium">Insert a picture</legend>
            <Field
              id={fields.image.id}
              label="Picture"
              errors={pictureError}
              errorId={fields.image.errorId}
              hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. It goes at the end of the text; move its line where you want it."
              hintId={fields.image.descriptionId}
            >
              <Input
                {...getInputProps(fields.image, {
                  type: "file",
                  ariaDescribedBy: fields.image.descriptionId,
                })}
                aria-invalid={pictureError ? true : undefined}
                accept={ACCEPTED_IMAGE_TYPES}
                className="h-auto py-2"
              />
            </Field>
            <Field
              id={fields.alt.id}
              label="Description of the picture (optional)"
              errors={fields.alt.errors}
              errorId={fields.alt.errorId}
              hint="Read out to people who cannot see it, and shown where pictures are off."
              hintId={fields.alt.descriptionId}
            >
              <Input
                {...getInputProps(fields.alt, {
                  type: "text",
                  ariaDescribedBy: fields.alt.descriptionId,
                })}
                maxLength={NEWSLETTER_ALT_MAX}
                autoComplete="off"
              />
            </Field>
            <div>
              <Button
                type="submit"
                name="intent"
                value="image"
                variant="outline"
                disabled={uploading}
              >
                <ImagePlusIcon aria-hidden="true" />
                {uploading ? "Uploading…" : "Insert picture"}
              </Button>
            </div>
            {answer?.notice && answer.intent === "image" ? (
              <p className="text-sm" role="status">
                {answer.notice}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p
              role="status"
              className={cn(
                "min-h-5 text-sm",
                autosave.failed ? "font-medium text-destructive" : "text-muted-foreground",
              )}
            >
              {status}
            </p>
            <Button type="submit" name="intent" value="save" variant="outline">
              <SaveIcon aria-hidden="true" />
              Save draft
            </Button>
          </div>
        </section>
        <NewsletterPreview preview={preview} className="2xl:sticky 2xl:top-4" />
      </div>

      <section
        aria-labelledby="newsletter-test-heading"
        className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="newsletter-test-heading" className="text-lg font-semibold">
          Send a test
        </h2>
        <p className="text-sm text-muted-foreground">
          {`The e-mail as subscribers will get it, to you at ${adminEmail}, with "[Test]" before the subject.`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value="test" variant="outline" disabled={testing}>
            <SendIcon aria-hidden="true" />
            {testing ? "Sending the test…" : "Send a test to me"}
          </Button>
          <p
            role="status"
            className={cn(
              "text-sm",
              testAnswer?.message ? "font-medium text-destructive" : "text-muted-foreground",
            )}
          >
            {testing ? "" : (testAnswer?.message ?? testAnswer?.notice ?? "")}
          </p>
        </div>
      </section>

      <NewsletterSendFields fields={fields} audience={audience} earliest={earliest} />
      <SendQuestionDialog
        formId={form.id}
        subject={subjectAsked}
        choice={question}
        busy={sending}
        onClose={() => setQuestion(null)}
      />
    </Form>
  );
}
