import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { ABOUT_VIDEO_MAX_TEXT, type AboutVideoSourceName } from "#app/lib/about-section.ts";
import type { Toast } from "#app/lib/toast.ts";
import { ABOUT_TEXT_MAX, AboutSectionSchema } from "#app/lib/validation/about.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → About (decision 044): the home page's About heading, text and video. A plain
 * multipart form (it works without JavaScript), checked with the server's schema.
 */

export interface AboutFormValues {
  heading: string;
  text: string;
  videoSource: AboutVideoSourceName;
  videoLink: string;
  videoTitle: string;
  uploadedVideo: string | null;
  posterUrl: string | null;
}

const SOURCES: { value: AboutVideoSourceName; label: string; hint: string }[] = [
  {
    value: "shipped",
    label: "The company video that came with the website",
    hint: "Our three divisions in under half a minute, with captions.",
  },
  {
    value: "upload",
    label: "A video file I upload",
    hint: `MP4 or WebM, at most ${ABOUT_VIDEO_MAX_TEXT}. Visitors can skip through it.`,
  },
  {
    value: "link",
    label: "A YouTube or Vimeo video",
    hint: "It loads from YouTube or Vimeo only when a visitor presses play, without their cookies.",
  },
];

export function AboutSectionForm({
  values,
  lastResult,
  toast,
  saved,
}: {
  values: AboutFormValues;
  lastResult?: SubmissionResult<string[]>;
  toast?: Toast | null;
  saved: boolean;
}) {
  useShowToast(toast);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "about-section",
    lastResult,
    defaultValue: {
      heading: values.heading,
      text: values.text,
      videoSource: values.videoSource,
      videoLink: values.videoLink,
      videoTitle: values.videoTitle,
    },
    constraint: getZodConstraint(AboutSectionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AboutSectionSchema }),
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex max-w-3xl flex-col gap-5 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      {...getFormProps(form)}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {saved ? <SavedNotice what="The home page shows it now" href="/#about" /> : null}
      <Field
        id={fields.heading.id}
        label="Heading"
        errors={fields.heading.errors}
        errorId={fields.heading.errorId}
        reserveErrorSpace
      >
        <Input {...getInputProps(fields.heading, { type: "text" })} maxLength={80} />
      </Field>
      <Field
        id={fields.text.id}
        label="Text"
        errors={fields.text.errors}
        errorId={fields.text.errorId}
        hint={`Leave a blank line between paragraphs. Up to ${ABOUT_TEXT_MAX} characters.`}
        hintId={fields.text.descriptionId}
        reserveErrorSpace
      >
        <Textarea
          {...getTextareaProps(fields.text, { ariaDescribedBy: fields.text.descriptionId })}
          rows={7}
          maxLength={ABOUT_TEXT_MAX}
        />
      </Field>

      <fieldset className="flex flex-col gap-3" aria-describedby={fields.videoSource.errorId}>
        <legend className="mb-2 text-sm font-medium">Video</legend>
        {SOURCES.map((option) => {
          const id = `${fields.videoSource.id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                type="radio"
                id={id}
                name={fields.videoSource.name}
                value={option.value}
                defaultChecked={values.videoSource === option.value}
                aria-describedby={`${id}-hint`}
                className="mt-0.5 size-5 accent-primary"
              />
              <div>
                <label htmlFor={id} className="text-sm font-medium">
                  {option.label}
                </label>
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          );
        })}
        <p id={fields.videoSource.errorId} className="min-h-5 text-sm font-medium text-destructive">
          {fields.videoSource.errors?.[0] ?? ""}
        </p>
      </fieldset>

      <Field
        id={fields.videoFile.id}
        label="Video file (for an uploaded video)"
        errors={fields.videoFile.errors}
        errorId={fields.videoFile.errorId}
        hint={
          values.uploadedVideo
            ? `In place now: ${values.uploadedVideo.split("/").pop()}. Choose a file only to replace it.`
            : `MP4 or WebM, at most ${ABOUT_VIDEO_MAX_TEXT}.`
        }
        hintId={fields.videoFile.descriptionId}
        reserveErrorSpace
      >
        <Input
          {...getInputProps(fields.videoFile, {
            type: "file",
            ariaDescribedBy: fields.videoFile.descriptionId,
          })}
          accept="video/mp4,video/webm"
          className="h-auto cursor-pointer py-1.5 file:mr-3 file:rounded file:bg-muted file:px-3 file:py-1.5"
        />
      </Field>
      <Field
        id={fields.videoLink.id}
        label="YouTube or Vimeo link (for a linked video)"
        errors={fields.videoLink.errors}
        errorId={fields.videoLink.errorId}
        reserveErrorSpace
      >
        <Input
          {...getInputProps(fields.videoLink, { type: "url" })}
          placeholder="https://www.youtube.com/watch?v=…"
          autoComplete="off"
        />
      </Field>
      <Field
        id={fields.videoTitle.id}
        label="Video title (for your own video)"
        errors={fields.videoTitle.errors}
        errorId={fields.videoTitle.errorId}
        hint="Shown on the play button and read out by screen readers."
        hintId={fields.videoTitle.descriptionId}
        reserveErrorSpace
      >
        <Input
          {...getInputProps(fields.videoTitle, {
            type: "text",
            ariaDescribedBy: fields.videoTitle.descriptionId,
          })}
          maxLength={120}
        />
      </Field>
      <ImageField
        label="Poster picture (shown before your own video plays; optional)"
        id={fields.poster.id}
        name={fields.poster.name}
        currentUrl={values.posterUrl}
        errors={fields.poster.errors}
        errorId={fields.poster.errorId}
        removeName={fields.removePoster.name}
      />
      <Button type="submit" disabled={saving} className="self-end">
        {saving ? "Saving..." : "Save About section"}
      </Button>
    </Form>
  );
}
