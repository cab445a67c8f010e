/*
 * What holds the due newsletter popup back (docs/product.md §2.13). Loaded with the popup's
 * dialog when the popup is due, not with the home page (issue 35: nothing the first
 * interaction does not need in the first load).
 */

/** A field that takes typing: a popup opening would move the keystrokes into itself. */
const TYPING_FIELDS =
  "textarea, select, [contenteditable], input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], [type=image], [type=file])";
export const isTypingInto = (element: Element | null) => element?.matches(TYPING_FIELDS) ?? false;

/** After a form is sent, the popup waits this long: its sender is reading the answer. */
export const POPUP_QUIET_AFTER_SUBMIT_MS = 60_000;
/** Pages where the visitor is buying: nothing gets in the way there. */
export const POPUP_NEVER_ON = ["/cart", "/checkout"];

/**
 * What holds the popup back when it is due: nothing ("ready"); the page ("never": the cart
 * and the checkout); the focus in a form or a field ("focus": the visitor is filling it in,
 * WCAG 3.2.2), until it leaves; or a form sent less than a minute ago ("until" a minute after).
 */
export type PopupHold =
  | { kind: "ready" }
  | { kind: "never" }
  | { kind: "focus" }
  | { kind: "until"; at: number };

export function popupHold(state: {
  path: string;
  focused: Element | null;
  lastFormSentAt: number | null;
  now: number;
}): PopupHold {
  if (POPUP_NEVER_ON.some((path) => state.path === path || state.path.startsWith(`${path}/`))) {
    return { kind: "never" };
  }
  if (state.focused && (isTypingInto(state.focused) || state.focused.closest("form"))) {
    return { kind: "focus" };
  }
  if (state.lastFormSentAt !== null) {
    const quietUntil = state.lastFormSentAt + POPUP_QUIET_AFTER_SUBMIT_MS;
    if (state.now < quietUntil) return { kind: "until", at: quietUntil };
  }
  return { kind: "ready" };
}
