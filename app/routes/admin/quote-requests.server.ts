import { data } from "react-router";
import { formFields } from "#app/lib/forms.ts";
import type { QuoteRequestActionData } from "#app/lib/quote-requests.ts";
import { toast } from "#app/lib/toast.ts";
import {
  QuoteRequestActionSchema,
  REPLY_REQUIRED_MESSAGE,
} from "#app/lib/validation/quote-requests.ts";
import type { AppServices } from "#app/server/context.server.ts";
import {
  eraseQuoteRequest,
  replyToQuoteRequest,
  setQuoteRequestResolved,
} from "#app/server/inquiries/admin-quote-requests.server.ts";
import { withBusinessDetails } from "#app/server/site/business-details.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";

/*
 * The action of /admin/quote-requests: mark resolved or open, reply, erase (docs/product.md §3.11, §8.3
 * "Quote requests" notices). Each answer carries its toast; a reply's empty text also comes
 * back as the field's message.
 */

const ERROR_TITLES = {
  resolve: "Error updating quote request",
  reopen: "Error updating quote request",
  reply: "Error sending reply",
  erase: "Error deleting request",
} as const;

export async function quoteRequestAction(
  services: Pick<AppServices, "db" | "env" | "logger" | "business">,
  admin: SessionUser,
  formData: FormData,
) {
  const { db, logger } = services;
  const rawIntent = formData.get("intent");
  const intent =
    rawIntent === "resolve" ||
    rawIntent === "reopen" ||
    rawIntent === "reply" ||
    rawIntent === "erase"
      ? rawIntent
      : null;
  const fail = (description: string, status: number, fieldError?: string) =>
    data<QuoteRequestActionData>(
      {
        ok: false,
        intent,
        fieldError,
        toast: toast({
          title: intent ? ERROR_TITLES[intent] : "Error updating quote request",
          description,
          type: "destructive",
        }),
      },
      { status },
    );
  const parsed = QuoteRequestActionSchema.safeParse(formFields(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (intent === "reply" && issue?.path[0] === "reply") {
      return fail(issue.message, 400, issue.message);
    }
    return fail("The request could not be changed: it was not understood.", 400);
  }
  const input = parsed.data;
  const gone = "That request does not exist (any more).";
  try {
    switch (input.intent) {
      case "resolve":
      case "reopen": {
        const result = await setQuoteRequestResolved(db, admin, {
          requestId: input.requestId,
          resolved: input.intent === "resolve",
        });
        if (!result.ok) return fail(gone, 404);
        return data<QuoteRequestActionData>({
          ok: true,
          intent: input.intent,
          toast: toast({
            title: result.isResolved ? "Marked as resolved" : "Marked as open",
            type: "success",
          }),
        });
      }
      case "reply": {
        const result = await replyToQuoteRequest(db, await withBusinessDetails(services), admin, {
          requestId: input.requestId,
          replyText: input.reply,
        });
        if (!result.ok) {
          if (result.reason === "not-found") return fail(gone, 404);
          return fail(REPLY_REQUIRED_MESSAGE, 400, REPLY_REQUIRED_MESSAGE);
        }
        return data<QuoteRequestActionData>({
          ok: true,
          intent: "reply",
          toast: toast({
            title: "Reply sent",
            description: `Your reply to ${result.to} is on its way. The request is marked as resolved.`,
            type: "success",
          }),
        });
      }
      case "erase": {
        const result = await eraseQuoteRequest(db, admin, input.requestId);
        if (!result.ok) return fail(gone, 404);
        return data<QuoteRequestActionData>({
          ok: true,
          intent: "erase",
          toast: toast({
            title: "Request deleted",
            description: "The request and the requester's details have been erased.",
            type: "success",
          }),
        });
      }
    }
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "admin: quote request change failed");
    return fail("Nothing was changed. Please try again.", 500);
  }
}
