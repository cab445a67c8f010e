import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/account/auth-card.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { RESET_REQUESTED_MESSAGE } from "#app/lib/account.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { ForgotPasswordSchema } from "#app/lib/validation/account.ts";
import { getServices } from "#app/server/context.server.ts";
import { getClientAddress } from "#app/server/http/request-info.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { requestPasswordReset } from "#app/server/users/password-reset.server.ts";
import { tooManyAttemptsMessage } from "#app/server/users/sign-in.server.ts";
import type { Route } from "./+types/forgot-password";

/** docs/product.md §3.14: the form's answer differs per request, so it is never kept. */
export const handle: PageCacheHandle = { pageCache: false };

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Admin Portal" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader() {
  return null;
}

export async function action({ context }: Route.ActionArgs) {
  const services = getServices(context);
  const submission = parseWithZod(readForm(context, ForgotPasswordSchema), {
    schema: ForgotPasswordSchema,
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const outcome = await requestPasswordReset(services, {
    email: submission.value.email,
    clientAddress: getClientAddress(context),
  });
  if (outcome.kind === "rate-limited") {
    return data(
      {
        result: submission.reply({
          formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds)],
        }),
        sent: false,
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the e-mail address of your admin account. We will e-mail you a link to set a new password."
    >
      {actionData?.sent ? (
        <Alert role="status" className="mb-4">
          <p className="mb-1 font-semibold leading-none">Check your e-mail</p>
          <AlertDescription>{RESET_REQUESTED_MESSAGE}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
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
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="font-medium text-primary underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
