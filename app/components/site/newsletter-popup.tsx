import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { lastFormSentAt } from "#app/lib/form-submissions.ts";
import type { FormResult } from "#app/lib/forms.ts";
import { NEWSLETTER_SUBSCRIBED_KEY } from "./newsletter-form.tsx";

type DialogModule = typeof import("./newsletter-popup-dialog.tsx");

/** docs/product.md §2.13 / §9 browser keys and timings. */
export const POPUP_SEEN_KEY = "newsletterPopupSeen";
export const POPUP_DELAY_MS = 5000;
export const POPUP_CLOSE_AFTER_SUBSCRIBE_MS = 2000;
export const POPUP_SEEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the popup may open. The seen flag holds the time it was set; after 7 days it is
 * removed. (The original scheduled the removal with a timer that only ran if the same page
 * stayed open for 7 days; a stored time makes the rule hold across visits.)
 */
export function popupAllowed(storage: Storage, now = Date.now()): boolean {
  if (storage.getItem(NEWSLETTER_SUBSCRIBED_KEY)) return false;
  const seen = storage.getItem(POPUP_SEEN_KEY);
  if (seen === null) return true;
  const seenAt = Number(seen);
  if (Number.isFinite(seenAt) && seenAt > 0 && now - seenAt >= POPUP_SEEN_TTL_MS) {
    storage.removeItem(POPUP_SEEN_KEY);
    return true;
  }
  return false;
}

export function NewsletterPopup() {
  const [open, setOpen] = useState(false);
  // The dialog's code, with what may hold the popup back, loads when the popup is due (not
  // with the page). Loaded by hand rather than React.lazy: no Suspense, so nothing waits on a
  // timer to reveal it.
  const [Dialog, setDialog] = useState<{ component: DialogModule["default"] } | null>(null);
  const [thanks, setThanks] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!popupAllowed(window.localStorage)) return;
    let timer: number | undefined;
    let stopped = false;
    let module: DialogModule | undefined;
    // Due: open now, or wait for what holds it back (the focus to leave a form, a minute
    // after a form was sent), then ask again.
    const attempt = () => {
      document.removeEventListener("focusout", afterFocusOut);
      // Asked again: the visitor may have subscribed through the footer meanwhile.
      if (stopped || !module || !popupAllowed(window.localStorage)) return;
      const hold = module.popupHold({
        path: window.location.pathname,
        focused: document.activeElement,
        lastFormSentAt: lastFormSentAt(window.sessionStorage),
        now: Date.now(),
      });
      if (hold.kind === "ready") {
        // With startTransition React renders the dialog in slices the browser can interrupt (a
        // tap meanwhile is answered), not in one long task (decision 046).
        const component = module.default;
        startTransition(() => {
          setDialog({ component });
          setOpen(true);
        });
      } else if (hold.kind === "focus") document.addEventListener("focusout", afterFocusOut);
      else if (hold.kind === "until") timer = window.setTimeout(attempt, hold.at - Date.now());
    };
    // After the focus moved on (activeElement is the new one only once the event is over).
    const afterFocusOut = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(attempt, 0);
    };
    timer = window.setTimeout(() => {
      import("./newsletter-popup-dialog.tsx").then(
        (loaded) => {
          module = loaded;
          attempt();
        },
        () => {},
      );
    }, POPUP_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener("focusout", afterFocusOut);
    };
  }, []);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = useCallback(() => {
    window.localStorage.setItem(POPUP_SEEN_KEY, String(Date.now()));
    setOpen(false);
  }, []);

  const onResult = useCallback(
    (result: FormResult) => {
      // Success or "already subscribed": thank-you state, then close after 2 s (docs/product.md §2.13).
      if (result.status !== "success") return;
      setThanks(true);
      closeTimer.current = window.setTimeout(close, POPUP_CLOSE_AFTER_SUBSCRIBE_MS);
    },
    [close],
  );

  if (!Dialog) return null;
  return <Dialog.component open={open} thanks={thanks} onClose={close} onResult={onResult} />;
}
