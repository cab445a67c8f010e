import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { data, Link, useFetcher, useRouteError } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import {
  DeferredList,
  errorMessage,
  LoadingStatus,
  pagePresence,
} from "#app/components/admin/deferred-list.tsx";
import {
  DeleteButton,
  DeleteConfirmationPanel,
  DeleteConfirmDialog,
  type DeleteTarget,
  deleteQuestion,
  useDeleteConfirmation,
} from "#app/components/admin/delete-confirmation.tsx";
import { foundText, ResultsStatus } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
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
import { productListPath } from "#app/lib/admin-list-queries.ts";
import { formatZar } from "#app/lib/admin-money.ts";
import { formFields } from "#app/lib/forms.ts";
import { useListPending } from "#app/lib/list-url.ts";
import { toast } from "#app/lib/toast.ts";
import { DeleteSchema } from "#app/lib/validation/catalog.ts";
import {
  type AdminProductRow,
  deleteProduct,
  listAdminProducts,
} from "#app/server/catalog/products.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { searchTerm } from "#app/server/db/search.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: "Products | Admin" },
  { name: "robots", content: "noindex" },
];

type ProductList = {
  products: AdminProductRow[];
  /** Without JavaScript, Delete asks on the page (`?delete=<id>`) instead of in a dialog. */
  confirmDelete: DeleteTarget | null;
};

/** docs/product.md §3.4 /admin/products: the list, searched by the database (`?q=`, kept in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = searchTerm(url.searchParams.get("q")) ?? "";
  const products = await listAdminProducts(getServices(context).db, q);
  const target = products.find((p) => p.id === url.searchParams.get("delete"));
  const list: ProductList = {
    products,
    confirmDelete: target ? { id: target.id, name: target.name } : null,
  };
  return { q, list: list as ProductList | Promise<ProductList> };
}

const presence = pagePresence();

/**
 * Arriving from another page, the page shows at once with 'Loading products...' (docs/product.md §3.4)
 * and the rows arrive from the server loader, which still guards and searches. Within the
 * page (a new search, a deletion) the data is awaited as without a clientLoader, so a search
 * typed into the box keeps the rows until its own arrive (decision 017).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const list = serverLoader().then((data) => data.list);
  return { q, list: presence.isOnScreen() ? await list : list };
}

const deleteError = (description: string) =>
  toast({ type: "destructive", title: "Error deleting product", description });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, logger, storage } = getServices(context);
  const parsed = DeleteSchema.safeParse(formFields(readForm(context, DeleteSchema)));
  if (!parsed.success) {
    return data({ toast: deleteError("Choose a product to delete.") }, { status: 400 });
  }
  try {
    const result = await deleteProduct(db, storage, admin, parsed.data.id, {
      onCleanupError: (err, url) => logger.warn({ err, url }, "product: image cleanup failed"),
    });
    if (!result.ok) {
      return data(
        { toast: deleteError("The product does not exist: it may have been deleted already.") },
        { status: 404 },
      );
    }
    return data({
      toast: toast({
        type: "success",
        title: "Product deleted",
        description: `${result.name} has been successfully deleted.`,
      }),
    });
  } catch (error) {
    logger.error({ err: error }, "product: delete failed");
    return data(
      { toast: deleteError("The product was not deleted because of a problem on our side.") },
      { status: 500 },
    );
  }
}

/** A dash for an empty cell (docs/product.md §3.4), read as "none" by screen readers. */
function Dash() {
  return (
    <>
      <span aria-hidden="true">-</span>
      <span className="sr-only">none</span>
    </>
  );
}

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  presence.useOnScreen();
  // A search sent with Enter or Search shows 'Loading products...' until its rows arrive.
  const { pending, showLoading } = useListPending();
  const deleter = useFetcher<typeof action>();
  const confirmation = useDeleteConfirmation(deleter);
  useShowToast(deleter.data?.toast);
  useShowToast(actionData?.toast);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Products"
        description="Everything sold on the Bespoke page, with its price and categories."
        actions={
          <Link to={productListPath(q, "/admin/products/new")} className={buttonVariants()}>
            <PlusIcon aria-hidden="true" />
            Add New Product
          </Link>
        }
      />
      <section
        aria-label="Product list"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <div className="border-b border-border p-4 sm:p-6">
          <AdminSearchForm
            value={q}
            placeholder="Search by name, description or category..."
            label="Search products"
          />
        </div>
        <ResultsStatus
          resolve={list}
          text={({ products }) => foundText(products.length, ["product", "products"])}
        />
        <div aria-busy={pending || undefined}>
          <DeferredList
            resolve={list}
            loading="Loading products..."
            errorTitle="Error fetching products"
            errorText={(message) => message}
          >
            {({ products, confirmDelete }) =>
              showLoading ? (
                <LoadingStatus text="Loading products..." />
              ) : (
                <>
                  {confirmDelete ? (
                    <div className="border-b border-border p-4 sm:p-6">
                      <DeleteConfirmationPanel
                        target={confirmDelete}
                        title="Delete Product"
                        description={deleteQuestion(confirmDelete)}
                        cancelTo={productListPath(q)}
                      />
                    </div>
                  ) : null}
                  {products.length === 0 ? (
                    <p className="p-6 text-center text-sm text-muted-foreground">
                      {q ? `No products found for "${q}"` : "No products added yet"}
                    </p>
                  ) : (
                    <ProductTable products={products} q={q} onDelete={confirmation.ask} />
                  )}
                </>
              )
            }
          </DeferredList>
        </div>
      </section>
      <DeleteConfirmDialog
        fetcher={deleter}
        state={confirmation}
        title="Delete Product"
        description={deleteQuestion}
      />
    </div>
  );
}

