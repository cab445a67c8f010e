/*
 * The quote and contact forms (spec §5): every field is required. One schema per form, used
 * in the browser before submitting and again in the route action.
 */

import { z } from "zod";
import { EMAIL_MESSAGE, type FieldErrors, REQUIRED_MESSAGE } from "../forms.ts";
import { SERVICE_OPTIONS, type ServiceValue } from "../quote-services.ts";
import { plainString } from "./text.ts";

// Server code reads these with the schemas; browser components import the zod-free modules.
export {
  EMAIL_MESSAGE,
  type FieldErrors,
  type FormResult,
  formValues,
  isMissingInformation,
  MISSING_INFORMATION,
  REQUIRED_MESSAGE,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
} from "../forms.ts";
export { SERVICE_OPTIONS, type ServiceValue, serviceLabel } from "../quote-services.ts";

/** A trimmed, required text with an upper bound that keeps rows and e-mails sane. */
const requiredText = (max: number) =>
  plainString({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Please keep this under ${max} characters.`);

export const emailField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE));

export const QuoteSchema = z.object({
  name: requiredText(120),
  email: emailField,
  service: z.enum(
    SERVICE_OPTIONS.map((option) => option.value) as [ServiceValue, ...ServiceValue[]],
    { error: REQUIRED_MESSAGE },
  ),
  message: requiredText(5000),
});
export type QuoteInput = z.infer<typeof QuoteSchema>;

export const ContactSchema = z.object({
  name: requiredText(120),
  email: emailField,
  subject: requiredText(150),
  message: requiredText(5000),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
