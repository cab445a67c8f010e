import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { AuthCard } from "#app/components/admin/account/auth-card.tsx";
import { TwoStepCodeForm } from "#app/components/admin/account/two-step-code-form.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { TwoStepCodeSchema, WRONG_CODE_MESSAGE } from "#app/lib/validation/two-step.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { ACCESS_DENIED_TOAST } from "#app/server/users/auth.server.ts";
import { safeRedirectPath } from "#app/server/users/redirect.server.ts";
import { commitSessionCookie } from "#app/server/users/session.server.ts";
import { tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
import {
  clearTwoStepCookie,
  completeTwoStepSignIn,
  findPendingSignIn,
  readTwoStepToken,
} from "#app/server/users/two-step-sign-in.server.ts";
import type { Route } from "./+types/login-two-step";

/** docs/product.md §3.15: a page of one browser's sign-in; never kept by the page cache. */
export const handle: PageCacheHandle = { pageCache: false };

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in | Admin Portal" },
  { name: "robots", content: "noindex, nofollow" },
];

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...PRIVATE, "Retry-After": retryAfter } : PRIVATE;
};

/** No pending sign-in (none, or past its 10 minutes): back to the password. */
async function signInAgain(env: ReturnType<typeof getServices>["env"]) {
  return redirectWithToast(
    env,
    "/admin/login",
    {
      title: "Sign in again",
      description: "Your sign-in timed out before the code was entered. Please sign in again.",
      type: "destructive",
    },
    { headers: { "Set-Cookie": await clearTwoStepCookie(env) } },
  );
}

/**
 * Whether a sign-in waits for its code. Without one the page says so, rather than redirecting:
 * the loader also runs after the action, whose answer (a refused form) must stay on screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const token = await readTwoStepToken(request, services.env);
  const pending = token ? (await findPendingSignIn(services, token)) !== null : false;
  return data({ pending }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { env } = services;
  const submission = parseWithZod(readForm(context, TwoStepCodeSchema), {
    schema: TwoStepCodeSchema,
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const token = await readTwoStepToken(request, env);
  if (!token) return redirect("/admin/login");
  const clientAddress = getClientAddress(context);
  const outcome = await completeTwoStepSignIn(services, {
    token,
    code: submission.value.code,
    clientAddress,
    origin: { userAgent: request.headers.get("User-Agent"), clientAddress },
  });
  switch (outcome.kind) {
    case "signed-in": {
      const headers = new Headers({ "X-Remix-Replace": "true" });
      headers.append("Set-Cookie", await commitSessionCookie(env, outcome.sessionToken));
      headers.append("Set-Cookie", await clearTwoStepCookie(env));
      return redirectWithToast(
        env,
        safeRedirectPath(outcome.redirectTo),
        {
          title: "Login Successful",
          description: "You've been successfully logged in as an admin.",
          type: "success",
        },
        { headers },
      );
    }
    case "expired":
      return signInAgain(env);
    case "denied":
      return redirectWithToast(env, "/admin/login", ACCESS_DENIED_TOAST, {
        headers: { "Set-Cookie": await clearTwoStepCookie(env) },
      });
    case "rate-limited":
      return data(
        {
          result: submission.reply({
            formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds)],
            hideFields: ["code"],
          }),
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "wrong-code":
      return data(
        {
          result: submission.reply({
            fieldErrors: { code: [WRONG_CODE_MESSAGE] },
            hideFields: ["code"],
          }),
        },
        { status: 401 },
      );
  }
}

export default function TwoStepSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.pending && !actionData) {
    return (
      <AuthCard title="Two-step sign-in">
        <Alert variant="destructive">
          <p className="mb-1 font-semibold leading-none">No sign-in is waiting for a code</p>
          <AlertDescription>
            Sign-ins wait 10 minutes for their code. Please sign in again with your password.
          </AlertDescription>
        </Alert>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/login" className="font-medium text-primary underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Two-step sign-in"
      intro="Open your authenticator app and enter the 6-digit code it shows for this site."
    >
      <TwoStepCodeForm lastResult={actionData?.result} />
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="font-medium text-primary underline underline-offset-4">
          Start again with your password
        </Link>
      </p>
    </AuthCard>
  );
}
