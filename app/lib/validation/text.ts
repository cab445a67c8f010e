import { z } from "zod";
// Before any schema is created here: no eval in the browser (CSP).
import "./zod-config.ts";
import {
  hasControlCharacters,
  hasLineBreaks,
  LINE_BREAK_MESSAGE,
  UNSUPPORTED_CHARACTER_MESSAGE,
} from "./text-rules.ts";

export {
  hasControlCharacters,
  hasLineBreaks,
  LINE_BREAK_MESSAGE,
  UNSUPPORTED_CHARACTER_MESSAGE,
} from "./text-rules.ts";

/*
 * Text that people type. Control characters (other than tab and line breaks) are never typed
 * by a person, break e-mails and exports, and PostgreSQL cannot store NUL at all: a field
 * holding one is refused with a message instead of failing on insert. The C1 controls
 * (U+0080–U+009F) count too: U+0085 (NEL) is a line break to many mail readers, so a name
 * holding one would put its own line into the buyer's greeting and the company's Subject.
 */

/** A string schema that refuses control characters (chain trim/min/max after it). */
export const plainString = (options?: { error?: string }) =>
  z.string(options).refine((value) => !hasControlCharacters(value), UNSUPPORTED_CHARACTER_MESSAGE);

/*
 * Single-line fields (a name, an e-mail address, a phone number, a subject, a product name …)
 * never hold a line break (docs/product.md §6.1). They end up in e-mail headers and in the first
 * lines of e-mails the shop sends to whatever address was typed: a "name" of "Hi Dave\nURGENT:
 * pay at https://attacker.example" would read as the shop's own words. So CR, LF and the
 * Unicode line and paragraph separators are refused, before trimming, with a message that
 * says what to do, in the browser and on the server alike (one schema).
 *
 * A single-line string schema: no control characters and no line breaks (chain trim/min/max
 * after it). A value of whitespace alone is left to the field's "required" rule.
 */
export const singleLineString = (options?: { error?: string }) =>
  plainString(options).refine(
    (value) => value.trim() === "" || !hasLineBreaks(value),
    LINE_BREAK_MESSAGE,
  );

/*
 * A person's name (checkout, quote and contact forms) is a name: a link or markup in it would
 * be e-mailed back to whatever address was typed, in the shop's own greeting ("Dear
 * www.win-a-prize.example, thank you for your order"). So "://", "www." and the angle
 * brackets are refused, with a message that says what to type instead.
 */
const NOT_IN_A_NAME = /:\/\/|www\.|[<>]/i;

export const NAME_LINK_MESSAGE = "Please enter just your name, without web addresses or < >.";

export function looksLikeLinkOrMarkup(value: string): boolean {
  return NOT_IN_A_NAME.test(value);
}

/** A single-line name: also no links or markup (chain trim/min/max after it). */
export const personNameString = (options?: { error?: string }) =>
  singleLineString(options).refine((value) => !looksLikeLinkOrMarkup(value), NAME_LINK_MESSAGE);
