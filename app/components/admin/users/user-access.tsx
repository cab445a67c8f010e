import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { formatShortDate } from "#app/lib/dates.ts";
import type { Toast } from "#app/lib/toast.ts";

/*
 * The controls of a row of User Access (docs/product.md §3.12 /admin/users): the Admin / Regular User
 * checkbox, and for an account that asked for access on the public Create Account tab, a
 * mark saying so and a way to dismiss the request.
 */

/** A user as User Access lists them (the loader's rows). */
export interface UserRow {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date | string;
  awaitingApprovalSince: Date | string | null;
  /** Two-step sign-in is on (docs/product.md §3.15). */
  twoStep: boolean;
}

/** What the page's action answers its fetchers. */
export interface UserAccessActionData {
  toast: Toast;
}

export function AccessToggle({ user, isMe }: { user: UserRow; isMe: boolean }) {
  const fetcher = useFetcher<UserAccessActionData>();
  const id = useId();
  useShowToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  // While saving, show the state asked for; afterwards the re-read list decides.
  const checked =
    busy && fetcher.formData ? fetcher.formData.get("intent") === "grant" : user.isAdmin;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="userId" value={user.id} />
      <Checkbox
        id={id}
        checked={checked}
        disabled={busy}
        aria-describedby={`${id}-email`}
        onCheckedChange={(value) =>
          fetcher.submit(
            { intent: value === true ? "grant" : "revoke", userId: user.id },
            { method: "post" },
          )
        }
      />
      <label htmlFor={id} className="text-sm font-medium">
        {checked ? "Admin" : "Regular User"}
      </label>
      <span id={`${id}-email`} className="sr-only">
        {user.email}
        {isMe ? " (you)" : ""}
      </span>
      {busy ? <Spinner label="Saving" className="text-primary" /> : null}
      {/* Without JavaScript the checkbox cannot submit: a plain button does the same. */}
      <noscript>
        <button
          type="submit"
          name="intent"
          value={user.isAdmin ? "revoke" : "grant"}
          className="text-sm text-primary underline"
        >
          {user.isAdmin ? "Revoke admin" : "Make admin"}
        </button>
      </noscript>
    </fetcher.Form>
  );
}

/** docs/product.md §3.15: whether an admin signs in with a second step. */
export function TwoStepBadge({ on }: { on: boolean }) {
  return on ? (
    <Badge variant="green">Two-step sign-in on</Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Two-step sign-in off
    </Badge>
  );
}

/** "Awaiting approval", with the day the account asked. */
export function AwaitingApprovalBadge({ since }: { since: Date | string }) {
  return (
    <Badge variant="yellow" className="whitespace-normal">
      Awaiting approval · asked {formatShortDate(since)}
    </Badge>
  );
}

/**
 * Dismiss a request for access: the account is deleted (after a confirmation), as the request
 * was not granted. Works without JavaScript: the form posts and the page answers.
 */
export function DismissRequest({ user }: { user: UserRow }) {
  const fetcher = useFetcher<UserAccessActionData>();
  const [open, setOpen] = useState(false);
  const formId = `dismiss-${user.id}`;
  useShowToast(fetcher.data?.toast);
  // Closed when the answer arrives, whether the delete succeeded or failed (as every delete).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      id={formId}
      onSubmit={(event) => {
        // With JavaScript the confirmation submits this form; the button only opens it.
        if (!open) {
          event.preventDefault();
          setOpen(true);
        }
      }}
    >
      <input type="hidden" name="intent" value="dismiss" />
      <input type="hidden" name="userId" value={user.id} />
      <Button type="submit" variant="outline" size="sm" aria-describedby={`${formId}-email`}>
        Dismiss
      </Button>
      <span id={`${formId}-email`} className="sr-only">
        the request of {user.email}
      </span>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Dismiss Request"
        description={`Dismiss the request of "${user.email}" for admin access? Their account is deleted; they can create a new one later. This action cannot be undone.`}
        confirmLabel="Dismiss"
        busy={fetcher.state !== "idle"}
        form={formId}
      />
    </fetcher.Form>
  );
}
