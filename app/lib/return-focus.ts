import { useRef } from "react";

/*
 * WCAG 2.4.3 Focus Order: a dialog that closes gives the keyboard back to the control that
 * opened it. Radix does that only for a dialog opened by its own Trigger; ours open from
 * state or from the URL (a row's Delete button, a card's link), so Radix has nothing to
 * return to and focus falls to <body>, the top of the page.
 *
 * Spread `useReturnFocus()` on a DialogContent / AlertDialogContent. As the dialog opens it
 * remembers what has focus, and where that sits (its row of a table or list); as it closes it
 * focuses, in this order, the first of these that can take focus:
 *   1. the control that opened it;
 *   2. when that went away with its row (a delete), the same control of the row that took its
 *      place, or of the row before it;
 *   3. the caller's `fallback` (a list's heading);
 *   4. the dialog it was opened from, when that one is still open (a dialog over a dialog);
 *   5. the page's h1, if focus is still nowhere.
 */

/** What can take focus from the keyboard, before the visible / disabled checks. */
const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
const DIALOG = '[role="dialog"], [role="alertdialog"]';

interface Remembered {
  opener: HTMLElement | null;
  /** The opener's row (tr or li), its neighbours and its place, to find its successor. */
  rows: Element[];
  list: Element | null;
  position: number;
  /** The opener's place among its row's controls. */
  index: number;
  /** The dialog the opener is in, if any. */
  dialog: HTMLElement | null;
}

function canFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(":disabled") &&
    !element.closest("[inert]") &&
    element.getClientRects().length > 0
  );
}

function controlsOf(row: Element): HTMLElement[] {
  return Array.from(row.querySelectorAll(FOCUSABLE)).filter(canFocus);
}

function remember(active: Element | null): Remembered {
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  const dialog = opener?.closest<HTMLElement>(DIALOG) ?? null;
  let row = opener?.closest("tr, li") ?? null;
  // A row outside the opener's own dialog is not its row.
  if (row && dialog && !dialog.contains(row)) row = null;
  const list = row?.parentElement ?? null;
  return {
    opener,
    rows: [row?.nextElementSibling, row?.previousElementSibling].filter(
      (element): element is Element => Boolean(element),
    ),
    list,
    position: row && list ? Array.from(list.children).indexOf(row) : -1,
    index: row && opener ? Math.max(0, controlsOf(row).indexOf(opener)) : 0,
    dialog,
  };
}

/** Focuses `element`, making a heading or region focusable from script first; true if it took. */
export function focusElement(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) {
    element.setAttribute("tabindex", "-1");
  }
  element.focus();
  return document.activeElement === element;
}

function restore(saved: Remembered, fallback?: () => Element | null | undefined) {
  if (canFocus(saved.opener) && focusElement(saved.opener)) return;

  // The opener's row is gone: the same control of the next row, else of the previous one.
  const rows = [...saved.rows];
  if (saved.list?.isConnected && saved.position >= 0) {
    const children = saved.list.children;
    const successor = children[Math.min(saved.position, children.length - 1)];
    if (successor) rows.push(successor);
  }
  for (const row of rows) {
    if (!row.isConnected) continue;
    const controls = controlsOf(row);
    if (focusElement(controls[saved.index] ?? controls[0])) return;
  }

  if (focusElement(fallback?.())) return;

  const dialog = saved.dialog;
  if (dialog?.isConnected) {
    if (!dialog.contains(document.activeElement)) focusElement(dialog);
    return;
  }

  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  focusElement(document.querySelector("main h1") ?? document.querySelector("h1"));
}

/**
 * The focus handlers of a dialog opened without a Radix Trigger (see above).
 *
 * `opener` names the control to return to when nothing had focus as the dialog opened (a
 * dialog open on arrival, from the URL); `fallback` is where to go when neither the opener nor
 * a neighbouring row is there any more.
 */
export function useReturnFocus({
  opener,
  fallback,
}: {
  opener?: () => Element | null | undefined;
  fallback?: () => Element | null | undefined;
} = {}) {
  const saved = useRef<Remembered | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before it moves focus into the dialog: what has focus opened it.
      const active = document.activeElement;
      const hasOpener = active instanceof HTMLElement && active !== document.body;
      saved.current = remember(hasOpener ? active : (opener?.() ?? null));
    },
    onCloseAutoFocus: (event: Event) => {
      // Radix would focus its Trigger, which these dialogs have none of (so: <body>).
      event.preventDefault();
      const remembered = saved.current ?? remember(null);
      saved.current = null;
      restore(remembered, fallback);
    },
  };
}
