import { useRef, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { NEWSLETTER_COPY } from "#app/content/site.ts";
import type { FormResult } from "#app/lib/forms.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

// Loaded together with the dialog, when the popup is due (newsletter-popup.tsx).
export { popupHold } from "./newsletter-popup-hold.ts";

/**
 * Under the thank-you when a confirmation link was sent (docs/product.md §2.13). Here rather
 * than in app/content/site.ts, which every public page loads: this module loads with the popup.
 */
export const CHECK_INBOX_TEXT = "Please check your inbox to confirm.";

/** The first field or button a keyboard reaches in `dialog`, as Radix would choose it. */
function firstTabbable(dialog: HTMLElement): HTMLElement | undefined {
  return [...dialog.querySelectorAll<HTMLElement>("input, select, textarea, button, a[href]")].find(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLInputElement).disabled &&
      (element as HTMLInputElement).type !== "hidden",
  );
}

/**
 * The popup opens by itself, so Radix has no trigger to give the focus back to and drops it
 * on <body>: a keyboard user starts again from the top of the page. Focus returns to what
 * had it, without scrolling; a reader whose focus was nowhere keeps their place.
 *
 * The first field is focused in the task after the one that mounts the dialog, not in it as
 * Radix does: focusing makes the browser restyle the whole page at once (the modal's scroll
 * lock adds a stylesheet), and together with the mount that was one task of about 200 ms on
 * a phone slowed 4×, the longest on the home page (decision 046).
 */
function useReturnFocusIfAny() {
  const had = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      had.current = active instanceof HTMLElement && active !== document.body ? active : null;
      event.preventDefault();
      const content = event.currentTarget as HTMLElement;
      window.setTimeout(() => {
        if (content.isConnected) firstTabbable(content)?.focus();
      }, 0);
    },
    onCloseAutoFocus: (event: Event) => {
      const element = had.current;
      had.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
    },
  };
}

/**
 * The popup's dialog, loaded only when the popup opens (the dialog library stays out of the
 * home page's first load).
 */
export default function NewsletterPopupDialog({
  open,
  thanks,
  onClose,
  onResult,
}: {
  open: boolean;
  thanks: boolean;
  onClose: () => void;
  onResult: (result: FormResult) => void;
}) {
  const returnFocus = useReturnFocusIfAny();
  // With double opt-in, the thank-you adds where to look next (docs/product.md §2.13).
  const [checkInbox, setCheckInbox] = useState(false);
  const onSubscribeResult = (result: FormResult) => {
    if (result.status === "success" && result.confirmationSent) setCheckInbox(true);
    onResult(result);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent portal={{ container: document.body }} {...returnFocus}>
        {thanks ? (
          <DialogHeader role="status">
            <DialogTitle>{NEWSLETTER_COPY.thankYouTitle}</DialogTitle>
            <DialogDescription>{NEWSLETTER_COPY.thankYouText}</DialogDescription>
            {checkInbox ? (
              <p className="text-sm text-muted-foreground">{CHECK_INBOX_TEXT}</p>
            ) : null}
          </DialogHeader>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{NEWSLETTER_COPY.popupTitle}</DialogTitle>
              <DialogDescription>{NEWSLETTER_COPY.popupText}</DialogDescription>
            </DialogHeader>
            <NewsletterForm source="popup" onResult={onSubscribeResult} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
