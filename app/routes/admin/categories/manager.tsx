import { ArrowLeftIcon, FolderOpenIcon, PlusIcon } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import {
  CATEGORY_MANAGER_PATH,
  CategoryListItem,
  ManagerForm,
} from "#app/components/admin/categories/category-manager.tsx";
import {
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import { listAdminCategories } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/manager";
import { categoryManagerAction } from "./manager.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Category Manager | Admin" },
  { name: "robots", content: "noindex" },
];

const MANAGER = CATEGORY_MANAGER_PATH;

/**
 * docs/product.md §3.7 /admin/categories/manager: the list with thumbnails, and the form for the category
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

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return categoryManagerAction(context, admin);
}

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
