import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { toast } from "#app/lib/toast.ts";
/*
 * A form refused for a field the page does not show a message for: a switch, a hidden id, an
 * intent, the cart's lines. A person cannot get those wrong through the page, so such an
 * answer comes from a stale page or a hand-made post; without this it would be a 400 with
 * nothing on screen. The action then answers with a form-level message instead.
 */

/** The message for a form whose hidden or fixed fields did not arrive as the page sends them. */
export const INCOMPLETE_FORM_MESSAGE =
  "This form was sent incompletely: reload the page and try again.";

/**
 * Whether a refused submission has errors on fields other than `shown` (the fields with a
 * message on screen). List entries count by their base name: `lines[0].quantity` is `lines`.
 */
export function hasUnshownErrors(
  error: Record<string, readonly string[] | null> | null | undefined,
  shown: readonly string[],
): boolean {
  return Object.entries(error ?? {}).some(([name, messages]) => {
    if (name === "" || !messages?.length) return false;
    return !shown.includes(name.split(/[.[]/)[0]!);
  });
}

type Errors = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/**
 * A Settings form's refusal: the submission's reply (its values kept, the given errors on
 * their fields or above the form), a "Nothing was saved" notice and the status. `invalid()`
 * answers a submission the schema refused: field by field, or as an incomplete form when a
 * field without its own message on the page is wrong.
 */
export function settingsRefusal(
  submission: {
    reply(options?: Errors): SubmissionResult<string[]>;
    error?: Record<string, readonly string[] | null> | null;
  },
  shownFields: readonly string[],
) {
  const refused = (status: number, description: string, errors: Errors = {}) =>
    data(
      {
        result: submission.reply(errors),
        toast: toast({ type: "destructive", title: "Nothing was saved", description }),
        saved: false,
      },
      { status },
    );
  const invalid = () =>
    hasUnshownErrors(submission.error, shownFields)
      ? refused(400, INCOMPLETE_FORM_MESSAGE, { formErrors: [INCOMPLETE_FORM_MESSAGE] })
      : refused(400, "Please correct the fields marked below.");
  return { refused, invalid };
}
