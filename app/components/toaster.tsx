import { type ComponentType, useEffect, useSyncExternalStore } from "react";
import type { Toast } from "#app/lib/toast.ts";

/*
 * Notices (docs/product.md §8: notices are toasts unless said otherwise). The toast library (sonner) loads
 * with the first notice, not with the page (decision 012: code a page does not use at once stays
 * out of its first load). Notices asked for before it has loaded show once it has.
 */

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | null = null;
/** The loaded toaster component (null until the first notice). */
let LoadedToaster: ComponentType | null = null;
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    sonner.then(
      ({ Toaster: SonnerToaster }) => {
        LoadedToaster = function MountedToaster() {
          useEffect(() => markMounted(), []);
          return (
            <SonnerToaster
              // At the bottom: on a phone the top is the page's title and a dialog's header
              // and close button, which a notice covered (dialogs leave the bottom free for
              // it, ui/dialog.tsx); on a wide screen the bottom right, clear of the bars and
              // of a dialog in the middle. Above the home indicator. A live region either way.
              position="bottom-right"
              mobileOffset={{ bottom: "calc(0.75rem + env(safe-area-inset-bottom, 0px))" }}
              richColors
              closeButton
              toastOptions={{ classNames: { toast: "font-sans" } }}
            />
          );
        };
        for (const listener of listeners) listener();
      },
      () => {},
    );
  }
  return sonner;
}

export function showToast(toast: Toast) {
  Promise.all([loadSonner(), toasterMounted]).then(([{ toast: show }]) => {
    const options = { id: toast.id, description: toast.description, duration: toast.duration };
    if (toast.type === "destructive") show.error(toast.title, options);
    else if (toast.type === "success") show.success(toast.title, options);
    else show(toast.title, options);
  });
}

/** Toast ids already shown in this page, so that each shows once. */
const shownToastIds = new Set<string>();

/**
 * Shows a toast that arrived in loader or action data, once per toast id. The effect runs
 * after every commit rather than when `toast` changes: under concurrent rendering React can
 * keep a render's dependencies without running its effects (we saw a fetcher's answer arrive
 * in such a render, and its toast was never shown), so "changed since the last run" is not
 * reliable; "not shown yet" is.
 */
export function useShowToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast || shownToastIds.has(toast.id)) return;
    shownToastIds.add(toast.id);
    showToast(toast);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The toaster region, rendered once the first notice has loaded it. */
export function Toaster() {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => LoadedToaster,
    () => null,
  );
  return Loaded ? <Loaded /> : null;
}
