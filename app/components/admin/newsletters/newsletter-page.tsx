import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { Link, useFetcher } from "react-router";
import {
  DeleteButton,
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  type DeleteTarget,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import {
  type AdminNewsletter,
  NEWSLETTER_STATE_BADGE,
  NEWSLETTER_STATE_LABELS,
  NEWSLETTERS_PATH,
  type NewsletterAnswer,
  type NewsletterProgressFigures,
  newsletterPath,
  newsletterStateDetail,
  type NewsletterPreview as Preview,
  subjectOrPlaceholder,
} from "#app/lib/newsletters.ts";
import type { Toast } from "#app/lib/toast.ts";
import { NewsletterEditor } from "./newsletter-editor.tsx";
import { NewsletterPreview } from "./newsletter-preview.tsx";
import { NewsletterProgress, NewsletterSchedule } from "./newsletter-progress.tsx";
import { SendQuestionPanel } from "./newsletter-send-form.tsx";

/*
 * Admin → Newsletters → one newsletter (docs/product.md §3.18): the editor while it is a
 * draft; afterwards what was sent, its preview and its progress.
 */

export function NewsletterPage({
  newsletter,
  preview,
  audience,
  progress,
  adminEmail,
  earliest,
  confirmDelete,
  answer,
}: {
  newsletter: AdminNewsletter;
  preview: Preview;
  audience: number | null;
  progress: NewsletterProgressFigures | null;
  adminEmail: string;
  earliest: string;
  confirmDelete: DeleteTarget | null;
  answer?: NewsletterAnswer;
}) {
  const draft = newsletter.status === "draft";
  const detail = newsletterStateDetail(newsletter);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={NEWSLETTERS_PATH}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All newsletters
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight break-words">
            {draft ? "Draft newsletter" : subjectOrPlaceholder(newsletter.subject)}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={NEWSLETTER_STATE_BADGE[newsletter.status]}>
              {NEWSLETTER_STATE_LABELS[newsletter.status]}
            </Badge>{" "}
            {detail ? <span>{detail}</span> : null}
            {draft ? <span>Saved as you write; nothing goes out until you send it.</span> : null}
          </p>
        </div>
      </div>
      {draft ? (
        <>
          {answer?.confirmSend ? (
            <SendQuestionPanel
              subject={newsletter.subject}
              choice={answer.confirmSend}
              cancelTo={newsletterPath(newsletter.id)}
            />
          ) : null}
          <NewsletterEditor
            key={newsletter.id}
            newsletter={newsletter}
            preview={preview}
            audience={audience ?? 0}
            adminEmail={adminEmail}
            earliest={earliest}
            answer={answer}
          />
          <DeleteDraft newsletter={newsletter} confirmDelete={confirmDelete} />
        </>
      ) : (
        <Sent newsletter={newsletter} preview={preview} progress={progress} answer={answer} />
      )}
    </div>
  );
}

/** What a newsletter that is scheduled or went out shows: read-only. */
function Sent({
  newsletter,
  preview,
  progress,
  answer,
}: {
  newsletter: AdminNewsletter;
  preview: Preview;
  progress: NewsletterProgressFigures | null;
  answer?: NewsletterAnswer;
}) {
  useShowToast(answer?.toast);
  return (
    <>
      {answer?.message ? <FormErrors id="newsletter-error" errors={[answer.message]} /> : null}
      {newsletter.status === "scheduled" ? <NewsletterSchedule newsletter={newsletter} /> : null}
      {progress ? <NewsletterProgress newsletter={newsletter} progress={progress} /> : null}
      <section
        aria-labelledby="newsletter-content-heading"
        className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="newsletter-content-heading" className="text-lg font-semibold">
          What it says
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Subject</dt>
          <dd className="break-words">{subjectOrPlaceholder(newsletter.subject)}</dd>
          <dt className="font-medium">Preview line</dt>
          <dd className="break-words">{newsletter.preheader || "None"}</dd>
        </dl>
      </section>
      <NewsletterPreview preview={preview} />
    </>
  );
}

/** "Delete draft", asked first: in a dialog, or on the page without JavaScript. */
function DeleteDraft({
  newsletter,
  confirmDelete,
}: {
  newsletter: AdminNewsletter;
  confirmDelete: DeleteTarget | null;
}) {
  const deleter = useFetcher<{ toast?: Toast }>();
  const confirmation = useDeleteConfirmation(deleter);
  useShowToast(deleter.data?.toast);
  const target = { id: newsletter.id, name: subjectOrPlaceholder(newsletter.subject) };
  return (
    <section
      aria-labelledby="newsletter-delete-heading"
      className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="newsletter-delete-heading" className="text-lg font-semibold">
        Delete draft
      </h2>
      <p className="text-sm text-muted-foreground">
        Deletes this draft for good. Pictures you put in it stay stored.
      </p>
      {confirmDelete ? (
        <DeleteConfirmationPanel
          target={confirmDelete}
          title="Delete this draft?"
          description={deleteQuestion(confirmDelete)}
          cancelTo={newsletterPath(newsletter.id)}
        />
      ) : (
        <div>
          <DeleteButton
            target={target}
            onAsk={confirmation.ask}
            label="Delete draft"
            className="h-10 border border-destructive-border px-4"
          >
            <Trash2Icon aria-hidden="true" />
            Delete draft
          </DeleteButton>
        </div>
      )}
      <DeleteConfirmDialog
        fetcher={deleter}
        state={confirmation}
        title="Delete this draft?"
        description={deleteQuestion}
      />
    </section>
  );
}
