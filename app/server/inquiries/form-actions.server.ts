import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import {
  ContactSchema,
  EMAIL_MESSAGE,
  type FieldErrors,
  type FormResult,
  fieldErrorsOf,
  formValues,
  isMissingInformation,
  MISSING_INFORMATION,
  QuoteSchema,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
} from "#app/lib/validation/inquiries.ts";
import { getServices } from "../context.server.ts";
import { checkSpam } from "../http/honeypot.server.ts";
import { getClientAddress } from "../http/request-info.server.ts";
import { submitContactMessage, submitQuoteRequest } from "./inquiries.server.ts";

type Context = Readonly<RouterContextProvider>;

/*
 * The actions behind the quote form (home, /digital, /hardware) and the contact form
 * (/contact). Each page exports one of them as its `action`; the form posts to the page
 * itself, so it works the same with and without JavaScript (spec §4, §5, §8).
 */

function invalid(errors: FieldErrors, values: Record<string, string>) {
  // Spec §5: an empty field gives 'Missing information'; any other problem names itself.
  const toast: FormResult["toast"] = isMissingInformation(errors)
    ? { ...MISSING_INFORMATION, type: "destructive" }
    : errors.email
      ? { title: "Invalid email", description: EMAIL_MESSAGE, type: "destructive" }
      : { title: "Submission Failed", description: Object.values(errors)[0], type: "destructive" };
  return data<FormResult>({ status: "error", toast, fieldErrors: errors, values }, { status: 400 });
}

function stringValues(values: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ""]));
}

async function guard(request: Request, context: Context) {
  const services = getServices(context);
  const formData = await request.formData();
  const verdict = checkSpam(formData, services.env.SESSION_SECRET);
  return { services, formData, verdict };
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

export async function quoteAction(request: Request, context: Context) {
  const { services, formData, verdict } = await guard(request, context);
  const success: FormResult = {
    status: "success",
    toast: {
      title: "Quote Request Submitted",
      description: SUCCESS_DESCRIPTION,
      type: "success",
      duration: SUCCESS_NOTICE_MS,
    },
  };
  const raw = formValues(formData, ["name", "email", "service", "message"]);
  const parsed = QuoteSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), stringValues(raw));
  if (verdict !== "ok") {
    // A bot: the same answer a person gets, and nothing stored.
    services.logger.info({ form: "quote", verdict }, "spam submission dropped");
    return data(success);
  }
  const limited = await rateLimited(context);
  if (limited) return limited;
  await submitQuoteRequest(services.db, services.env, parsed.data);
  return data(success);
}

export async function contactAction(request: Request, context: Context) {
  const { services, formData, verdict } = await guard(request, context);
  const success: FormResult = {
    status: "success",
    toast: {
      title: "Message Sent",
      description: SUCCESS_DESCRIPTION,
      type: "success",
      duration: SUCCESS_NOTICE_MS,
    },
  };
  const raw = formValues(formData, ["name", "email", "subject", "message"]);
  const parsed = ContactSchema.safeParse(raw);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error), stringValues(raw));
  if (verdict !== "ok") {
    services.logger.info({ form: "contact", verdict }, "spam submission dropped");
    return data(success);
  }
  const limited = await rateLimited(context);
  if (limited) return limited;
  await submitContactMessage(services.db, services.env, parsed.data);
  return data(success);
}
