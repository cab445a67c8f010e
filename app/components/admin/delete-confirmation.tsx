import { useEffect, useId, useState } from "react";
import { Form, Link, type useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";

/*
 * Deleting a row from an admin list (docs/product.md §5.7): the Delete button opens the
 * confirmation dialog; confirming posts `intent=delete&id=…` through the page's fetcher; the
 * dialog closes when the answer arrives, whether the delete succeeded or failed, and the list
 * reloads (React Router revalidates after the action).
 *
 * Without JavaScript the Delete button is a GET form adding `?delete=<id>`, and the page shows
 * the same question inline (DeleteConfirmationPanel), so deleting still asks first.
 */

export interface DeleteTarget {
  id: string;
  name: string;
}

type Fetcher = ReturnType<typeof useFetcher>;

/** docs/product.md §3.4 'Delete Product' wording, used for categories too. */
export const deleteQuestion = (target: DeleteTarget) =>
  `Are you sure you want to delete "${target.name}"? This action cannot be undone.`;

/** The dialog state of one list: open it with `ask(row)`. */
export function useDeleteConfirmation(fetcher: Fetcher) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (busy) setSubmitted(true);
    else if (submitted) {
      setSubmitted(false);
      setTarget(null);
    }
  }, [busy, submitted]);
  return { target, ask: setTarget, close: () => setTarget(null), busy };
}

/** The fetcher form the dialog's confirm button submits, and the dialog itself. */
export function DeleteConfirmDialog({
  fetcher,
  state,
  title,
  description,
  confirmLabel = "Delete",
  action,
}: {
  fetcher: Fetcher;
  state: ReturnType<typeof useDeleteConfirmation>;
  title: string;
  description: (target: DeleteTarget) => React.ReactNode;
  confirmLabel?: string;
  /** Where the delete posts (default: this page's action). */
  action?: string;
}) {
  const formId = useId();
  return (
    <>
      <fetcher.Form id={formId} method="post" action={action} hidden>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={state.target?.id ?? ""} />
      </fetcher.Form>
      <ConfirmDialog
        open={state.target !== null}
        onOpenChange={(open) => (open ? undefined : state.close())}
        title={title}
        description={state.target ? description(state.target) : ""}
        confirmLabel={confirmLabel}
        busy={state.busy}
        form={formId}
      />
    </>
  );
}

/**
 * The Delete button of a row: opens the dialog, or without JavaScript asks the server for the
 * inline confirmation (`?delete=<id>`, keeping the other query parameters).
 *
 * Inside another form (the category manager's), pass `formId` and render
 * `<DeleteRequestForm id={formId} />` outside that form: forms cannot nest in HTML (the
 * browser drops the inner one), so the button then submits its GET form by `form=`.
 */
export function DeleteButton({
  target,
  onAsk,
  keep = {},
  label,
  className,
  formId,
  children,
}: {
  target: DeleteTarget;
  onAsk: (target: DeleteTarget) => void;
  keep?: Record<string, string | null | undefined>;
  /** The accessible name, e.g. 'Delete "Walnut Phone Stand"'. */
  label: string;
  className?: string;
  /** The id of a DeleteRequestForm rendered elsewhere (see above). */
  formId?: string;
  children: React.ReactNode;
}) {
  const button = (
    <button
      type="submit"
      form={formId}
      name="delete"
      value={target.id}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        onAsk(target);
      }}
      className={cn(
        buttonVariants({ variant: "ghost", size: "sm" }),
        "text-destructive hover:bg-destructive-surface hover:text-destructive-hover",
        className,
      )}
    >
      {children}
    </button>
  );
  if (formId) return button;
  return (
    <DeleteRequestForm keep={keep} className="inline">
      {button}
    </DeleteRequestForm>
  );
}

/** The GET form a Delete button submits without JavaScript (`?delete=<id>`). */
export function DeleteRequestForm({
  id,
  keep = {},
  className,
  children,
}: {
  id?: string;
  keep?: Record<string, string | null | undefined>;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Form id={id} method="get" preventScrollReset className={className}>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
    </Form>
  );
}

/** The no-JavaScript confirmation, rendered by the server for `?delete=<id>`. */
export function DeleteConfirmationPanel({
  target,
  title,
  description,
  cancelTo,
  action,
}: {
  target: DeleteTarget;
  title: string;
  description: React.ReactNode;
  cancelTo: string;
  action?: string;
}) {
  return (
    <section
      aria-labelledby="delete-confirmation-title"
      className="flex flex-col gap-3 rounded-xl border border-destructive-border bg-destructive-surface p-4 text-destructive-text sm:p-6"
    >
      <h2 id="delete-confirmation-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm">{description}</p>
      <Form method="post" action={action} className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={target.id} />
        <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive">
          Delete
        </Button>
      </Form>
    </section>
  );
}
