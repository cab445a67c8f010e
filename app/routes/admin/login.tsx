import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, redirect, useLocation } from "react-router";
import { type LoginAlert, LoginForm, SignupForm } from "#app/components/admin/login-forms.tsx";
import { PasskeySignIn } from "#app/components/admin/passkey-sign-in.tsx";
import { Logo } from "#app/components/site/logo.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { formFields } from "#app/lib/forms.ts";
import { PASSKEY_MESSAGES, type PasskeySignInAnswer } from "#app/lib/passkeys.ts";
import type { Toast } from "#app/lib/toast.ts";
import { PasskeySignInOptionsSchema, PasskeySignInSchema } from "#app/lib/validation/passkeys.ts";
import { LoginSchema, SignupSchema } from "#app/lib/validation/users.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import {
  ACCESS_DENIED_TOAST,
  getSessionUserFromRequest,
  signOutDenied,
} from "#app/server/users/auth.server.ts";
import {
  clearPasskeyCookie,
  commitPasskeyCookie,
  finishPasskeySignIn,
  readPasskeyCookie,
  startPasskeySignIn,
} from "#app/server/users/passkeys.server.ts";
import { safeRedirectPath } from "#app/server/users/redirect.server.ts";
import {
  clearSessionCookie,
  commitSessionCookie,
  readSessionToken,
} from "#app/server/users/session.server.ts";
import { signIn, signUp, tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
import { commitTwoStepCookie } from "#app/server/users/two-step-sign-in.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Portal" },
  { name: "robots", content: "noindex" },
];

// Retry-After on a 429 (brute-force limit) reaches the browser with the page.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** docs/product.md §5.3: an admin who is already signed in goes to the remembered page or the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  const user = await getSessionUserFromRequest(request, context);
  if (user?.isAdmin) throw redirect(safeRedirectPath(redirectTo));
  // A signed-in non-admin (an admin role revoked meanwhile) is signed out and told why,
  // as the guard of every other admin page does (docs/product.md §5.3, §8.2 'Access Denied').
  if (user) throw await signOutDenied(context, user);
  return { redirectTo: safeRedirectPath(redirectTo, "") };
}

type ActionResult = {
  intent: "login" | "signup";
  result: SubmissionResult<string[]>;
  /** Set when Create Account succeeded: the page switches back to the Login tab. */
  registered?: boolean;
  /** The red 'Error' alert (or the denial) above the login form. */
  alert?: LoginAlert;
  toast?: Toast;
};

