import {
  ArrowDownIcon,
  ArrowUpIcon,
  EyeIcon,
  EyeOffIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import {
  DeleteButton,
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  type DeleteTarget,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { ShowcasePicture } from "#app/components/site/showcase-picture.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import {
  type AdminShowcaseEntry,
  SHOWCASE_LABELS,
  type ShowcaseKind,
  showcaseAdminPath,
} from "#app/lib/showcase.ts";
import type { Toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import type { ShowcaseListIntent } from "#app/lib/validation/showcase.ts";
import { SavedNotice } from "./saved-notice.tsx";

/*
 * Settings → Portfolio / Equipment (decision 043): the entries in the site's order. Each
 * button is a small POST form (move, hide/show), so the list works without JavaScript.
 */

export function ShowcaseList({
  kind,
  entries,
  confirmDelete,
  answer,
}: {
  kind: ShowcaseKind;
  entries: AdminShowcaseEntry[];
  confirmDelete: DeleteTarget | null;
  answer?: { toast: Toast; done: boolean };
}) {
  const labels = SHOWCASE_LABELS[kind];
  const deleter = useFetcher<{ toast: Toast; done: boolean }>();
  const confirmation = useDeleteConfirmation(deleter);
  useShowToast(answer?.toast);
  useShowToast(deleter.data?.toast);
  const done = answer?.done || deleter.data?.done;
  const title = `Delete ${labels.Entry}`;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {entries.length === 1 ? `1 ${labels.entry}` : `${entries.length} ${labels.entry}s`}
          {", in the order the site shows them."}
        </p>
        <Link to={`${showcaseAdminPath(kind)}/new`} className={buttonVariants()}>
          <PlusIcon aria-hidden="true" />
          {`Add ${labels.entry}`}
        </Link>
      </div>
      {done ? <SavedNotice what={`See ${labels.siteName}`} href={labels.sitePath} /> : null}
      {confirmDelete ? (
        <DeleteConfirmationPanel
          target={confirmDelete}
          title={title}
          description={deleteQuestion(confirmDelete)}
          cancelTo={showcaseAdminPath(kind)}
        />
      ) : null}
      {entries.length === 0 ? (
        <p className="rounded-xl border border-border bg-background p-6 text-center text-sm text-muted-foreground">
          {`No ${labels.entry}s: the site leaves this section out until you add one.`}
        </p>
      ) : (
        <ol aria-label={labels.title} className="flex flex-col gap-3">
          {entries.map((entry, index) => (
            <li
              key={entry.id}
              className="flex flex-col gap-3 rounded-xl border border-border bg-background p-3 shadow-card sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
                <Thumbnail src={entry.imageUrl} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="font-semibold break-words">{entry.title}</h2>
                    {entry.division ? <Badge variant="outline">{entry.division}</Badge> : null}
                    {entry.hidden ? <Badge variant="yellow">Hidden</Badge> : null}
                  </div>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                    {entry.description}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-1">
                <EntryButton
                  entry={entry}
                  intent="move-up"
                  label={`Move "${entry.title}" up`}
                  disabled={index === 0}
                >
                  <ArrowUpIcon aria-hidden="true" />
                </EntryButton>
                <EntryButton
                  entry={entry}
                  intent="move-down"
                  label={`Move "${entry.title}" down`}
                  disabled={index === entries.length - 1}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </EntryButton>
                <EntryButton
                  entry={entry}
                  intent={entry.hidden ? "show" : "hide"}
                  label={`${entry.hidden ? "Show" : "Hide"} "${entry.title}"`}
                >
                  {entry.hidden ? (
                    <EyeIcon aria-hidden="true" />
                  ) : (
                    <EyeOffIcon aria-hidden="true" />
                  )}
                  <span className="hidden sm:inline">{entry.hidden ? "Show" : "Hide"}</span>
                </EntryButton>
                <Link
                  to={`${showcaseAdminPath(kind)}/${entry.id}`}
                  aria-label={`Edit "${entry.title}"`}
                  className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "min-h-11")}
                >
                  <PencilIcon aria-hidden="true" />
                  <span className="hidden sm:inline">Edit</span>
                </Link>
                <DeleteButton
                  target={{ id: entry.id, name: entry.title }}
                  onAsk={confirmation.ask}
                  label={`Delete "${entry.title}"`}
                  className="min-h-11"
                >
                  <Trash2Icon aria-hidden="true" />
                  <span className="hidden sm:inline">Delete</span>
                </DeleteButton>
              </div>
            </li>
          ))}
        </ol>
      )}
      <DeleteConfirmDialog
        fetcher={deleter}
        state={confirmation}
        title={title}
        description={deleteQuestion}
      />
    </div>
  );
}

function Thumbnail({ src }: { src: string }) {
  return (
    <ShowcasePicture
      src={src}
      sizes="128px"
      width={128}
      className="aspect-[8/5] w-24 shrink-0 rounded-lg border border-border bg-muted object-cover sm:w-32"
    />
  );
}

/** One of a row's buttons: a POST of its intent and the entry's id. */
function EntryButton({
  entry,
  intent,
  label,
  disabled = false,
  children,
}: {
  entry: AdminShowcaseEntry;
  intent: ShowcaseListIntent;
  label: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="id" value={entry.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={label}
        disabled={disabled}
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "min-h-11 min-w-11")}
      >
        {children}
      </button>
    </Form>
  );
}
