import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { TwoStepCodeSchema } from "#app/lib/validation/two-step.ts";

/*
 * Sign-in's second step (docs/product.md §3.15): the code from the authenticator app, or a
 * recovery code in the same field. A plain form post: it works without JavaScript.
 */
export function TwoStepCodeForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "two-step-code",
    lastResult,
    constraint: getZodConstraint(TwoStepCodeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoStepCodeSchema }),
  });
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        id={fields.code.id}
        label="Authentication code"
        errors={fields.code.errors}
        errorId={fields.code.errorId}
        hint="Lost your phone? Enter one of your recovery codes instead (xxxx-xxxx-xxxx-xxxx)."
        hintId={fields.code.descriptionId}
      >
        <Input
          {...getInputProps(fields.code, {
            type: "text",
            ariaDescribedBy: fields.code.descriptionId,
          })}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className="font-mono text-lg tracking-widest"
        />
      </Field>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? "Verifying..." : "Verify"}
      </Button>
    </Form>
  );
}
