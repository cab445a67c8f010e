import { Loader2Icon, SearchIcon } from "lucide-react";
import { type CompositionEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useNavigationType, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  createDebouncer,
  type ListSearchOrigin,
  listSearchOrigin,
  listSearchState,
  nonEmptySearchParams,
  normalizedTerm,
  SEARCH_DELAY_MS,
  sameSearch,
  TERM_TAKEN_EVENT,
} from "#app/lib/search-as-you-type.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * An admin list's search box: a GET form, so the term lives in the URL (`?q=`), survives a
 * reload, can be linked, and works without JavaScript (Enter or Search sends it). The page
 * number is not part of it, so a new search starts on page 1.
 *
 * A list's filter (the orders' status, say) belongs to this same form through the `form`
 * attribute (`form={id}`) and submits it with `requestSubmit()`. One form means one source of
 * truth: a search sends the filter as it is on screen, and a filter change sends the search
 * box as it is, even while the previous navigation is still under way (two forms, each
 * copying the other's value from the URL, sent the old value in that moment).
 *
 * With JavaScript it searches as the admin types (decision 017): see
 * `useSearchAsYouType`.
 */
export function AdminSearchForm({
  id,
  value,
  placeholder,
  label,
  className,
  keepParams = [],
}: {
  /** The form's id, for filters outside it to join it with `form={id}`. */
  id?: string;
  /** The term the list shows (from the URL, as the loader read it). */
  value: string;
  placeholder: string;
  /** The accessible name of the search box. */
  label: string;
  className?: string;
  /**
   * Parameters of the page's URL that a search keeps (the open dialog's `?order=`): a search
   * typed before a card was clicked may land after its dialog opened, and must not close it.
   */
  keepParams?: readonly string[];
}) {
  const { inputRef, initialValue, searching, onSubmit, onInput, onCompositionEnd } =
    useSearchAsYouType(value, keepParams);
  const Icon = searching ? Loader2Icon : SearchIcon;

  return (
    <Form
      id={id}
      method="get"
      role="search"
      onSubmit={onSubmit}
      className={cn("flex gap-2 sm:max-w-md", className)}
    >
      <div className="relative flex-1">
        {/* A quiet busy state: the magnifier turns while a search of this box loads. */}
        <Icon
          className={cn(
            "pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground",
            searching && "animate-spin motion-reduce:animate-none",
          )}
          aria-hidden="true"
          data-searching={searching || undefined}
        />
        <Input
          ref={inputRef}
          type="search"
          name="q"
          defaultValue={initialValue}
          placeholder={placeholder}
          aria-label={label}
          maxLength={200}
          autoComplete="off"
          className="pl-9 placeholder:text-sm"
          onInput={onInput}
          onCompositionEnd={onCompositionEnd}
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

/**
 * The box's behaviour with JavaScript:
 *
 * - A pause of `SEARCH_DELAY_MS` after typing sends the form. That navigation *replaces* the
 *   history entry, so Back leaves the list for the page before it rather than stepping
 *   through keystrokes; it keeps the scroll position and tells the list (`location.state`)
 *   to keep its rows, busy, instead of showing its loading state.
 * - Enter, the Search button and a filter send the form at once (a new history entry, as
 *   without JavaScript, unless the URL would not change) and drop a pending typed search.
 * - The newest search wins: React Router abandons (aborts) a navigation that a newer one
 *   overtakes, so an older answer never reaches the screen.
 * - The input is uncontrolled and never remounted, so focus, caret and whatever is typed
 *   while a search loads stay. The URL writes into it only when something other than this
 *   box changed the URL (Back or Forward, a link, a page number): a search the box sent
 *   itself may already be older than what is in the box.
 */
function useSearchAsYouType(value: string, keepParams: readonly string[]) {
  const submit = useSubmit();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  // What the page is at, or on its way to, when a search is sent: a search scheduled at a
  // keystroke is sent from that render's closure, after other navigations may have begun.
  const latest = useRef({ location, navigation });
  latest.current = { location, navigation };
  const inputRef = useRef<HTMLInputElement>(null);
  // The box starts with the URL's term; afterwards only the effect below writes into it.
  const [initialValue] = useState(value);
  const [debouncer] = useState(() => createDebouncer(SEARCH_DELAY_MS));
  // The term this box last asked for, or last took from the URL.
  const requested = useRef(normalizedTerm(value));
  const seenLocation = useRef(location.key);

  function send(form: HTMLFormElement, origin: ListSearchOrigin) {
    debouncer.cancel();
    requested.current = normalizedTerm(inputRef.current?.value);
    const params = nonEmptySearchParams(new FormData(form));
    const { location: here, navigation: under } = latest.current;
    const target =
      under.state !== "idle" && under.location.pathname === here.pathname ? under.location : here;
    const targetParams = new URLSearchParams(target.search);
    for (const name of keepParams) {
      const kept = targetParams.get(name);
      if (kept !== null) params.set(name, kept);
    }
    void submit(params, {
      method: "get",
      replace: origin === "typed" || sameSearch(params.toString(), here.search),
      preventScrollReset: origin === "typed",
      state: listSearchState(origin),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(event.currentTarget, "sent");
  }

  function schedule(input: HTMLInputElement) {
    debouncer.schedule(() => {
      // Typed and deleted again, or only a space added: nothing new to ask.
      if (!input.form || normalizedTerm(input.value) === requested.current) return;
      send(input.form, "typed");
    });
  }

  function onInput(event: FormEvent<HTMLInputElement>) {
    // Mid-composition (an input method editor) the text is not final yet.
    if ((event.nativeEvent as InputEvent).isComposing) return;
    schedule(event.currentTarget);
  }

  function onCompositionEnd(event: CompositionEvent<HTMLInputElement>) {
    schedule(event.currentTarget);
  }

  // The URL changed: when not by this box's own search, the box shows the URL's term.
  useEffect(() => {
    if (seenLocation.current === location.key) return; // first render: keep what is typed
    seenLocation.current = location.key;
    const own = listSearchOrigin(location.state) !== null && navigationType !== "POP";
    if (own) return;
    debouncer.cancel();
    const input = inputRef.current;
    if (input && normalizedTerm(input.value) !== normalizedTerm(value)) input.value = value;
    requested.current = normalizedTerm(value);
  }, [location.key, location.state, navigationType, value, debouncer]);

  // Another navigation begins (a link, Back) to another page: a search still waiting for its
  // pause is dropped rather than pulling the admin back to the list. Within the page (a card's
  // dialog, a page number) it goes on, keeping the dialog (`keepParams`).
  const elsewhere =
    navigation.state !== "idle" &&
    navigation.formMethod === undefined &&
    navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (elsewhere) debouncer.cancel();
  }, [elsewhere, debouncer]);

  useEffect(() => () => debouncer.cancel(), [debouncer]);

  // A row's dialog opened with the term typed so far (useListWithDialog): it is asked for.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const taken = () => {
      debouncer.cancel();
      requested.current = normalizedTerm(inputRef.current?.value);
    };
    form.addEventListener(TERM_TAKEN_EVENT, taken);
    return () => form.removeEventListener(TERM_TAKEN_EVENT, taken);
  }, [debouncer]);

  const searching =
    navigation.state === "loading" &&
    navigation.formMethod !== undefined &&
    navigation.location.pathname === location.pathname;

  return {
    inputRef,
    initialValue,
    searching,
    onSubmit,
    onInput,
    onCompositionEnd,
  };
}
