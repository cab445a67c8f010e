import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "#app/components/forms/field.tsx";
import { Input } from "#app/components/ui/input.tsx";

/**
 * The fields both category forms share (docs/product.md §3: the categories page's form and
 * the Category Manager's): the Category Name, up to 100 characters.
 */
export function CategoryNameField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <Field
      reserveErrorSpace
      label="Category Name"
      id={field.id}
      errors={field.errors}
      errorId={field.errorId}
    >
      <Input {...getInputProps(field, { type: "text" })} maxLength={100} />
    </Field>
  );
}