function ProductTable({
  products,
  q,
  onDelete,
}: {
  products: AdminProductRow[];
  q: string;
  onDelete: (target: DeleteTarget) => void;
}) {
  return (
    <Table aria-label="Products">
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead className="hidden lg:table-cell">Description</TableHead>
          <TableHead className="hidden md:table-cell">Categories</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead className="text-right">
            <span className="sr-only sm:not-sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id}>
            <TableCell>
              <div className="flex min-w-0 items-center gap-3">
                <div className="w-12 shrink-0 overflow-hidden rounded-md border border-border">
                  <ProductImage src={product.imageUrl} alt="" size={48} sizes="48px" />
                </div>
                <div className="min-w-0">
                  <p className="font-medium break-words">{product.name}</p>
                  {/* Small screens: the categories under the name. */}
                  <p className="text-xs text-muted-foreground md:hidden">
                    {product.categories.map((c) => c.name).join(", ")}
                  </p>
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden max-w-xs text-muted-foreground lg:table-cell">
              {product.description ? (
                <p className="line-clamp-2" title={product.description}>
                  {product.description}
                </p>
              ) : (
                <Dash />
              )}
            </TableCell>
            <TableCell className="hidden md:table-cell">
              {product.categories.length > 0 ? (
                <ul className="flex max-w-xs flex-wrap gap-1" aria-label="Categories">
                  {product.categories.map((category) => (
                    <li key={category.id}>
                      <Badge variant={category.isSpecial ? "yellow" : "secondary"}>
                        {category.name}
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <Dash />
              )}
            </TableCell>
            <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
              {formatZar(product.priceCents)}
            </TableCell>
            <TableCell>
              <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                <Link
                  to={productListPath(q, `/admin/products/${product.id}`)}
                  aria-label={`Edit "${product.name}"`}
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                >
                  <PencilIcon aria-hidden="true" />
                  <span className="hidden sm:inline">Edit</span>
                </Link>
                <DeleteButton
                  target={{ id: product.id, name: product.name }}
                  onAsk={onDelete}
                  keep={{ q }}
                  label={`Delete "${product.name}"`}
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

export function ErrorBoundary() {
  const message = errorMessage(useRouteError());
  return (
    <Alert variant="destructive">
      <AlertTitle>Error fetching products</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
