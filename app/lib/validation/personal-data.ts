import { z } from "zod";
import { singleLineString } from "./text.ts";

/*
 * The Personal data page's forms (docs/product.md §3.16): look up an e-mail address, and erase
 * what is stored about it once the admin confirms.
 */

export const PERSONAL_DATA_MESSAGES = {
  email: "Please enter the person's e-mail address.",
  confirm: "Tick the box to confirm: erasing cannot be undone.",
} as const;

const emailField = singleLineString({ error: PERSONAL_DATA_MESSAGES.email })
  .trim()
  .min(1, PERSONAL_DATA_MESSAGES.email)
  .max(254, PERSONAL_DATA_MESSAGES.email)
  .pipe(z.email(PERSONAL_DATA_MESSAGES.email));

export const PersonalDataLookupSchema = z.object({ email: emailField });

export const ErasePersonalDataSchema = z.object({
  intent: z.literal("erase"),
  email: emailField,
  // A ticked checkbox posts "on"; anything else (or nothing) is no confirmation.
  confirm: z
    .string({ error: PERSONAL_DATA_MESSAGES.confirm })
    .refine((value) => value === "on", PERSONAL_DATA_MESSAGES.confirm),
});
