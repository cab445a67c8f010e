import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import { plainString } from "./text.ts";

/** Settings → Privacy policy / Terms of service (decision 042): the page's text, in Markdown. */

export const LEGAL_TEXT_MAX = 50_000;

export const LEGAL_TEXT_MESSAGES = {
  required: "Please write the page's text.",
  tooLong: `Please keep the text under ${LEGAL_TEXT_MAX.toLocaleString("en-ZA")} characters.`,
} as const;

export const LegalTextSchema = z.object({
  markdown: plainString({ error: LEGAL_TEXT_MESSAGES.required })
    .trim()
    .min(1, LEGAL_TEXT_MESSAGES.required)
    .max(LEGAL_TEXT_MAX, LEGAL_TEXT_MESSAGES.tooLong)
    // Stored with one kind of line break, whichever a browser sent (forms send CR LF).
    .transform((text) => text.replaceAll("\r\n", "\n")),
});
