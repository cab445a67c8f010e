/*
 * When the visitor last sent a form on the public site, kept for the browser tab
 * (sessionStorage), so that what would interrupt someone who has just written to the company
 * (the newsletter popup) waits: a form sent is someone busy with the site, not idle.
 */

const LAST_SENT_KEY = "formLastSentAt";

/** Records every form sent in this document from now on; returns a function that stops. */
export function recordFormSubmissions(storage: Storage, now: () => number = Date.now) {
  const record = () => {
    try {
      storage.setItem(LAST_SENT_KEY, String(now()));
    } catch {
      // Storage full or refused (private mode): the popup then waits only for the focus.
    }
  };
  // Capture: a form's own handler (React Router's, Conform's) may stop the event.
  document.addEventListener("submit", record, true);
  return () => document.removeEventListener("submit", record, true);
}

/** When a form was last sent in this tab (ms), or null. */
export function lastFormSentAt(storage: Storage): number | null {
  let value: string | null = null;
  try {
    value = storage.getItem(LAST_SENT_KEY);
  } catch {
    return null;
  }
  const at = Number(value);
  return value !== null && Number.isFinite(at) && at > 0 ? at : null;
}
