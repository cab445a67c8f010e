import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";

/*
 * Text that people type. Control characters (other than tab and line breaks) are never typed
 * by a person, break e-mails and exports, and PostgreSQL cannot store NUL at all: a field
 * holding one is refused with a message instead of failing on insert.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const UNSUPPORTED_CHARACTER_MESSAGE =
  "This field contains an unsupported character. Please retype it.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A string schema that refuses control characters (chain trim/min/max after it). */
export const plainString = (options?: { error?: string }) =>
  z.string(options).refine((value) => !hasControlCharacters(value), UNSUPPORTED_CHARACTER_MESSAGE);
