import { useEffect, useRef, useState } from "react";
import { shrinkImageForUpload } from "#app/lib/shrink-image.ts";

/** The name of the button Conform submits a form with to validate it (`__intent__`). */
const CONFORM_INTENT = "__intent__";

/** A file size as the owner reads it: "380 KB", "4.8 MB". */
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Puts a smaller copy of each large chosen photo in the file input (app/lib/shrink-image.ts),
 * so the form sends those copies (one photo, or several from a `multiple` input). A submit while the copy is being made waits for it, then goes on
 * by itself: the owner's click is never lost, and never sends the large original. `status` is
 * the line a screen reader hears about it.
 */
export function useShrunkUpload() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  /** Settles when the copy of the current choice is in place (or will not be made). */
  const preparing = useRef<Promise<void> | null>(null);
  /** Which choice is current: a copy made for an earlier one is thrown away. */
  const choice = useRef(0);
  /** True while the input's own change event for the copy is dispatched. */
  const replacing = useRef(false);

  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    let held = false;
    // On the form itself, so it runs before React's handlers (Conform, React Router's Form),
    // which listen at the document's root.
    const holdSubmit = (event: SubmitEvent) => {
      const pending = preparing.current;
      // Conform validates a field by submitting with a button of its own: not a save.
      if (!pending || event.submitter?.getAttribute("name") === CONFORM_INTENT) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (held) return;
      held = true;
      setStatus("Making the photo smaller before it is sent…");
      const submitter = event.submitter;
      void pending.then(() => {
        held = false;
        form.requestSubmit(submitter?.isConnected ? submitter : null);
      });
    };
    form.addEventListener("submit", holdSubmit, { capture: true });
    return () => form.removeEventListener("submit", holdSubmit, { capture: true });
  }, []);

  /**
   * Call from the input's change handler. Returns the chosen file (or null when none), or
   * "replaced" for the change that put the smaller copy in place.
   */
  function onFileChosen(input: HTMLInputElement): File | null | "replaced" {
    const files = onFilesChosen(input);
    return files === "replaced" ? files : (files[0] ?? null);
  }

  /** The same for an input that takes several files: all of them, in the order chosen. */
  function onFilesChosen(input: HTMLInputElement): File[] | "replaced" {
    if (replacing.current) return "replaced";
    const chosen = [...(input.files ?? [])];
    const current = ++choice.current;
    setStatus("");
    preparing.current = null;
    if (chosen.length === 0) return [];
    const done = Promise.all(chosen.map((file) => shrinkImageForUpload(file).catch(() => null)))
      .then((copies) => {
        if (current !== choice.current) return;
        if (copies.every((copy) => !copy)) {
          // A Save held for this choice goes on with the original: no line left saying "Making…".
          setStatus("");
          return;
        }
        const files = new DataTransfer();
        for (const [index, copy] of copies.entries()) files.items.add(copy ?? chosen[index]!);
        input.files = files.files;
        replacing.current = true;
        try {
          // So the form's checks see the new file (its size error, if any, clears).
          input.dispatchEvent(new Event("input", { bubbles: true }));
          input.dispatchEvent(new Event("change", { bubbles: true }));
        } finally {
          replacing.current = false;
        }
        const sent = [...files.files].reduce((sum, file) => sum + file.size, 0);
        const original = chosen.reduce((sum, file) => sum + file.size, 0);
        setStatus(
          chosen.length === 1
            ? `Made smaller to upload: ${fileSize(sent)} instead of ${fileSize(original)}.`
            : `Made smaller to upload: ${chosen.length} photos, ${fileSize(sent)} instead of ${fileSize(original)}.`,
        );
      })
      .finally(() => {
        if (preparing.current === done) preparing.current = null;
      });
    preparing.current = done;
    return chosen;
  }

  return { inputRef, status, onFileChosen, onFilesChosen };
}
