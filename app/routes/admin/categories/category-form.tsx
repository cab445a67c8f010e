import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { FormErrors, FormField } from "#app/components/admin/form-field.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { cn } from "#app/lib/utils.ts";
import { CategoryFormSchema } from "#app/lib/validation/catalog.ts";
import type { CategoryRecord } from "#app/server/catalog/categories.server.ts";
import type { CategoryFormActionData } from "./category-form.server.ts";

/**
 * The category form (spec §2 /admin/categories/new and /{id}): Category Name and the Special
 * Category switch with its description, Cancel and Create / Update Category.
 */
export function CategoryForm({
  category,
  actionData,
}: {
  category: CategoryRecord | null;
  actionData: CategoryFormActionData | undefined;
}) {
  const creating = category === null;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  useShowToast(actionData?.toast);
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : "category-new",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CategoryFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategoryFormSchema }),
    defaultValue: category
      ? { name: category.name, isSpecial: category.isSpecial ? "on" : undefined }
      : undefined,
  });
  const title = creating ? "Add New Category" : "Edit Category";
  const switchHintId = `${fields.isSpecial.id}-hint`;

  return (
    <div className="flex max-w-2xl flex-col gap-2">
      <Link
        to="/admin/categories"
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3 self-start")}
      >
        <ArrowLeftIcon aria-hidden="true" />
        Categories
      </Link>
      <AdminPageHeader title={title} />
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={title}
        className="flex flex-col gap-2 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField
          label="Category Name"
          htmlFor={fields.name.id}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        >
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} />
        </FormField>
        <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.isSpecial.id} className="text-sm font-medium">
              Special Category
            </label>
            <p id={switchHintId} className="text-sm text-muted-foreground">
              Special categories can be featured, e.g. for seasonal events such as Mother's Day or
              Easter.
            </p>
          </div>
          <SwitchInput
            id={fields.isSpecial.id}
            name={fields.isSpecial.name}
            defaultChecked={fields.isSpecial.initialValue === "on"}
            aria-describedby={switchHintId}
          />
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/admin/categories" className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Spinner label="Saving" /> : null}
            {creating ? "Create Category" : "Update Category"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/**
 * A switch that is a real checkbox (`role="switch"`), so the form also works without
 * JavaScript and posts "on" like any checkbox.
 */
function SwitchInput(props: Omit<React.ComponentProps<"input">, "type" | "role">) {
  return (
    <span className="relative inline-flex shrink-0">
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; an aria-checked would go stale without JavaScript
        role="switch"
        {...props}
        className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-control-off transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
