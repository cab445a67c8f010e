import {
  hasControlCharacters,
  hasLineBreaks,
  LINE_BREAK_MESSAGE,
  UNSUPPORTED_CHARACTER_MESSAGE,
} from "./validation/text-rules.ts";

/*
 * Personalisation (docs/product.md §5.1, decision 040): a product may ask for a short text, such
 * as a name to engrave. The rules below are the product's as they are now; the product page
 * checks them as the buyer types and checkout checks them again on the server, so a cart
 * filled before the rules changed is refused there with a message naming the line.
 * No zod here: the product page's chunk carries this module.
 */

export interface PersonalisationRules {
  /** What the buyer's text answers, e.g. "Name to engrave". */
  label: string;
  /** The most characters the text may have (1 to 100). */
  maxLength: number;
  required: boolean;
  /** A short list to choose from instead of typing; null: free text. */
  choices: string[] | null;
}

export const PERSONALISATION_MAX_LENGTH_LIMIT = 100;
export const PERSONALISATION_LABEL_MAX_LENGTH = 60;
export const PERSONALISATION_MAX_CHOICES = 20;

/** Text as kept and compared: trimmed, blank is none. */
export function normalisePersonalisation(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/**
 * What is wrong with `text` under `rules` (null rules: the product asks for nothing), as a
 * sentence about the field; null when it is fine.
 */
export function personalisationProblem(
  rules: PersonalisationRules | null,
  raw: string | null | undefined,
): string | null {
  const text = normalisePersonalisation(raw);
  if (!rules) return text ? "This product is no longer personalised: remove the text." : null;
  if (!text) return rules.required ? `${rules.label} is required.` : null;
  // As typed, before trimming: a trailing line break is refused like any other (§6.1).
  if (hasLineBreaks(raw as string)) return LINE_BREAK_MESSAGE;
  if (hasControlCharacters(raw as string)) return UNSUPPORTED_CHARACTER_MESSAGE;
  if (text.length > rules.maxLength) {
    return `${rules.label} must be at most ${rules.maxLength} characters.`;
  }
  if (rules.choices && !rules.choices.includes(text)) {
    return `${rules.label} must be one of: ${rules.choices.join(", ")}.`;
  }
  return null;
}

/** A line's personalisation as the order, e-mails, CSV and invoice show it. */
export function describePersonalisation(line: {
  personalisation?: string | null;
  personalisationLabel?: string | null;
}): string | null {
  if (!line.personalisation) return null;
  return `${line.personalisationLabel ?? "Personalisation"}: “${line.personalisation}”`;
}
