import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PasskeySection } from "#app/components/admin/account/passkey-section.tsx";
import { ChangePasswordForm } from "#app/components/admin/account/password-fields.tsx";
import { SessionList } from "#app/components/admin/account/session-list.tsx";
import { TwoStepSection } from "#app/components/admin/account/two-step-section.tsx";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { formFields } from "#app/lib/forms.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { type Toast, toast } from "#app/lib/toast.ts";
import {
  ChangePasswordSchema,
  COMMON_PASSWORD_MESSAGE,
  EndOtherSessionsSchema,
  EndSessionSchema,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "#app/lib/validation/account.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  changeOwnPassword,
  endAllOtherSessions,
  endOtherSession,
  listAccountSessions,
} from "#app/server/users/account.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import { listPasskeys } from "#app/server/users/passkeys.server.ts";
import { tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
import { twoStepStateOf } from "#app/server/users/two-step.server.ts";
import type { Route } from "./+types/account";
import { PASSKEY_INTENTS, PASSKEY_SCHEMAS, passkeyAction } from "./account-passkeys.server.ts";
import {
  TWO_STEP_INTENTS,
  TWO_STEP_SCHEMAS,
  type TwoStepActionResult,
  twoStepAction,
} from "./account-two-step.server.ts";

/** docs/product.md §3.13: a signed-in admin's own page, never kept by the page cache. */
export const handle: PageCacheHandle = { pageCache: "personal" };

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Admin" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context);
  const services = getServices(context);
  const [sessions, twoStep, passkeys] = await Promise.all([
    listAccountSessions(services, me),
    twoStepStateOf(services, me),
    listPasskeys(services, me),
  ]);
  // docs/product.md §3.15: with REQUIRE_ADMIN_2FA the page says why it was opened.
  return {
    email: me.email,
    sessions,
    twoStep,
    passkeys,
    required: services.env.REQUIRE_ADMIN_2FA,
  };
}

type ActionResult = {
  /** The change-password form's answer (its errors, or reset after a change). */
  result?: SubmissionResult<string[]>;
  /** What happened, shown on the page (also without JavaScript) and as a toast. */
  notice?: { title: string; message: string };
  toast?: Toast;
};

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context);
  const services = getServices(context);
  const formData = readForm(context, [
    ChangePasswordSchema,
    EndSessionSchema,
    EndOtherSessionsSchema,
    ...TWO_STEP_SCHEMAS,
    ...PASSKEY_SCHEMAS,
  ]);
  const intent = formData.get("intent");
  if (typeof intent === "string" && TWO_STEP_INTENTS.includes(intent)) {
    return twoStepAction(context, me, formData);
  }
  if (PASSKEY_INTENTS.some((name) => name === intent)) return passkeyAction(context, me, formData);

  if (intent !== "change-password") {
    // Each form of the page sends its intent: without one it came from a stale or hand-made page.
    const parsed =
      intent === "end-session"
        ? EndSessionSchema.safeParse(formFields(formData))
        : EndOtherSessionsSchema.safeParse(formFields(formData));
    if (!parsed.success) {
      const failed = { title: "Error", message: INCOMPLETE_FORM_MESSAGE };
      return data<ActionResult>(
        { notice: failed, toast: toast({ ...asToast(failed), type: "destructive" }) },
        { status: 400 },
      );
    }
    if (parsed.data.intent === "end-session") {
      const ended = await endOtherSession(services, me, {
        sessionId: parsed.data.sessionId,
        clientAddress: getClientAddress(context),
      });
      const notice =
        ended === "ended"
          ? { title: "Signed out", message: "That session was signed out." }
          : { title: "Error", message: "That session had already ended." };
      return data<ActionResult>(
        {
          notice,
          toast: toast({ ...asToast(notice), type: ended === "ended" ? "success" : "destructive" }),
        },
        { status: ended === "ended" ? 200 : 404 },
      );
    }
    const count = await endAllOtherSessions(services, me, {
      clientAddress: getClientAddress(context),
    });
    const notice = {
      title: "Signed out",
      message:
        count === 0
          ? "There were no other sessions."
          : `Signed out of ${count} other session${count === 1 ? "" : "s"}.`,
    };
    return data<ActionResult>({ notice, toast: toast({ ...asToast(notice), type: "success" }) });
  }

  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return data<ActionResult>({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const outcome = await changeOwnPassword(services, me, {
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    clientAddress: getClientAddress(context),
  });
  if (outcome.kind === "rate-limited") {
    const message = tooManyAttemptsMessage(outcome.retryAfterSeconds);
    return data<ActionResult>(
      { result: submission.reply({ formErrors: [message], hideFields }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind !== "changed") {
    const fieldErrors: Record<string, string[]> =
      outcome.kind === "wrong-current"
        ? { currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] }
        : { newPassword: [COMMON_PASSWORD_MESSAGE] };
    return data<ActionResult>(
      { result: submission.reply({ fieldErrors, hideFields }) },
      { status: 400 },
    );
  }
  const notice = {
    title: "Password changed",
    message:
      "Your password was changed and every other session of your account was signed out. We sent you an e-mail about it.",
  };
  return data<ActionResult>({
    result: submission.reply({ resetForm: true }),
    notice,
    toast: toast({ ...asToast(notice), type: "success" }),
  });
}

const asToast = (notice: { title: string; message: string }) => ({
  title: notice.title,
  description: notice.message,
});

export default function AccountPage({ loaderData, ...props }: Route.ComponentProps) {
  // "Add a passkey" answers the section's script (a fetcher), never the page's forms.
  const actionData =
    props.actionData && !("passkey" in props.actionData) ? props.actionData : undefined;
  useShowToast(actionData?.toast);
  const notice = actionData?.notice;
  const twoStepAnswer =
    actionData && "twoStepForm" in actionData ? (actionData as TwoStepActionResult) : undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AdminPageHeader
        title="Your account"
        description={
          <>
            Signed in as <span className="font-medium text-foreground">{loaderData.email}</span>
          </>
        }
      />
      {notice ? (
        <Alert variant={notice.title === "Error" ? "destructive" : "default"} role="status">
          <p className="mb-1 font-semibold leading-none">{notice.title}</p>
          <AlertDescription>{notice.message}</AlertDescription>
        </Alert>
      ) : null}
      <section
        aria-labelledby="change-password-heading"
        className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="change-password-heading" className="mb-1 text-lg font-semibold">
          Change password
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">
          Changing it signs your account out everywhere else and e-mails you about it.
        </p>
        <ChangePasswordForm
          lastResult={
            !twoStepAnswer && actionData && "result" in actionData ? actionData.result : undefined
          }
        />
      </section>
      <TwoStepSection
        email={loaderData.email}
        state={loaderData.twoStep}
        required={loaderData.required}
        answer={twoStepAnswer}
      />
      <PasskeySection passkeys={loaderData.passkeys} />
      <section
        aria-labelledby="sessions-heading"
        className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <h2 id="sessions-heading" className="mb-1 text-lg font-semibold">
          Where you are signed in
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">
          Sign out any session you do not recognise, then change your password.
        </p>
        <SessionList sessions={loaderData.sessions} />
      </section>
    </div>
  );
}
