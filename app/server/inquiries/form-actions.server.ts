import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import {
  CONTACT_FIELDS,
  ContactSchema,
  type FieldErrors,
  type FormResult,
  fieldErrorsOf,
  formValues,
  QUOTE_FIELDS,
  QuoteSchema,
  SUBMISSION_FAILED,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
  validationToast,
} from "#app/lib/validation/inquiries.ts";
import { type AppServices, getServices } from "../context.server.ts";
import { ANTI_SPAM_FIELDS, inspectPublicSubmission } from "../http/honeypot.server.ts";
import { getClientAddress } from "../http/request-info.server.ts";
import { readForm } from "../http/submitted-form.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { recordVerdict, storeOrHold } from "../spam/form-guard.server.ts";
import { submitContactMessage, submitQuoteRequest } from "./inquiries.server.ts";

type Context = Readonly<RouterContextProvider>;

/*
 * The actions behind the quote form (home, /digital, /hardware) and the contact form
 * (/contact). Each page exports one of them as its `action`; the form posts to the page
 * itself, so it works the same with and without JavaScript (docs/product.md §6.1, §8.1).
 */

function invalid(errors: FieldErrors, values: Record<string, string>) {
  // docs/product.md §6.1: an empty field gives 'Missing information'; any other problem names itself.
  return data<FormResult>(
    { status: "error", toast: validationToast(errors), fieldErrors: errors, values },
    { status: 400 },
  );
}

function stringValues(values: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ""]));
}

function guard(context: Context, schema: typeof QuoteSchema | typeof ContactSchema) {
  const services = getServices(context);
  // The quote form also names itself (`intent=quote`), which nothing reads.
  const formData = readForm(context, schema, ANTI_SPAM_FIELDS);
  const inspected = inspectPublicSubmission(services, formData);
  return { services, formData, inspected };
}

async function rateLimited(context: Context) {
  const services = getServices(context);
  const limit = await services.rateLimits.consume("publicForm", getClientAddress(context));
  if (limit.allowed) return null;
  return data<FormResult>(
    {
      status: "error",
      toast: {
        title: "Submission Failed",
        description: `Too many submissions. Please try again in ${limit.retryAfterSeconds} seconds.`,
        type: "destructive",
      },
    },
    { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
  );
}

/**
 * A valid submission that could not be stored (the database refused or was unreachable):
 * the transaction rolled back, so nothing was stored and no e-mail will go out. docs/product.md §8.1:
 * 'Submission Failed' with a message; ours is readable (never SQL or a stack), the cause is
 * logged, and the typed values stay in the form so the visitor can send it again.
 */
function unavailable(
  services: AppServices,
  form: "quote" | "contact",
  error: unknown,
  values: Record<string, string>,
) {
  services.logger.error({ err: error, form }, "public form: storing the submission failed");
  return data<FormResult>(
    { status: "error", toast: { ...SUBMISSION_FAILED, type: "destructive" }, values },
    { status: 503 },
  );
}

export async function quoteAction(context: Context) {
  const { services, formData, inspected } = guard(context, QuoteSchema);
  const success: FormResult = {
    status: "success",
    toast: {
      title: "Quote Request Submitted",
      description: SUCCESS_DESCRIPTION,
      type: "success",
      duration: SUCCESS_NOTICE_MS,
    },
  };
  const raw = formValues(formData, QUOTE_FIELDS);
  const parsed = QuoteSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), stringValues(raw));
  if (inspected.verdict === "honeypot") {
    // A bot for sure: the same answer a person gets, and nothing stored.
    await recordVerdict(services.db, services.logger, "quote", "honeypot");
    return data(success);
  }
  try {
    const limited = await rateLimited(context);
    if (limited) return limited;
    // Suspect (too fast, expired, reused or no stamp): held for an admin, not e-mailed.
    const mailEnv = await withBusinessDetails(services);
    const stored = await storeOrHold(services.db, "quote", inspected, {
      name: parsed.data.name,
      email: parsed.data.email,
      payload: stringValues(raw),
      accept: (tx) => submitQuoteRequest(tx, mailEnv, parsed.data),
    });
    await recordVerdict(services.db, services.logger, "quote", stored.verdict);
  } catch (error) {
    return unavailable(services, "quote", error, stringValues(raw));
  }
  return data(success);
}

export async function contactAction(context: Context) {
  const { services, formData, inspected } = guard(context, ContactSchema);
  const success: FormResult = {
    status: "success",
    toast: {
      title: "Message Sent",
      description: SUCCESS_DESCRIPTION,
      type: "success",
      duration: SUCCESS_NOTICE_MS,
    },
  };
  const raw = formValues(formData, CONTACT_FIELDS);
  const parsed = ContactSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), stringValues(raw));
  if (inspected.verdict === "honeypot") {
    await recordVerdict(services.db, services.logger, "contact", "honeypot");
    return data(success);
  }
  try {
    const limited = await rateLimited(context);
    if (limited) return limited;
    const mailEnv = await withBusinessDetails(services);
    const stored = await storeOrHold(services.db, "contact", inspected, {
      name: parsed.data.name,
      email: parsed.data.email,
      payload: stringValues(raw),
      accept: (tx) => submitContactMessage(tx, mailEnv, parsed.data),
    });
    await recordVerdict(services.db, services.logger, "contact", stored.verdict);
  } catch (error) {
    return unavailable(services, "contact", error, stringValues(raw));
  }
  return data(success);
}
