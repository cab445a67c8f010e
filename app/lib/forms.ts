/*
 * What the public forms (quote, contact, newsletter) share in the browser and on the server,
 * without zod: messages, the shape of an action's answer, and small helpers. The schemas
 * themselves live in app/lib/validation/ and load in the browser only when a form is used.
 */

/** docs/product.md §6.1 / §8.1: the notice for a missing field. */
export const MISSING_INFORMATION = {
  title: "Missing information",
  description: "Please fill out all fields.",
} as const;

export const REQUIRED_MESSAGE = "This field is required.";
export const EMAIL_MESSAGE = "Please enter a valid email address.";

/** The fields the quote and contact forms post (the phone number is optional). */
export const QUOTE_FIELDS = ["name", "email", "phone", "service", "message"] as const;
export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;

/**
 * docs/product.md §8.1: a destructive 'Submission Failed' notice with the error's
 * message. The message is ours, never the database's: it says what happened (nothing was
 * stored) and what to do, without SQL or a stack trace.
 */
export const SUBMISSION_FAILED = {
  title: "Submission Failed",
  description:
    "We could not save your submission because of a problem on our side, so nothing was stored. Please try again in a few minutes.",
} as const;

/** docs/product.md §8.1, another subscription failure of the popup: 'Subscription failed' with the message. */
export const SUBSCRIPTION_FAILED = {
  title: "Subscription failed",
  description:
    "We could not save your subscription because of a problem on our side, so nothing was stored. Please try again in a few minutes.",
} as const;

/** Field name → first message, for rendering next to each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** True when at least one field was left empty (the 'Missing information' case of docs/product.md §6.1). */
export function isMissingInformation(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message === REQUIRED_MESSAGE);
}

/**
 * The notice for a refused quote or contact form, the same in the browser and from the
 * server: docs/product.md §6.1 'Missing information' for an empty field, 'Invalid email' for a bad
 * address, else 'Submission Failed' naming the problem (e.g. the optional phone number).
 */
export function validationToast(errors: FieldErrors): FormResult["toast"] {
  if (isMissingInformation(errors)) return { ...MISSING_INFORMATION, type: "destructive" };
  if (errors.email)
    return { title: "Invalid email", description: EMAIL_MESSAGE, type: "destructive" };
  return { title: "Submission Failed", description: Object.values(errors)[0], type: "destructive" };
}

/** Reads a form's string fields into a plain object for a schema. */
export function formValues(formData: FormData, names: readonly string[]) {
  const values: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : undefined;
  }
  return values;
}

/**
 * What a public form's action answers (quote, contact, newsletter): the toast to show, the
 * message per field, and the submitted values so a page rendered without JavaScript can
 * show them again after an error. Fields are cleared only on success (docs/product.md §5.8).
 */
export interface FormResult {
  status: "success" | "error";
  toast: {
    title: string;
    description?: string;
    type: "success" | "destructive";
    duration?: number;
  };
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Newsletter: the address was already subscribed (docs/product.md §8.1). */
  already?: boolean;
  /** Newsletter: a confirmation link is on its way; the popup says so (docs/product.md §2.13). */
  confirmationSent?: boolean;
}

/** docs/product.md §8.1 / §9: success notices are shown 5000 ms with "We'll get back to you soon.". */
export const SUCCESS_NOTICE_MS = 5000;
export const SUCCESS_DESCRIPTION = "We'll get back to you soon.";

/**
 * A form's fields as one object, each with its first value, the one `formData.get` returns
 * (Object.fromEntries would keep the last). A field sent twice can then never make the
 * checked value differ from the value used.
 */
export function formFields(formData: FormData): Record<string, FormDataEntryValue> {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of formData) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
