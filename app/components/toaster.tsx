import { type ComponentType, useEffect, useSyncExternalStore } from "react";
import type { Toast } from "#app/lib/toast.ts";

/*
 * Notices (spec §8: "Unless stated, notices are toasts"). The toast library (sonner) loads
 * with the first notice, not with the page (issue 10: code a page does not use at once stays
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
          const phone = useSyncExternalStore(subscribeToPhoneWidth, isPhoneWidth, () => false);
          return (
            <SonnerToaster
              // On a wide screen, top right below the fixed bars (public 72 px, admin 56 px).
              // On a phone the top is the page's title and a dialog's header and close button:
              // notices sit at the bottom instead, above the home indicator, where a dialog
              // leaves room for them (ui/dialog.tsx). Still a live region either way.
              position={phone ? "bottom-center" : "top-right"}
              offset={{ top: "5rem" }}
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

/** Sonner's own phone layout (full width) starts below 600 px; ours, below Tailwind's sm. */
const PHONE_WIDTH = "(max-width: 639.98px)";

function subscribeToPhoneWidth(listener: () => void) {
  const query = window.matchMedia(PHONE_WIDTH);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

const isPhoneWidth = () => window.matchMedia(PHONE_WIDTH).matches;

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
