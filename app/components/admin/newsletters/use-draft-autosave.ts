import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatTimeOfDay } from "#app/lib/dates.ts";
import type { NewsletterAnswer } from "#app/lib/newsletters.ts";

/*
 * The draft saves itself (docs/product.md §3.18 "Writing"): about a second after the last
 * change, and at once when focus leaves a field or a picture is put in. One save at a time: a
 * change made while one is on its way is sent when it is back, so saves arrive in order.
 */

const DELAY_MS = 1000;
const DRAFT_FIELDS = ["subject", "preheader", "body"] as const;

/** The draft's fields as the form holds them now. */
function draftOf(form: HTMLFormElement | null): Record<(typeof DRAFT_FIELDS)[number], string> {
  const formData = form ? new FormData(form) : new FormData();
  const value = (name: string) => {
    const entry = formData.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return { subject: value("subject"), preheader: value("preheader"), body: value("body") };
}

export function useDraftAutosave({
  formRef,
  newsletterId,
  saved,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  newsletterId: string;
  /** The draft as the page was served (saving it again would change nothing). */
  saved: { subject: string; preheader: string; body: string };
}) {
  const saver = useFetcher<NewsletterAnswer>({ key: `newsletter-save-${newsletterId}` });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);
  busy.current = saver.state !== "idle";
  /** A change waits for the save on its way. */
  const waiting = useRef(false);
  /** The draft last sent (or served): the same text is not sent twice. */
  const lastSent = useRef(JSON.stringify(saved));

  const saveNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (busy.current) {
      waiting.current = true;
      return;
    }
    waiting.current = false;
    const draft = draftOf(formRef.current);
    const key = JSON.stringify(draft);
    if (key === lastSent.current) return;
    lastSent.current = key;
    busy.current = true;
    void saver.submit({ intent: "save", ...draft }, { method: "post" });
  }, [formRef, saver]);

  const changed = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(saveNow, DELAY_MS);
  }, [saveNow]);

  const answer = saver.data;
  useEffect(() => {
    if (saver.state !== "idle") return;
    // A refused save is tried again with the next change, even if the text is the same.
    if (answer && !answer.saved) lastSent.current = "";
    if (waiting.current) saveNow();
  }, [saver.state, answer, saveNow]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  let status = "";
  if (saver.state !== "idle") status = "Saving…";
  else if (answer?.saved) status = `Saved at ${formatTimeOfDay(answer.saved.at)}`;
  else if (answer?.message) status = `Not saved: ${answer.message}`;

  return {
    changed,
    saveNow,
    status,
    failed: saver.state === "idle" && Boolean(answer && !answer.saved),
    preview: answer?.saved?.preview ?? null,
  };
}
