import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  ChangePasswordSchema,
  NEW_PASSWORD_MIN_LENGTH,
  ResetPasswordSchema,
} from "#app/lib/validation/account.ts";

/*
 * The new-password forms of docs/product.md §3.13 and §3.14: "Change password" on the account
 * page and the reset link's page. Plain form posts (they work without JavaScript), checked in
 * the browser with the schemas the actions use; the common-password list is the server's.
 */

const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters. A phrase of a few unrelated words is easy to remember and hard to guess; common and breached passwords are refused.`;

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "change-password";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="change-password" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* Password managers file the new password under the account's name. */}
      <Field
        id={fields.currentPassword.id}
        label="Current password"
        errors={fields.currentPassword.errors}
        errorId={fields.currentPassword.errorId}
      >
        <Input
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
        />
      </Field>
      <NewPasswordFields
        newPassword={fields.newPassword}
        confirmPassword={fields.confirmPassword}
      />
      <Button type="submit" disabled={submitting} className="self-start">
        {submitting ? "Changing password..." : "Change password"}
      </Button>
    </Form>
  );
}

export function ResetPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <NewPasswordFields
        newPassword={fields.newPassword}
        confirmPassword={fields.confirmPassword}
      />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Setting password..." : "Set new password"}
      </Button>
    </Form>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: either form's fields (their form types differ).
type PasswordField = FieldMetadata<string, any, string[]>;

function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: PasswordField;
  confirmPassword: PasswordField;
}) {
  return (
    <>
      <Field
        id={newPassword.id}
        label="New password"
        errors={newPassword.errors}
        errorId={newPassword.errorId}
        hint={NEW_PASSWORD_HINT}
        hintId={newPassword.descriptionId}
      >
        <Input
          {...getInputProps(newPassword, {
            type: "password",
            ariaDescribedBy: newPassword.descriptionId,
          })}
          autoComplete="new-password"
        />
      </Field>
      <Field
        id={confirmPassword.id}
        label="Confirm new password"
        errors={confirmPassword.errors}
        errorId={confirmPassword.errorId}
      >
        <Input
          {...getInputProps(confirmPassword, { type: "password" })}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
