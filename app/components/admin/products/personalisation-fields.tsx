import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { Field } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  PERSONALISATION_LABEL_MAX_LENGTH,
  PERSONALISATION_MAX_LENGTH_LIMIT,
  type PersonalisationRules,
} from "#app/lib/personalisation.ts";

/** The panel's values for a product's current rules (the edit form's defaults). */
export function personalisationDefaults(rules: PersonalisationRules | null) {
  if (!rules) return {};
  return {
    personalise: true,
    personalisationLabel: rules.label,
    personalisationMaxLength: rules.maxLength,
    personalisationRequired: rules.required,
    personalisationChoices: rules.choices?.join("\n") ?? "",
  };
}

type Fields = {
  personalise: FieldMetadata<boolean>;
  personalisationLabel: FieldMetadata<string | undefined>;
  personalisationMaxLength: FieldMetadata<number | undefined>;
  personalisationRequired: FieldMetadata<boolean>;
  personalisationChoices: FieldMetadata<string | undefined>;
};

/**
 * The product form's Personalisation panel (docs/product.md §3.5, decision 040): off by default;
 * on, a label such as "Name to engrave", a maximum length, required or optional, and an
 * optional short list of choices (one a line) instead of free text. Plain controls, always
 * shown: the form works without JavaScript and on a phone.
 */
export function PersonalisationFields({ fields }: { fields: Fields }) {
  const hintId = `${fields.personalisationChoices.id}-hint`;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6">
      <legend className="float-left mb-3 text-lg font-semibold">Personalisation</legend>
      <label className="clear-left flex cursor-pointer items-start gap-3 text-sm">
        <input
          {...getInputProps(fields.personalise, { type: "checkbox", value: "on" })}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span>
          <span className="font-medium">Ask the buyer for a text</span>
          <span className="block text-muted-foreground">
            Such as a name to engrave. It is shown beside Add to Cart.
          </span>
        </span>
      </label>
      <p id={fields.personalise.errorId} className="text-sm font-medium text-destructive">
        {fields.personalise.errors?.[0] ?? ""}
      </p>
      <Field
        reserveErrorSpace
        label="Label"
        id={fields.personalisationLabel.id}
        errors={fields.personalisationLabel.errors}
        errorId={fields.personalisationLabel.errorId}
      >
        <Input
          {...getInputProps(fields.personalisationLabel, { type: "text" })}
          maxLength={PERSONALISATION_LABEL_MAX_LENGTH}
          placeholder="Name to engrave"
        />
      </Field>
      <Field
        reserveErrorSpace
        label="Maximum length (characters)"
        id={fields.personalisationMaxLength.id}
        errors={fields.personalisationMaxLength.errors}
        errorId={fields.personalisationMaxLength.errorId}
        className="sm:max-w-xs"
      >
        <Input
          {...getInputProps(fields.personalisationMaxLength, { type: "number" })}
          min={1}
          max={PERSONALISATION_MAX_LENGTH_LIMIT}
          step={1}
          inputMode="numeric"
        />
      </Field>
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          {...getInputProps(fields.personalisationRequired, { type: "checkbox", value: "on" })}
          className="size-4 shrink-0 accent-primary"
        />
        <span className="font-medium">Required: the buyer must fill it in</span>
      </label>
      <p
        id={fields.personalisationRequired.errorId}
        className="text-sm font-medium text-destructive"
      >
        {fields.personalisationRequired.errors?.[0] ?? ""}
      </p>
      <Field
        reserveErrorSpace
        label="Choices (optional)"
        id={fields.personalisationChoices.id}
        errors={fields.personalisationChoices.errors}
        errorId={fields.personalisationChoices.errorId}
        hint="One a line. Given, the buyer chooses one instead of typing."
        hintId={hintId}
      >
        <Textarea
          {...getTextareaProps(fields.personalisationChoices, {
            ariaDescribedBy: hintId,
          })}
          rows={3}
        />
      </Field>
    </fieldset>
  );
}