const toastId = () => Math.random().toString(36).slice(2);

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { env } = services;
  const formData = readForm(context, [
    LoginSchema,
    SignupSchema,
    PasskeySignInOptionsSchema,
    PasskeySignInSchema,
  ]);
  const clientAddress = getClientAddress(context);
  const intent = formData.get("intent");
  if (intent === "passkey-options" || intent === "passkey") {
    return passkeyAction(request, context, formData);
  }

  if (formData.get("intent") === "signup") {
    const submission = parseWithZod(formData, { schema: SignupSchema });
    if (submission.status !== "success") {
      return data<ActionResult>(
        {
          intent: "signup",
          result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        },
        { status: 400 },
      );
    }
    const outcome = await signUp(services, { ...submission.value, clientAddress });
    if (outcome.kind === "rate-limited") {
      const message = tooManyAttemptsMessage(outcome.retryAfterSeconds);
      return data<ActionResult>(
        {
          intent: "signup",
          result: submission.reply({
            formErrors: [message],
            hideFields: ["password", "confirmPassword"],
          }),
          toast: {
            id: toastId(),
            title: "Registration Failed",
            description: message,
            type: "destructive",
          },
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data<ActionResult>({
      intent: "signup",
      registered: true,
      result: submission.reply({ resetForm: true }),
      toast: {
        id: toastId(),
        title: "Registration Successful",
        description:
          "Your account has been created. Please request admin access from an existing administrator.",
        type: "success",
      },
    });
  }

  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "login", result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const previousToken = await readSessionToken(request, env);
  const outcome = await signIn(services, {
    email: submission.value.email,
    password: submission.value.password,
    clientAddress,
    previousToken,
    userAgent: request.headers.get("User-Agent"),
    redirectTo: safeRedirectPath(submission.value.redirectTo),
  });

  // docs/product.md §3.15: the password was right; the code is asked on its own page, with
  // no session until it is in.
  if (outcome.kind === "two-step") {
    const headers = new Headers({ "X-Remix-Replace": "true" });
    headers.append("Set-Cookie", await commitTwoStepCookie(env, outcome.pendingToken));
    if (previousToken) headers.append("Set-Cookie", await clearSessionCookie(env));
    return redirect("/admin/login/two-step", { headers });
  }

  if (outcome.kind === "signed-in") {
    return redirectWithToast(
      env,
      safeRedirectPath(submission.value.redirectTo),
      {
        title: "Login Successful",
        description: "You've been successfully logged in as an admin.",
        type: "success",
      },
      {
        headers: {
          "Set-Cookie": await commitSessionCookie(env, outcome.token),
          // docs/product.md §3.1: history replaced, so Back does not return to the login form.
          "X-Remix-Replace": "true",
        },
      },
    );
  }

  if (outcome.kind === "denied") {
    return data<ActionResult>(
      {
        intent: "login",
        result: submission.reply({ hideFields: ["password"] }),
        alert: { title: ACCESS_DENIED_TOAST.title, message: ACCESS_DENIED_TOAST.description },
        toast: { id: toastId(), ...ACCESS_DENIED_TOAST },
      },
      // Whoever the browser was signed in as before is signed out too (docs/product.md §5.3).
      {
        status: 403,
        headers: previousToken ? { "Set-Cookie": await clearSessionCookie(env) } : undefined,
      },
    );
  }

  // Never says whether the e-mail has an account (decision 006).
  const message =
    outcome.kind === "rate-limited"
      ? tooManyAttemptsMessage(outcome.retryAfterSeconds)
      : "Invalid email or password";
  return data<ActionResult>(
    {
      intent: "login",
      result: submission.reply({ hideFields: ["password"] }),
      alert: { title: "Error", message },
      toast: { id: toastId(), title: "Login Failed", description: message, type: "destructive" },
    },
    outcome.kind === "rate-limited"
      ? { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } }
      : { status: 401 },
  );
}

/**
 * "Use a passkey" (docs/product.md §3.1, decision 036), called by the page's script: a
 * challenge (its token in an HttpOnly cookie), then the signed answer, which signs an admin in
 * exactly as the password does (the same redirect, toast and session cookie).
 */
async function passkeyAction(
  request: Request,
  context: Route.ActionArgs["context"],
  formData: FormData,
) {
  const services = getServices(context);
  const { env } = services;
  const clientAddress = getClientAddress(context);
  const refused = (answer: PasskeySignInAnswer, status: number, headers?: HeadersInit) =>
    data<PasskeySignInAnswer>(answer, { status, headers });

  if (formData.get("intent") === "passkey-options") {
    const started = await startPasskeySignIn(services, { clientAddress });
    if (started.kind === "rate-limited") {
      const message = tooManyAttemptsMessage(started.retryAfterSeconds);
      return refused({ passkey: "failed", message }, 429, {
        "Retry-After": String(started.retryAfterSeconds),
      });
    }
    return data<PasskeySignInAnswer>(
      { passkey: "options", options: started.options },
      { headers: { "Set-Cookie": await commitPasskeyCookie(env, started.token) } },
    );
  }
  const parsed = PasskeySignInSchema.safeParse(formFields(formData));
  if (!parsed.success) {
    return refused({ passkey: "failed", message: PASSKEY_MESSAGES.signInFailed }, 400);
  }
  const previousToken = await readSessionToken(request, env);
  const outcome = await finishPasskeySignIn(services, {
    challengeToken: await readPasskeyCookie(request, env),
    response: parsed.data.response,
    clientAddress,
    previousToken,
    userAgent: request.headers.get("User-Agent"),
  });
  const clearChallenge = await clearPasskeyCookie(env);
  if (outcome.kind === "signed-in") {
    const headers = new Headers({ "X-Remix-Replace": "true" });
    headers.append("Set-Cookie", clearChallenge);
    headers.append("Set-Cookie", await commitSessionCookie(env, outcome.token));
    return redirectWithToast(
      env,
      safeRedirectPath(parsed.data.redirectTo),
      {
        title: "Login Successful",
        description: "You've been successfully logged in as an admin.",
        type: "success",
      },
      { headers },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", clearChallenge);
  if (outcome.kind === "denied") {
    if (previousToken) headers.append("Set-Cookie", await clearSessionCookie(env));
    return refused(
      {
        passkey: "failed",
        title: ACCESS_DENIED_TOAST.title,
        message: ACCESS_DENIED_TOAST.description,
      },
      403,
      headers,
    );
  }
  if (outcome.kind === "rate-limited") {
    headers.set("Retry-After", String(outcome.retryAfterSeconds));
    return refused(
      { passkey: "failed", message: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
      429,
      headers,
    );
  }
  const message =
    outcome.kind === "expired" ? PASSKEY_MESSAGES.expired : PASSKEY_MESSAGES.signInFailed;
  return refused({ passkey: "failed", message }, 401, headers);
}

export default function AdminLoginPage({ loaderData, ...props }: Route.ComponentProps) {
  // The passkey calls answer the page's script (a fetcher), never the page's forms.
  const actionData =
    props.actionData && "intent" in props.actionData ? props.actionData : undefined;
  const location = useLocation();
  const initialTab =
    actionData?.intent === "signup" && !actionData.registered
      ? "signup"
      : new URLSearchParams(location.search).get("tab") === "signup" && !actionData
        ? "signup"
        : "login";
  const [tab, setTab] = useState(initialTab);
  useShowToast(actionData?.toast);
  // docs/product.md §5.3: after Create Account the page switches back to the Login tab.
  useEffect(() => {
    if (actionData?.registered) setTab("login");
  }, [actionData]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-border bg-background p-6 shadow-card sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo />
          <h1 className="text-2xl font-bold">Admin Portal</h1>
          <p className="text-sm text-muted-foreground">
            Sign in to manage products, orders and enquiries.
          </p>
        </div>
        {/* docs/product.md §3.1: forms reset when the path changes. */}
        <Tabs key={location.pathname} value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Create Account</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm
              redirectTo={loaderData.redirectTo}
              lastResult={actionData?.intent === "login" ? actionData.result : undefined}
              alert={actionData?.intent === "login" ? actionData.alert : undefined}
            />
            <PasskeySignIn redirectTo={loaderData.redirectTo} />
          </TabsContent>
          <TabsContent value="signup">
            <SignupForm
              lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
            />
          </TabsContent>
        </Tabs>
        <div className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </div>
    </main>
  );
}
