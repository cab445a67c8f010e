import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { CategoryNameField } from "#app/components/admin/categories/category-fields.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { CategoryRecord } from "#app/lib/catalog.ts";
import { MONTH_OPTIONS, type SeasonWindow } from "#app/lib/seasons.ts";
import { cn } from "#app/lib/utils.ts";
import { CategoryFormFields, CategoryFormSchema } from "#app/lib/validation/catalog.ts";
import type { CategoryFormActionData } from "./category-form.server.ts";

/**
 * The category form (docs/product.md §3.6 /admin/categories/new and /{id}): Category Name and the Special
 * Category switch with its description, Cancel and Create / Update Category; beyond the
 * original, a special category's season (decision 014).
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
    constraint: getZodConstraint(CategoryFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategoryFormSchema }),
    defaultValue: category
      ? {
          name: category.name,
          isSpecial: category.isSpecial ? "on" : undefined,
          ...seasonDefaults(category.season),
        }
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
        <CategoryNameField field={fields.name} />
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
        <SeasonFields
          start={[fields.seasonStartDay, fields.seasonStartMonth]}
          end={[fields.seasonEndDay, fields.seasonEndMonth]}
          errors={form.allErrors.season}
          errorId={`${form.id}-season-error`}
        />
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

/** The form's values for a stored season ("04-01" → day "1", month "04"). */
function seasonDefaults(season: SeasonWindow | null) {
  if (!season) return {};
  const [startMonth, startDay] = season.start.split("-");
  const [endMonth, endDay] = season.end.split("-");
  return {
    seasonStartDay: String(Number(startDay)),
    seasonStartMonth: startMonth,
    seasonEndDay: String(Number(endDay)),
    seasonEndMonth: endMonth,
  };
}

const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => String(i + 1));

/** What the selects need of Conform's field metadata. */
type SelectField = { id: string; name: string; key?: string; initialValue?: unknown };
type DayMonthFields = [day: SelectField, month: SelectField];

/**
 * A special category's season (decision 014): a start and an end day and month, every year, in
 * South African time. Two native selects each, so it works without JavaScript.
 */
function SeasonFields({
  start,
  end,
  errors,
  errorId,
}: {
  start: DayMonthFields;
  end: DayMonthFields;
  errors?: string[];
  errorId: string;
}) {
  const hintId = `${errorId}-hint`;
  const describedBy = `${hintId} ${errorId}`;
  const invalid = errors?.length ? true : undefined;
  const row = (label: string, [day, month]: DayMonthFields) => (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${day.id}-group`}>
        {label}
      </span>
      <div className="flex gap-2">
        <NativeSelect
          id={day.id}
          name={day.name}
          defaultValue={typeof day.initialValue === "string" ? day.initialValue : ""}
          key={day.key}
          aria-label={`${label}: day`}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className="w-20"
        >
          <option value="">Day</option>
          {DAY_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          id={month.id}
          name={month.name}
          defaultValue={typeof month.initialValue === "string" ? month.initialValue : ""}
          key={month.key}
          aria-label={`${label}: month`}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className="w-40"
        >
          <option value="">Month</option>
          {MONTH_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">Season (optional)</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        For a special category that comes back every year, e.g. Mother's Day from 1 April to 11 May.
        Outside its season the shop hides the category (its products stay listed under their other
        categories). Leave empty to show it all year.
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:gap-8">
        {row("Starts", start)}
        {row("Ends", end)}
      </div>
      <p id={errorId} className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0] ?? ""}
      </p>
    </fieldset>
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
