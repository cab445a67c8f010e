import { searchTerm } from "./admin-list-queries.ts";

/*
 * Search as you type in the admin lists (decision 017): the pieces that need
 * neither React nor the router, so they can be tested alone. The search form
 * (app/components/admin/search-form.tsx) and the lists' loading states (app/lib/list-url.ts)
 * are built on them.
 */

/** How long the box waits after the last keystroke before it searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * A term as the server reads it (trimmed, at most 200 characters; "" for none), so "abc" and
 * "abc " are one search and a pause after a space sends nothing new.
 */
export function normalizedTerm(value: string | null | undefined): string {
  return searchTerm(value) ?? "";
}

/**
 * A form's fields as a query string, without the empty ones: the URL names only what narrows
 * the list (`?q=x`, not `?q=x&status=`). Without JavaScript the browser sends them all; the
 * loaders read both alike.
 */
export function nonEmptySearchParams(
  entries: Iterable<[string, FormDataEntryValue]>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  }
  return params;
}

/** Whether two query strings ask for the same thing ("?q=a+b" and "q=a%20b" do). */
export function sameSearch(a: string, b: string): boolean {
  const sorted = (search: string) => {
    const params = new URLSearchParams(search);
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
}

/**
 * Calls `run` once `delayMs` have passed without another `schedule()`: a burst of keystrokes
 * becomes one search, for the last of them. `cancel()` drops a pending call (Enter or a
 * filter sent the form meanwhile, or the admin went elsewhere).
 */
export function createDebouncer(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(run: () => void) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, delayMs);
    },
    cancel,
    get pending() {
      return timer !== undefined;
    },
  };
}

/**
 * What the search form puts in the history entry's state (`location.state`) when it
 * navigates: `typed` for a search sent by the pause after typing, `sent` for Enter, the
 * Search button or a filter. A list keeps its rows (quietly busy) for a typed one instead of
 * its loading state, and the box, when the search lands, knows the term came from itself.
 */
export type ListSearchOrigin = "typed" | "sent";

const STATE_KEY = "adminListSearch";

export function listSearchState(origin: ListSearchOrigin): Record<string, ListSearchOrigin> {
  return { [STATE_KEY]: origin };
}

/** The origin a history entry's state names, or null for any other navigation. */
export function listSearchOrigin(state: unknown): ListSearchOrigin | null {
  if (typeof state !== "object" || state === null) return null;
  const origin = (state as Record<string, unknown>)[STATE_KEY];
  return origin === "typed" || origin === "sent" ? origin : null;
}

/**
 * Sent to a list's search form when a navigation within the page takes the box's term along
 * (opening a row's dialog): the search still waiting for its pause is then not sent on its
 * own afterwards.
 */
export const TERM_TAKEN_EVENT = "admin-search:term-taken";

/**
 * `search` with the term typed into the list's search `form` when it differs from the one in
 * `search` (a search still waiting for its pause, or on its way): a new term starts on page 1.
 * The form is told its term was taken along.
 */
export function searchWithTypedTerm(search: string, form: HTMLFormElement | null): string {
  if (!form) return search;
  const params = new URLSearchParams(search);
  const typed = form.elements.namedItem("q");
  const value = typed instanceof HTMLInputElement ? typed.value : "";
  if (normalizedTerm(value) !== normalizedTerm(params.get("q"))) {
    if (value.trim() === "") params.delete("q");
    else params.set("q", value);
    params.delete("page");
  }
  form.dispatchEvent(new Event(TERM_TAKEN_EVENT));
  const text = params.toString();
  return text ? `?${text}` : "";
}
