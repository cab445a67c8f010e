/*
 * The character rules of typed text, without zod (app/lib/validation/text.ts builds its schemas
 * on them): modules in a public page's chunk, such as the personalisation rules, use them
 * without carrying the schema library.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const UNSUPPORTED_CHARACTER_MESSAGE =
  "This field contains an unsupported character. Please retype it.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

const LINE_BREAKS = /[\r\n\u2028\u2029]/;

export const LINE_BREAK_MESSAGE = "Please keep this on one line: remove the line breaks.";

export function hasLineBreaks(value: string): boolean {
  return LINE_BREAKS.test(value);
}
