import { CalendarRangeIcon, FolderCogIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link, useFetcher, useRouteError } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { DeferredList, errorMessage } from "#app/components/admin/deferred-list.tsx";
import {
  DeleteButton,
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  type DeleteTarget,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import type { AdminCategoryRow } from "#app/lib/catalog.ts";
import { formatCalendarDay } from "#app/lib/dates.ts";
import { formatSeason } from "#app/lib/seasons.ts";
import { listAdminCategories } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/index";
import { deleteCategoryAction } from "./delete-category.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Categories Management | Admin" },
  { name: "robots", content: "noindex" },
];

type CategoryList = {
  categories: AdminCategoryRow[];
  /** Without JavaScript, Delete asks on the page (`?delete=<id>`) instead of in a dialog. */
  confirmDelete: DeleteTarget | null;
};

/** docs/product.md §3.6 /admin/categories: every category with its product count (from the database). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const categories = await listAdminCategories(getServices(context).db);
  const deleteId = new URL(request.url).searchParams.get("delete");
  const target = categories.find((c) => c.id === deleteId);
  const list: CategoryList = {
    categories,
    confirmDelete: target ? { id: target.id, name: target.name } : null,
  };
  return { list: list as CategoryList | Promise<CategoryList> };
}

/** Client navigation: 'Loading categories...' (docs/product.md §3.6) until the server loader answers. */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { list: serverLoader().then((data) => data.list) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return deleteCategoryAction(context, admin);
}

export default function CategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const deleter = useFetcher<typeof action>();
  const confirmation = useDeleteConfirmation(deleter);
  useShowToast(deleter.data?.toast);
  useShowToast(actionData?.toast);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Categories Management"
        description="Group products for the shop. Special categories feature seasonal events."
        actions={
          <>
            <Link to="/admin/categories/manager" className={buttonVariants({ variant: "outline" })}>
              <FolderCogIcon aria-hidden="true" />
              Category Manager
            </Link>
            <Link to="/admin/categories/new" className={buttonVariants()}>
              <PlusIcon aria-hidden="true" />
              Add New Category
            </Link>
          </>
        }
      />
      <section
        aria-label="Category list"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <DeferredList
          resolve={loaderData.list}
          loading="Loading categories..."
          errorTitle="Error"
          errorText={(message) => `Error loading categories: ${message}`}
        >
          {({ categories, confirmDelete }) => (
            <>
              {confirmDelete ? (
                <div className="border-b border-border p-4 sm:p-6">
                  <DeleteConfirmationPanel
                    target={confirmDelete}
                    title="Delete Category"
                    description={deleteQuestion(confirmDelete)}
                    cancelTo="/admin/categories"
                  />
                </div>
              ) : null}
              {categories.length === 0 ? (
                <p className="p-6 text-center text-sm text-muted-foreground">
                  No categories found. Create your first category.
                </p>
              ) : (
                <CategoryTable categories={categories} onDelete={confirmation.ask} />
              )}
            </>
          )}
        </DeferredList>
      </section>
      <DeleteConfirmDialog
        fetcher={deleter}
        state={confirmation}
        title="Delete Category"
        description={deleteQuestion}
      />
    </div>
  );
}

function CategoryTable({
  categories,
  onDelete,
}: {
  categories: AdminCategoryRow[];
  onDelete: (target: DeleteTarget) => void;
}) {
  return (
    <Table aria-label="Categories">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="hidden md:table-cell">Description</TableHead>
          <TableHead className="text-right">Products</TableHead>
          <TableHead className="text-right">
            <span className="sr-only sm:not-sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {categories.map((category) => (
          <TableRow key={category.id}>
            <TableCell>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{category.name}</span>
                {category.isSpecial ? <Badge variant="yellow">Special</Badge> : null}
                {category.inSeason ? null : <Badge variant="outline">Out of season</Badge>}
              </div>
              {category.season ? <SeasonLine category={category} /> : null}
              <p className="mt-1 line-clamp-2 text-xs text-muted-foreground md:hidden">
                {category.description || "No description"}
              </p>
            </TableCell>
            <TableCell className="hidden max-w-md text-muted-foreground md:table-cell">
              <p className="line-clamp-2">{category.description || "No description"}</p>
            </TableCell>
            <TableCell className="text-right tabular-nums">{category.productCount ?? 0}</TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <Link
                  to={`/admin/categories/${category.id}`}
                  aria-label={`Edit "${category.name}"`}
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                >
                  <PencilIcon aria-hidden="true" />
                  <span className="hidden sm:inline">Edit</span>
                </Link>
                <DeleteButton
                  target={{ id: category.id, name: category.name }}
                  onAsk={onDelete}
                  label={`Delete "${category.name}"`}
                >
                  <Trash2Icon aria-hidden="true" />
                  <span className="hidden sm:inline">Delete</span>
                </DeleteButton>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A seasonal category's season, and when it returns while out of season (decision 014). */
function SeasonLine({ category }: { category: AdminCategoryRow }) {
  return (
    <p className="mt-1 flex items-start gap-1 text-xs text-muted-foreground">
      <CalendarRangeIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Season {formatSeason(category.season!)}
        {category.returnsOn ? ` · back on ${formatCalendarDay(category.returnsOn)}` : ""}
      </span>
    </p>
  );
}

/** docs/product.md §3.6: 'Error loading categories: <message>'. */
export function ErrorBoundary() {
  const message = errorMessage(useRouteError());
  return (
    <Alert variant="destructive">
      <AlertTitle>Error</AlertTitle>
      <AlertDescription>Error loading categories: {message}</AlertDescription>
    </Alert>
  );
}
