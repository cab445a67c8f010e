import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon, EyeIcon, EyeOffIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { Logo } from "#app/components/site/logo.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import type { Toast } from "#app/lib/toast.ts";
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
import { safeRedirectPath } from "#app/server/users/redirect.server.ts";
import {
  clearSessionCookie,
  commitSessionCookie,
  readSessionToken,
} from "#app/server/users/session.server.ts";
import { signIn, signUp, tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
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

/** Spec §4: an admin who is already signed in goes to the remembered page or the dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  const user = await getSessionUserFromRequest(request, context);
  if (user?.isAdmin) throw redirect(safeRedirectPath(redirectTo));
  // A signed-in non-admin (an admin role revoked meanwhile) is signed out and told why,
  // as the guard of every other admin page does (spec §4 "Route guard", §8 'Access Denied').
  if (user) throw await signOutDenied(context, user);
  return { redirectTo: safeRedirectPath(redirectTo, "") };
}

type ActionResult = {
  intent: "login" | "signup";
  result: SubmissionResult<string[]>;
  /** Set when Create Account succeeded: the page switches back to the Login tab. */
  registered?: boolean;
  /** The red 'Error' alert (or the denial) above the login form. */
  alert?: { title: string; message: string };
  toast?: Toast;
};

const toastId = () => Math.random().toString(36).slice(2);

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { env } = services;
  const formData = readForm(context, [LoginSchema, SignupSchema]);
  const clientAddress = getClientAddress(context);

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
  });

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
          // Spec §2: history replaced, so Back does not return to the login form.
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
      // Whoever the browser was signed in as before is signed out too (spec §4).
      {
        status: 403,
        headers: previousToken ? { "Set-Cookie": await clearSessionCookie(env) } : undefined,
      },
    );
  }

  // Never says whether the e-mail has an account (issue 6).
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

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? "Hide password" : "Show password"}
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {shown ? (
        <EyeOffIcon className="size-4" aria-hidden="true" />
      ) : (
        <EyeIcon className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

function LoginForm({
  redirectTo,
  lastResult,
  alert,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
  alert?: ActionResult["alert"];
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const [showPassword, setShowPassword] = useState(false);
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <Form method="post" replace className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {alert ? (
        <Alert variant="destructive">
          <AlertTitle>{alert.title}</AlertTitle>
          <AlertDescription>{alert.message}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          placeholder="admin@example.co.za"
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.password.id}>Password</Label>
        <div className="relative">
          <Input
            {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
            autoComplete="current-password"
            className="pr-10"
          />
          <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />
        </div>
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      <Button type="submit" disabled={submitting} className="mt-2 w-full">
        {submitting ? "Logging in..." : "Login"}
      </Button>
    </Form>
  );
}

function SignupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  // Spec §2: one toggle shows or hides both sign-up password fields.
  const [showPasswords, setShowPasswords] = useState(false);
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(SignupSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupSchema }),
  });
  const type = showPasswords ? "text" : "password";

  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="signup" />
      {form.errors?.length ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{form.errors[0]}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          placeholder="you@example.co.za"
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.password.id}>Password</Label>
        <div className="relative">
          <Input
            {...getInputProps(fields.password, { type })}
            autoComplete="new-password"
            className="pr-10"
          />
          <PasswordToggle shown={showPasswords} onToggle={() => setShowPasswords((v) => !v)} />
        </div>
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.confirmPassword.id}>Confirm Password</Label>
        <Input {...getInputProps(fields.confirmPassword, { type })} autoComplete="new-password" />
        <FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
      </div>
      <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
        New accounts require admin approval to access the admin portal. After creating your account,
        please contact an existing administrator for access.
      </p>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Creating Account..." : "Create Account"}
      </Button>
    </Form>
  );
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const initialTab =
    actionData?.intent === "signup" && !actionData.registered
      ? "signup"
      : new URLSearchParams(location.search).get("tab") === "signup" && !actionData
        ? "signup"
        : "login";
  const [tab, setTab] = useState(initialTab);
  useShowToast(actionData?.toast);
  // Spec §4: after Create Account the page switches back to the Login tab.
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
        {/* Spec §2: forms reset when the path changes. */}
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
