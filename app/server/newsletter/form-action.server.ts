import { createContext, data, type RouterContextProvider } from "react-router";
import {
  type FormResult,
  SUBMISSION_FAILED,
  SUBSCRIPTION_FAILED,
  SUCCESS_DESCRIPTION,
  SUCCESS_NOTICE_MS,
} from "#app/lib/forms.ts";
import {
  INVALID_EMAIL,
  NEWSLETTER_CONSENT_TEXT,
  NewsletterSchema,
  type NewsletterSource,
} from "#app/lib/validation/newsletter.ts";
import { getServices } from "../context.server.ts";
import { ANTI_SPAM_FIELDS, inspectPublicSubmission } from "../http/honeypot.server.ts";
import { getClientAddress } from "../http/request-info.server.ts";
import { safeSitePath } from "../http/site-path.server.ts";
import { readForm } from "../http/submitted-form.server.ts";
import { redirectWithToast } from "../http/toast.server.ts";
import { withBusinessDetails } from "../site/business-details.server.ts";
import { recordVerdict, storeOrHold } from "../spam/form-guard.server.ts";
import { subscribe } from "./subscribers.server.ts";

type Context = Readonly<RouterContextProvider>;

/** docs/product.md §8.1 notices for the two newsletter forms. */
function successToast(source: NewsletterSource): FormResult["toast"] {
  // The footer uses the shared submit helper's notice, the popup its own (docs/product.md §8.1).
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

/**
 * A failure's title (docs/product.md §8.1): the footer goes through the shared submit helper, 'Submission
 * Failed'; the popup has its own, 'Subscription failed'.
 */
function failureTitle(source: NewsletterSource) {
  return source === "popup" ? SUBSCRIPTION_FAILED.title : SUBMISSION_FAILED.title;
}

const ALREADY: FormResult["toast"] = {
  title: "Already subscribed",
  description: "This email is already subscribed to our newsletter.",
  type: "success",
  duration: SUCCESS_NOTICE_MS,
};

/** Only a path on this site: never an open redirect. */
const safeReturnPath = (value: FormDataEntryValue | null) => safeSitePath(value, "/");

/** What the /newsletter page renders after a refused submission without JavaScript. */
export type NewsletterPageResult = FormResult & { returnTo?: string };

/**
 * Set when this request ran the newsletter action: the /newsletter page then shows its
 * answer. Without it (someone opens /newsletter) there is nothing to show.
 */
export const newsletterActionRan = createContext<boolean>(false);

/**
 * POST /newsletter, from the footer form and the home popup. With JavaScript (the form
 * marks itself `enhanced`) the answer is data for the fetcher. Without it, a success is a
 * post/redirect/get back to the page with the notice flashed (the public layout renders it);
 * a refusal renders the /newsletter page with its status (400, 429, 503), the notice and a
 * link back, so a browser, a proxy or a script sees the failure for what it is.
 */
export async function newsletterAction(context: Context) {
  const services = getServices(context);
  context.set(newsletterActionRan, true);
  const formData = readForm(context, NewsletterSchema, [
    ...ANTI_SPAM_FIELDS,
    "enhanced",
    "redirect_to",
  ]);
  const enhanced = formData.get("enhanced") === "1";
  const returnTo = safeReturnPath(formData.get("redirect_to"));
  const answer = async (
    result: FormResult,
    init: { status?: number; headers?: HeadersInit } = {},
  ) => {
    if (enhanced) return data(result, init);
    if (result.status === "success") {
      return redirectWithToast(services.env, returnTo, result.toast);
    }
    return data<NewsletterPageResult>({ ...result, returnTo }, init);
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
      { status: 400 },
    );
  }
  const { email, source } = parsed.data;
  const inspected = inspectPublicSubmission(services, formData);
  if (inspected.verdict === "honeypot") {
    await recordVerdict(services.db, services.logger, "newsletter", "honeypot");
    return answer({ status: "success", toast: successToast(source) });
  }
  try {
    const limit = await services.rateLimits.consume("publicForm", getClientAddress(context));
    if (!limit.allowed) {
      return answer(
        {
          status: "error",
          toast: {
            title: failureTitle(source),
            description: `Too many submissions. Please try again in ${limit.retryAfterSeconds} seconds.`,
            type: "destructive",
          },
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const input = { email, source, consentText: NEWSLETTER_CONSENT_TEXT };
    // Suspect (too fast, expired, reused or no stamp): held for an admin, no welcome e-mail.
    const mailEnv = await withBusinessDetails(services);
    const stored = await storeOrHold(services.db, "newsletter", inspected, {
      name: null,
      email,
      payload: input,
      accept: (tx) => subscribe(tx, mailEnv, input, services.clock()),
    });
    await recordVerdict(services.db, services.logger, "newsletter", stored.verdict);
    if (stored.verdict === "ok" && stored.accepted.status === "already") {
      return answer({ status: "success", already: true, toast: ALREADY });
    }
  } catch (error) {
    // The database refused or was unreachable: the transaction rolled back, nothing was
    // stored and no e-mail will go out. A readable message, the cause in the log (docs/product.md §8.1).
    services.logger.error(
      { err: error, form: `newsletter-${source}` },
      "newsletter: storing the subscription failed",
    );
    const failed = source === "popup" ? SUBSCRIPTION_FAILED : SUBMISSION_FAILED;
    return answer({ status: "error", toast: { ...failed, type: "destructive" } }, { status: 503 });
  }
  // Held submissions too: an admin's release sends the link then.
  return answer({
    status: "success",
    toast: successToast(source),
    ...(services.env.NEWSLETTER_CONFIRM ? { confirmationSent: true } : {}),
  });
}
