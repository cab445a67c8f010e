import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Trash2Icon } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CategoryNameField } from "#app/components/admin/categories/category-fields.tsx";
import { DeleteButton, DeleteRequestForm } from "#app/components/admin/delete-confirmation.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { AdminCategoryRow } from "#app/lib/catalog.ts";
import { cn } from "#app/lib/utils.ts";
import { CategoryManagerSchema } from "#app/lib/validation/catalog.ts";

/*
 * The Category Manager's parts (docs/product.md §3.7 /admin/categories/manager): a row of the list with
 * its thumbnail, and the form for the chosen or a new category.
 */

export const CATEGORY_MANAGER_PATH = "/admin/categories/manager";
const MANAGER = CATEGORY_MANAGER_PATH;

/** What the manager's action answered, as far as the form shows it (a refused save's result). */
export type ManagerActionData = object | undefined;

const resultOf = (actionData: ManagerActionData) =>
  actionData && "result" in actionData
    ? (actionData.result as SubmissionResult<string[]> | undefined)
    : undefined;

export function CategoryListItem({
  category,
  active,
}: {
  category: AdminCategoryRow;
  active: boolean;
}) {
  return (
    <li>
      <Link
        to={`${MANAGER}?${new URLSearchParams({ edit: category.id })}`}
        preventScrollReset
        aria-current={active ? "true" : undefined}
        className={cn(
          "flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted sm:px-6",
          active && "bg-primary/10 hover:bg-primary/10",
        )}
      >
        <div className="w-12 shrink-0 overflow-hidden rounded-md border border-border">
          <ProductImage src={category.imageUrl} alt="" size={48} sizes="48px" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{category.name}</span>
            {category.isSpecial ? <Badge variant="yellow">Special</Badge> : null}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {category.productCount === 1 ? "1 product" : `${category.productCount} products`}
            {category.description ? ` · ${category.description}` : ""}
          </p>
        </div>
      </Link>
    </li>
  );
}

export function ManagerForm({
  category,
  actionData,
  onDelete,
}: {
  category: AdminCategoryRow | null;
  actionData: ManagerActionData;
  onDelete: (target: { id: string; name: string }) => void;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const lastResult = resultOf(actionData);
  const [form, fields] = useForm({
    id: category ? `manager-${category.id}` : "manager-new",
    lastResult,
    constraint: getZodConstraint(CategoryManagerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategoryManagerSchema }),
    defaultValue: category
      ? { name: category.name, description: category.description ?? "" }
      : undefined,
  });
  const heading = category ? `Edit "${category.name}"` : "New Category";
  const deleteFormId = useId();

  return (
    <section
      aria-labelledby="manager-form-heading"
      className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="manager-form-heading" className="mb-4 text-lg font-semibold break-words">
        {heading}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        {...getFormProps(form)}
        aria-labelledby="manager-form-heading"
        className="flex flex-col gap-2"
      >
        <input type="hidden" name="intent" value="save" />
        {category ? <input type="hidden" name="id" value={category.id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <CategoryNameField field={fields.name} />
        <Field
          reserveErrorSpace
          label="Description"
          id={fields.description.id}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
        >
          <Textarea {...getTextareaProps(fields.description)} rows={3} maxLength={1000} />
        </Field>
        <ImageField
          label="Category Image"
          id={fields.image.id}
          name={fields.image.name}
          currentUrl={category?.imageUrl ?? null}
          errors={fields.image.errors}
          errorId={fields.image.errorId}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          {category ? (
            <DeleteButton
              target={{ id: category.id, name: category.name }}
              onAsk={onDelete}
              formId={deleteFormId}
              label={`Delete "${category.name}"`}
              className="sm:mr-auto"
            >
              <Trash2Icon aria-hidden="true" />
              Delete
            </DeleteButton>
          ) : null}
          <Link
            to={MANAGER}
            preventScrollReset
            className={cn(buttonVariants({ variant: "outline" }), !category && "sm:ml-auto")}
          >
            Cancel
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Spinner label="Saving" /> : null}
            Save Category
          </Button>
        </div>
      </Form>
      {/* Outside the form above: forms cannot nest (the Delete button names it by id). */}
      {category ? <DeleteRequestForm id={deleteFormId} /> : null}
    </section>
  );
}
