import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { PhotosField } from "#app/components/admin/photos-field.tsx";
import {
  PersonalisationFields,
  personalisationDefaults,
} from "#app/components/admin/products/personalisation-fields.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { productListPath } from "#app/lib/admin-list-queries.ts";
import type { AdminCategoryTag, ProductForEdit } from "#app/lib/catalog.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { cn } from "#app/lib/utils.ts";
import { ProductFormSchema } from "#app/lib/validation/catalog.ts";
import type { ProductFormActionData } from "./product-form.server.ts";

/**
 * The product form (docs/product.md §3.5 /admin/products/new and /admin/products/{id}): Back, Product Name,
 * Description, Price (ZAR), Photos (up to 8, the first the cover, decision 039), the Categories panel, and Create
 * Product / Update Product. A real multipart <Form>: it works without JavaScript, and with it
 * the same schema checks the fields before anything is sent.
 */
export function ProductForm({
  product,
  categories,
  actionData,
}: {
  product: ProductForEdit | null;
  categories: AdminCategoryTag[];
  actionData: ProductFormActionData | undefined;
}) {
  const creating = product === null;
  // Back and Cancel return to the list as it was searched (`?q=` carried from the list).
  const listPath = productListPath(useSearchParams()[0].get("q"));
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  useShowToast(actionData?.toast);

  const [form, fields] = useForm({
    id: product ? `product-${product.id}` : "product-new",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ProductFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductFormSchema }),
    defaultValue: product
      ? {
          name: product.name,
          description: product.description ?? "",
          price: centsToDecimal(product.priceCents),
          categoryIds: product.categoryIds,
          ...personalisationDefaults(product.personalisation),
        }
      : undefined,
  });

  const chosen = new Set(
    (fields.categoryIds.value as string[] | string | undefined) ?? product?.categoryIds ?? [],
  );
  const regular = categories.filter((c) => !c.isSpecial);
  const special = categories.filter((c) => c.isSpecial);
  const title = creating ? "Add New Product" : "Edit Product";

  return (
    <div className="flex flex-col gap-2">
      <Link
        to={listPath}
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3 self-start")}
      >
        <ArrowLeftIcon aria-hidden="true" />
        Back
      </Link>
      <AdminPageHeader
        title={title}
        description={
          creating
            ? "Add a product to the shop. It appears on the Bespoke page as soon as it is saved."
            : "Changes appear on the shop as soon as they are saved."
        }
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label={title}
        className="grid gap-6 lg:grid-cols-3"
      >
        <section
          aria-labelledby="product-details-heading"
          className="flex flex-col gap-2 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6 lg:col-span-2"
        >
          <h2 id="product-details-heading" className="mb-3 text-lg font-semibold">
            Product details
          </h2>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            reserveErrorSpace
            label="Product Name"
            id={fields.name.id}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          >
            <Input {...getInputProps(fields.name, { type: "text" })} maxLength={200} />
          </Field>
          <Field
            reserveErrorSpace
            label="Description"
            id={fields.description.id}
            errors={fields.description.errors}
            errorId={fields.description.errorId}
          >
            <Textarea {...getTextareaProps(fields.description)} rows={5} maxLength={5000} />
          </Field>
          <Field
            reserveErrorSpace
            label="Price (ZAR)"
            id={fields.price.id}
            errors={fields.price.errors}
            errorId={fields.price.errorId}
            className="sm:max-w-xs"
          >
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
              >
                R
              </span>
              <Input
                {...getInputProps(fields.price, { type: "number" })}
                step="0.01"
                min="0"
                inputMode="decimal"
                className="pl-7"
              />
            </div>
          </Field>
          <PhotosField
            id={fields.image.id}
            fileName={fields.image.name}
            orderName={fields.photos.name}
            removeName={fields.removePhotos.name}
            photos={product?.photos ?? []}
            errors={fields.image.errors ?? fields.photos.errors}
            errorId={fields.image.errorId}
          />
        </section>

        <div className="flex flex-col gap-6">
          <fieldset
            aria-describedby={fields.categoryIds.errorId}
            className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
          >
            <legend className="float-left mb-1 text-lg font-semibold">Categories</legend>
            {categories.length === 0 ? (
              <p className="clear-left text-sm text-muted-foreground">No categories available</p>
            ) : (
              <div className="clear-left flex flex-col gap-5">
                <CategoryGroup
                  title="Regular Categories"
                  categories={regular}
                  name={fields.categoryIds.name}
                  chosen={chosen}
                />
                <CategoryGroup
                  title="Special Categories"
                  categories={special}
                  name={fields.categoryIds.name}
                  chosen={chosen}
                />
              </div>
            )}
            <p id={fields.categoryIds.errorId} className="text-sm font-medium text-destructive">
              {fields.categoryIds.errors?.[0] ?? ""}
            </p>
          </fieldset>
          <PersonalisationFields fields={fields} />
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
            <Button type="submit" size="lg" disabled={submitting} className="w-full">
              {submitting ? <Spinner label="Saving" /> : null}
              {creating ? "Create Product" : "Update Product"}
            </Button>
            <Link
              to={listPath}
              className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full")}
            >
              Cancel
            </Link>
          </div>
        </div>
      </Form>
    </div>
  );
}

function CategoryGroup({
  title,
  categories,
  name,
  chosen,
}: {
  title: string;
  categories: AdminCategoryTag[];
  name: string;
  chosen: Set<string>;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-muted-foreground">{title}</legend>
      {categories.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {categories.map((category) => {
            const id = `category-${category.id}`;
            return (
              <li key={category.id}>
                <label
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                >
                  <input
                    id={id}
                    type="checkbox"
                    name={name}
                    value={category.id}
                    defaultChecked={chosen.has(category.id)}
                    className="size-4 shrink-0 accent-primary"
                  />
                  {category.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
