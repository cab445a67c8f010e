import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";
import {
  CancelTotpSchema,
  ConfirmTotpSchema,
  DisableTwoStepSchema,
  StartTotpSchema,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_OR_CODE_MESSAGE,
} from "#app/lib/validation/two-step.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import { tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
import {
  cancelTotpSetup,
  confirmTotpSetup,
  disableTwoStep,
  startTotpSetup,
} from "#app/server/users/two-step.server.ts";

/*
 * The account page's two-step sign-in forms (docs/product.md §3.15): turn on (a secret to
 * scan), confirm with a code (recovery codes shown once), cancel, turn off. The rules are
 * app/server/users/two-step.server.ts's; this reads the forms and words the answers.
 */

export const TWO_STEP_INTENTS = ["totp-start", "totp-confirm", "totp-cancel", "two-step-off"];

/** The schemas of the section's forms, for readForm beside the page's others. */
export const TWO_STEP_SCHEMAS = [
  StartTotpSchema,
  ConfirmTotpSchema,
  CancelTotpSchema,
  DisableTwoStepSchema,
] as const;

export type TwoStepActionResult = {
  /** Which form answered, so only its fields show the errors. */
  twoStepForm: "totp-confirm" | "two-step-off" | "other";
  result?: SubmissionResult<string[]>;
  /** Shown once, right after two-step sign-in was turned on. */
  recoveryCodes?: string[];
  notice?: { title: string; message: string };
  toast?: Toast;
};

const answer = (
  body: Omit<TwoStepActionResult, "toast">,
  init: { status?: number; headers?: Record<string, string> } = {},
) => {
  const notice = body.notice;
  const shown = notice
    ? toast({
        title: notice.title,
        description: notice.message,
        type: notice.title === "Error" || (init.status ?? 200) >= 400 ? "destructive" : "success",
      })
    : undefined;
  return data<TwoStepActionResult>({ ...body, toast: shown }, init);
};

/**
 * A code (or password) the rules refused, on the form's one secret field, which is never sent
 * back: too many attempts (429, with Retry-After) or a wrong one (400).
 */
function refusedAnswer(
  twoStepForm: "totp-confirm" | "two-step-off",
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => SubmissionResult<string[]>,
  field: string,
  refusal: { kind: "rate-limited"; retryAfterSeconds: number } | { kind: "wrong"; message: string },
) {
  if (refusal.kind === "rate-limited") {
    return answer(
      {
        twoStepForm,
        result: reply({
          formErrors: [tooManyAttemptsMessage(refusal.retryAfterSeconds)],
          hideFields: [field],
        }),
      },
      { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } },
    );
  }
  return answer(
    {
      twoStepForm,
      result: reply({ fieldErrors: { [field]: [refusal.message] }, hideFields: [field] }),
    },
    { status: 400 },
  );
}

export async function twoStepAction(
  context: Readonly<RouterContextProvider>,
  me: SessionUser,
  formData: FormData,
) {
  const services = getServices(context);
  const clientAddress = getClientAddress(context);
  const intent = formData.get("intent");

  if (intent === "totp-start" || intent === "totp-cancel") {
    const schema = intent === "totp-start" ? StartTotpSchema : CancelTotpSchema;
    if (parseWithZod(formData, { schema }).status !== "success") {
      return answer(
        { twoStepForm: "other", notice: { title: "Error", message: INCOMPLETE_FORM_MESSAGE } },
        { status: 400 },
      );
    }
    if (intent === "totp-cancel") {
      await cancelTotpSetup(services.db, me);
      return answer({
        twoStepForm: "other",
        notice: { title: "Cancelled", message: "Two-step sign-in stays off." },
      });
    }
    const started = await startTotpSetup(services, me);
    return answer(
      started === "started"
        ? { twoStepForm: "other" }
        : {
            twoStepForm: "other",
            notice: { title: "Error", message: "Two-step sign-in is already on." },
          },
      { status: started === "started" ? 200 : 409 },
    );
  }

  if (intent === "totp-confirm") {
    const submission = parseWithZod(formData, { schema: ConfirmTotpSchema });
    const form = "totp-confirm" as const;
    if (submission.status !== "success") {
      return answer(
        { twoStepForm: form, result: submission.reply({ hideFields: ["code"] }) },
        { status: 400 },
      );
    }
    const outcome = await confirmTotpSetup(services, me, {
      code: submission.value.code,
      clientAddress,
    });
    switch (outcome.kind) {
      case "rate-limited":
        return refusedAnswer(form, submission.reply, "code", outcome);
      case "wrong-code":
        return refusedAnswer(form, submission.reply, "code", {
          kind: "wrong",
          message: WRONG_CODE_MESSAGE,
        });
      case "not-started":
        return answer(
          {
            twoStepForm: form,
            notice: {
              title: "Error",
              message: "Start again: press Turn on two-step sign-in and scan the new code.",
            },
          },
          { status: 409 },
        );
      case "on":
        return answer({
          twoStepForm: form,
          result: submission.reply({ resetForm: true }),
          recoveryCodes: outcome.recoveryCodes,
          notice: {
            title: "Two-step sign-in is on",
            message:
              "From now on you sign in with your password and a code from your app. Save your recovery codes now: they are shown only once. We sent you an e-mail about it.",
          },
        });
    }
  }

  const submission = parseWithZod(formData, { schema: DisableTwoStepSchema });
  const form = "two-step-off" as const;
  if (submission.status !== "success") {
    return answer(
      { twoStepForm: form, result: submission.reply({ hideFields: ["passwordOrCode"] }) },
      { status: 400 },
    );
  }
  const outcome = await disableTwoStep(services, me, {
    passwordOrCode: submission.value.passwordOrCode,
    clientAddress,
  });
  switch (outcome.kind) {
    case "rate-limited":
      return refusedAnswer(form, submission.reply, "passwordOrCode", outcome);
    case "wrong":
      return refusedAnswer(form, submission.reply, "passwordOrCode", {
        kind: "wrong",
        message: WRONG_PASSWORD_OR_CODE_MESSAGE,
      });
    case "not-on":
      return answer(
        { twoStepForm: form, notice: { title: "Error", message: "Two-step sign-in is off." } },
        { status: 409 },
      );
    case "off":
      return answer({
        twoStepForm: form,
        result: submission.reply({ resetForm: true }),
        notice: {
          title: "Two-step sign-in is off",
          message:
            "You sign in with your password only, and your recovery codes no longer work. We sent you an e-mail about it.",
        },
      });
  }
}
