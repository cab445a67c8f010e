import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AuthCard } from "#app/components/admin/account/auth-card.tsx";
import { ResetPasswordForm } from "#app/components/admin/account/password-fields.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { RESET_LINK_MESSAGES } from "#app/lib/account.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { COMMON_PASSWORD_MESSAGE, ResetPasswordSchema } from "#app/lib/validation/account.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { resetLinkState, resetPassword } from "#app/server/users/password-reset.server.ts";
import { commitSessionCookie } from "#app/server/users/session.server.ts";
import { commitTwoStepCookie } from "#app/server/users/two-step-sign-in.server.ts";
import type { Route } from "./+types/reset-password";

/** docs/product.md §3.14: the address holds a secret; the page is never kept. */
export const handle: PageCacheHandle = { pageCache: "personal" };

export const meta: Route.MetaFunction = () => [
  { title: "Set a new password | Admin Portal" },
  { name: "robots", content: "noindex, nofollow" },
  // The address holds the link's token: it is never sent to another site. Not "no-referrer":
  // a browser then sends `Origin: null` with the form's plain post, which the same-site
  // check refuses (docs/security.md, cross-site request forgery).
  { name: "referrer", content: "same-origin" },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await resetLinkState(getServices(context), params.token);
  return data({ state }, { headers: PRIVATE });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const submission = parseWithZod(readForm(context, ResetPasswordSchema), {
    schema: ResetPasswordSchema,
  });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    const state = await resetLinkState(services, params.token);
    return data({ state, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const outcome = await resetPassword(services, {
    token: params.token,
    newPassword: submission.value.newPassword,
    clientAddress: getClientAddress(context),
    origin: {
      userAgent: request.headers.get("User-Agent"),
      clientAddress: getClientAddress(context),
    },
  });
  if (outcome.kind === "common") {
    return data(
      {
        state: "valid" as const,
        result: submission.reply({
          fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] },
          hideFields,
        }),
      },
      { status: 400 },
    );
  }
  if (outcome.kind === "link") {
    return data({ state: outcome.state, result: undefined }, { status: 410 });
  }
  if (outcome.pendingToken) {
    // docs/product.md §3.15: two-step sign-in still asks for its code.
    return redirectWithToast(
      services.env,
      "/admin/login/two-step",
      {
        title: "Password changed",
        description: "Your new password is set. Enter a code to finish signing in.",
        type: "success",
      },
      {
        headers: {
          "Set-Cookie": await commitTwoStepCookie(services.env, outcome.pendingToken),
          "X-Remix-Replace": "true",
        },
      },
    );
  }
  if (!outcome.sessionToken) {
    // An account without admin access: its password is set, and it signs in as before
    // (docs/product.md §5.3: only admins get a session).
    return redirectWithToast(services.env, "/admin/login", {
      title: "Password changed",
      description: "Your new password is set. Your account has no admin access yet.",
      type: "success",
    });
  }
  return redirectWithToast(
    services.env,
    "/admin/dashboard",
    {
      title: "Password changed",
      description: "Your new password is set, and every other session was signed out.",
      type: "success",
    },
    {
      headers: {
        "Set-Cookie": await commitSessionCookie(services.env, outcome.sessionToken),
        "X-Remix-Replace": "true",
      },
    },
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state !== "valid") {
    return (
      <AuthCard title="Set a new password">
        <Alert variant="destructive">
          <p className="mb-1 font-semibold leading-none">This link no longer works</p>
          <AlertDescription>{RESET_LINK_MESSAGES[state]}</AlertDescription>
        </Alert>
        <p className="mt-6 text-center text-sm">
          <Link
            to="/admin/forgot-password"
            className="font-medium text-primary underline underline-offset-4"
          >
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set a new password"
      intro="Choose a new password for your admin account. Every session of the account will be signed out, and you will be signed in here."
    >
      <ResetPasswordForm lastResult={actionData?.result} />
    </AuthCard>
  );
}
