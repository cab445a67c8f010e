import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeftIcon, FolderOpenIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import {
  DeleteButton,
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  DeleteRequestForm,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { FormErrors, FormField } from "#app/components/admin/form-field.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import { CategoryManagerSchema } from "#app/lib/validation/catalog.ts";
import {
  type AdminCategoryRow,
  listAdminCategories,
  saveCategory,
} from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { hasUnshownErrors, INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { ImageRejectedError, processImage } from "#app/server/storage/images.server.ts";
import { StorageWriteError } from "#app/server/storage/storage.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import {
  imageErrorToast,
  imageStoreErrorMessage,
  imageStoreErrorToast,
  uploadErrorToast,
} from "../upload-errors.server.ts";
import type { Route } from "./+types/manager";
import { deleteCategoryAction } from "./delete-category.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Category Manager | Admin" },
  { name: "robots", content: "noindex" },
];

const MANAGER = "/admin/categories/manager";

/**
 * Spec §2 /admin/categories/manager: the list with thumbnails, and the form for the category
 * chosen with `?edit=<id>` (or a new one with `?new`), so the choice survives a reload and
 * works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, env } = getServices(context);
  const url = new URL(request.url);
  const categories = await listAdminCategories(db);
  const editId = url.searchParams.get("edit");
  const selected = editId ? (categories.find((c) => c.id === editId) ?? null) : null;
  if (editId && !selected) {
    throw await redirectWithToast(env, MANAGER, {
      type: "destructive",
      title: "Error fetching category",
      description: "The category does not exist: it may have been deleted.",
    });
  }
  const deleteId = url.searchParams.get("delete");
  const target = categories.find((c) => c.id === deleteId);
  return {
    categories,
    selected,
    creating: !selected && url.searchParams.has("new"),
    confirmDelete: target ? { id: target.id, name: target.name } : null,
  };
}

const saveError = (description: string) =>
  toast({
    type: "destructive",
    title: "Error",
    description: `Failed to save category: ${description}`,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, env, logger, storage } = getServices(context);
  const formData = readForm(context, CategoryManagerSchema);
  if (formData.get("intent") === "delete") {
    // Deleted: back to the bare manager (the form may have shown the deleted category).
    return deleteCategoryAction(context, admin, { redirectTo: MANAGER });
  }

  const submission = parseWithZod(formData, { schema: CategoryManagerSchema });
  if (submission.status !== "success") {
    if (hasUnshownErrors(submission.error, ["name", "description", "image"])) {
      return data(
        {
          result: submission.reply({ formErrors: [INCOMPLETE_FORM_MESSAGE] }),
          toast: toast({
            type: "destructive",
            title: "Error",
            description: `Failed to save category: ${INCOMPLETE_FORM_MESSAGE}`,
          }),
        },
        { status: 400 },
      );
    }
    return data(
      { result: submission.reply(), toast: imageErrorToast(submission.error?.image) },
      { status: 400 },
    );
  }
  const { id, image: file, ...fields } = submission.value;
  let image: Awaited<ReturnType<typeof processImage>> | undefined;
  if (file && file.size > 0) {
    try {
      image = await processImage(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return data(
        {
          result: submission.reply({ fieldErrors: { image: [error.reason] } }),
          toast: uploadErrorToast(error.reason),
        },
        { status: 422 },
      );
    }
  }
  try {
    const result = await saveCategory(
      db,
      storage,
      admin,
      id ?? null,
      {
        name: fields.name,
        description: fields.description,
        image,
        removeImage: fields.removeImage,
      },
      { onCleanupError: (err, url) => logger.warn({ err, url }, "category: image cleanup failed") },
    );
    if (result.ok) {
      return redirectWithToast(env, MANAGER, {
        type: "success",
        title: result.created ? "Category created" : "Category updated",
        description: `"${result.name}" has been saved.`,
      });
    }
    if (result.code === "not-found") {
      return redirectWithToast(env, MANAGER, saveError(result.message));
    }
    return data(
      {
        result: submission.reply({ fieldErrors: { name: [result.message] } }),
        toast: saveError(result.message),
      },
      { status: 422 },
    );
  } catch (error) {
    if (error instanceof StorageWriteError) {
      // Rolled back: no category row changed, and the image's files were removed again.
      logger.error({ err: error, categoryId: id }, "category: storing the image failed");
      return data(
        {
          result: submission.reply({
            fieldErrors: { image: [imageStoreErrorMessage(error.reason)] },
          }),
          toast: imageStoreErrorToast(error.reason),
        },
        { status: 500 },
      );
    }
    logger.error({ err: error, categoryId: id }, "category: saving failed");
    const message = "a problem on our side. Please try again.";
    return data(
      {
        result: submission.reply({ formErrors: [`Failed to save category: ${message}`] }),
        toast: saveError(message),
      },
      { status: 500 },
    );
  }
}

type ActionData = Route.ComponentProps["actionData"];

export default function CategoryManagerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, selected, creating, confirmDelete } = loaderData;
  const deleter = useFetcher<typeof action>();
  const confirmation = useDeleteConfirmation(deleter);
  useShowToast(deleter.data?.toast);
  useShowToast(actionData?.toast);
  // A refused save re-renders its form even if the address lost `?new`.
  const formOpen = creating || selected !== null || Boolean(actionData && "result" in actionData);

  return (
    <div className="flex flex-col gap-2">
      <Link
        to="/admin/categories"
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3 self-start")}
      >
        <ArrowLeftIcon aria-hidden="true" />
        Categories
      </Link>
      <AdminPageHeader
        title="Category Manager"
        description="Names, descriptions and pictures of the categories shown on the shop."
        actions={
          <Link to={`${MANAGER}?new`} preventScrollReset className={buttonVariants()}>
            <PlusIcon aria-hidden="true" />
            Add New Category
          </Link>
        }
      />
      {confirmDelete ? (
        <div className="mb-4">
          <DeleteConfirmationPanel
            target={confirmDelete}
            title="Delete Category"
            description={deleteQuestion(confirmDelete)}
            cancelTo={MANAGER}
          />
        </div>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-labelledby="manager-list-heading"
          className={cn(
            "rounded-xl border border-border bg-background shadow-card",
            formOpen && "order-last lg:order-none",
          )}
        >
          <h2
            id="manager-list-heading"
            className="border-b border-border px-4 py-3 text-base font-semibold sm:px-6"
          >
            Categories
          </h2>
          {categories.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">
              No categories found. Create your first category.
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {categories.map((category) => (
                <CategoryListItem
                  key={category.id}
                  category={category}
                  active={selected?.id === category.id}
                />
              ))}
            </ul>
          )}
        </section>
        {formOpen ? (
          <ManagerForm
            key={selected?.id ?? "new"}
            category={selected}
            actionData={actionData}
            onDelete={confirmation.ask}
          />
        ) : (
          <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-background px-6 py-12 text-center">
            <FolderOpenIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              Choose a category on the list to edit it, or add a new one.
            </p>
            <Link
              to={`${MANAGER}?new`}
              preventScrollReset
              className={buttonVariants({ variant: "outline" })}
            >
              <PlusIcon aria-hidden="true" />
              Add New Category
            </Link>
          </section>
        )}
      </div>
      <DeleteConfirmDialog
        fetcher={deleter}
        state={confirmation}
        title="Delete Category"
        description={deleteQuestion}
        action={MANAGER}
      />
    </div>
  );
}

function CategoryListItem({ category, active }: { category: AdminCategoryRow; active: boolean }) {
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

function ManagerForm({
  category,
  actionData,
  onDelete,
}: {
  category: AdminCategoryRow | null;
  actionData: ActionData;
  onDelete: (target: { id: string; name: string }) => void;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
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
        <FormField
          label="Category Name"
          htmlFor={fields.name.id}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        >
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={100} />
        </FormField>
        <FormField
          label="Description"
          htmlFor={fields.description.id}
          errors={fields.description.errors}
          errorId={fields.description.errorId}
        >
          <Textarea {...getTextareaProps(fields.description)} rows={3} maxLength={1000} />
        </FormField>
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
