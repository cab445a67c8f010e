import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useReturnFocus } from "#app/lib/return-focus.ts";

/**
 * A confirmation before something that cannot be undone (docs/product.md §3.4 'Delete Product', §3.10 'Remove
 * Subscriber'). The confirm button submits `form` (a fetcher form rendered by the caller, so
 * the action runs on the server and works the same for every list); the caller closes the
 * dialog when the fetcher is done, whether it succeeded or failed.
 *
 * It opens from state, not from a Radix Trigger: closing gives focus back to the control that
 * opened it, or after a delete to the same control of the next row (WCAG 2.4.3, return-focus.ts).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  form,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** The id of the <form> the confirm button submits. */
  form: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialogContent {...returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button type="submit" form={form} variant="destructive" disabled={busy}>
            {busy ? <Spinner label={`${confirmLabel}…`} /> : null}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
