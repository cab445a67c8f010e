import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { LoginSchema, SignupSchema } from "#app/lib/validation/users.ts";

/*
 * The two forms of /admin/login (docs/product.md §3.1, §5.3): Login and Create Account, validated in the
 * browser with the same schemas the route's action checks.
 */

/** The red alert above the login form: 'Error' with the reason, or the access denial. */
export type LoginAlert = { title: string; message: string };

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

export function LoginForm({
  redirectTo,
  lastResult,
  alert,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
  alert?: LoginAlert;
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
      <Field
        id={fields.email.id}
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          placeholder="admin@example.co.za"
        />
      </Field>
      <Field
        id={fields.password.id}
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
      >
        <div className="relative">
          <Input
            {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
            autoComplete="current-password"
            className="pr-10"
          />
          <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />
        </div>
      </Field>
      {/* docs/product.md §3.14: a forgotten password is reset by e-mail. */}
      <Link
        to="/admin/forgot-password"
        className="-mt-2 self-end text-sm font-medium text-primary underline underline-offset-4"
      >
        Forgot password?
      </Link>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Logging in..." : "Login"}
      </Button>
    </Form>
  );
}

export function SignupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  // docs/product.md §3.1: one toggle shows or hides both sign-up password fields.
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
      <Field
        id={fields.email.id}
        label="Email"
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      >
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          placeholder="you@example.co.za"
        />
      </Field>
      <Field
        id={fields.password.id}
        label="Password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
      >
        <div className="relative">
          <Input
            {...getInputProps(fields.password, { type })}
            autoComplete="new-password"
            className="pr-10"
          />
          <PasswordToggle shown={showPasswords} onToggle={() => setShowPasswords((v) => !v)} />
        </div>
      </Field>
      <Field
        id={fields.confirmPassword.id}
        label="Confirm Password"
        errors={fields.confirmPassword.errors}
        errorId={fields.confirmPassword.errorId}
      >
        <Input {...getInputProps(fields.confirmPassword, { type })} autoComplete="new-password" />
      </Field>
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
