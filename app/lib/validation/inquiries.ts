/*
 * The quote and contact forms (docs/product.md §6.1): every field of the original is required. Beyond the
 * original, a phone number may be given (decision 004: so the company can call or WhatsApp the
 * requester); when it is, it must be a number the checkout would accept too. One schema per
 * form, used in the browser before submitting and again in the route action.
 */

import { z } from "zod";
import { EMAIL_MESSAGE, type FieldErrors, REQUIRED_MESSAGE } from "../forms.ts";
import { isValidPhone, PHONE_INVALID_MESSAGE } from "../phone.ts";
import { SERVICE_OPTIONS, type ServiceValue } from "../quote-services.ts";
import { personNameString, plainString, singleLineString } from "./text.ts";

// Server code reads these with the schemas; browser components import the zod-free modules.
export {
  CONTACT_FIELDS,
  EMAIL_MESSAGE,
  type FieldErrors,
  type FormResult,
  formValues,
  isMissingInformation,
  MISSING_INFORMATION,
  QUOTE_FIELDS,
  REQUIRED_MESSAGE,
  SUBMISSION_FAILED,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
  validationToast,
} from "../forms.ts";
export { SERVICE_OPTIONS, type ServiceValue, serviceLabel } from "../quote-services.ts";

/** A trimmed, required text with an upper bound that keeps rows and e-mails sane. */
const requiredText = (max: number) =>
  plainString({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Please keep this under ${max} characters.`);

/** The same, on one line (a name, a subject): no line breaks (docs/product.md §6.1). */
const requiredLine = (max: number) =>
  singleLineString({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Please keep this under ${max} characters.`);

/** A person's name: one line, no links or markup. */
const requiredName = (max: number) =>
  personNameString({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Please keep this under ${max} characters.`);

export const emailField = singleLineString({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE));

/**
 * The optional phone number: empty (or absent) is null; otherwise the checkout's rule, stored
 * with single spaces as typed (the company reads and dials it).
 */
export const optionalPhoneField = singleLineString()
  .trim()
  .max(30, PHONE_INVALID_MESSAGE)
  .refine((phone) => phone === "" || isValidPhone(phone), PHONE_INVALID_MESSAGE)
  .transform((phone) => (phone === "" ? null : phone.replace(/\s+/g, " ")))
  .optional()
  .transform((phone) => phone ?? null);

export const QuoteSchema = z.object({
  name: requiredName(120),
  email: emailField,
  phone: optionalPhoneField,
  service: z.enum(
    SERVICE_OPTIONS.map((option) => option.value) as [ServiceValue, ...ServiceValue[]],
    { error: REQUIRED_MESSAGE },
  ),
  message: requiredText(5000),
});
export type QuoteInput = z.infer<typeof QuoteSchema>;

export const ContactSchema = z.object({
  name: requiredName(120),
  email: emailField,
  phone: optionalPhoneField,
  subject: requiredLine(150),
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
