import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import {
  type FormResult,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
} from "#app/lib/validation/inquiries.ts";
import {
  INVALID_EMAIL,
  NEWSLETTER_CONSENT_TEXT,
  NewsletterSchema,
} from "#app/lib/validation/newsletter.ts";
import { getServices } from "../context.server.ts";
import { checkSpam } from "../http/honeypot.server.ts";
import { getClientAddress } from "../http/request-info.server.ts";
import { redirectWithToast } from "../http/toast.server.ts";
import { subscribe } from "./subscribers.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Spec §8 notices for the two newsletter forms. */
function successToast(source: "footer" | "popup"): FormResult["toast"] {
  // The footer uses the shared submit helper's notice, the popup its own (spec §8).
  return source === "popup"
    ? {
        title: "Subscribed!",
        description: "Thank you for subscribing to our newsletter.",
        type: "success",
        duration: SUCCESS_NOTICE_MS,
      }
    : {
        title: "Submission Successful",
        description: SUCCESS_DESCRIPTION,
        type: "success",
        duration: SUCCESS_NOTICE_MS,
      };
}

const ALREADY: FormResult["toast"] = {
  title: "Already subscribed",
  description: "This email is already subscribed to our newsletter.",
  type: "success",
  duration: SUCCESS_NOTICE_MS,
};

/** Only a path on this site: never an open redirect. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  return value;
}

/**
 * POST /newsletter, from the footer form and the home popup. With JavaScript (the form
 * marks itself `enhanced`) the answer is data for the fetcher; without it, post/redirect/get
 * back to the page with the notice flashed (the public layout renders it).
 */
export async function newsletterAction(request: Request, context: Context) {
  const services = getServices(context);
  const formData = await request.formData();
  const enhanced = formData.get("enhanced") === "1";
  const returnTo = safeReturnPath(formData.get("redirect_to"));
  const answer = async (result: FormResult, status = 200) => {
    if (enhanced) return data(result, { status });
    return redirectWithToast(services.env.SESSION_SECRET, returnTo, result.toast);
  };

  const parsed = NewsletterSchema.safeParse({
    email: formData.get("email") ?? undefined,
    source: formData.get("source") ?? undefined,
  });
  if (!parsed.success) {
    return answer(
      {
        status: "error",
        toast: { ...INVALID_EMAIL, type: "destructive" },
        fieldErrors: { email: INVALID_EMAIL.description },
      },
      400,
    );
  }
  const { email, source } = parsed.data;
  const verdict = checkSpam(formData, services.env.SESSION_SECRET);
  if (verdict !== "ok") {
    services.logger.info({ form: `newsletter-${source}`, verdict }, "spam submission dropped");
    return answer({ status: "success", toast: successToast(source) });
  }
  const limit = await services.rateLimits.consume("publicForm", getClientAddress(context));
  if (!limit.allowed) {
    return answer(
      {
        status: "error",
        toast: {
          title: source === "popup" ? "Subscription failed" : "Submission Failed",
          description: `Too many submissions. Please try again in ${limit.retryAfterSeconds} seconds.`,
          type: "destructive",
        },
      },
      429,
    );
  }
  const outcome = await subscribe(services.db, services.env, {
    email,
    source,
    consentText: NEWSLETTER_CONSENT_TEXT,
  });
  if (outcome.status === "already") {
    return answer({ status: "success", already: true, toast: ALREADY });
  }
  return answer({ status: "success", toast: successToast(source) });
}
