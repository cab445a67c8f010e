import { productListPath } from "#app/lib/admin-list-queries.ts";
import { getProductForEdit, listCategoryOptions } from "#app/server/catalog/products.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/edit";
import { productFormAction } from "./product-form.server.ts";
import { ProductForm } from "./product-form.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.product.name ?? "Edit Product"} | Admin` },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §8.3: a product that cannot be loaded sends the admin back to the list with the notice. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, env, logger } = getServices(context);
  let loaded: Awaited<ReturnType<typeof load>> | null = null;
  try {
    loaded = await load();
  } catch (error) {
    logger.error({ err: error, productId: params.id }, "product: loading for edit failed");
  }
  if (!loaded?.product) {
    throw await redirectWithToast(
      env,
      productListPath(new URL(request.url).searchParams.get("q")),
      {
        type: "destructive",
        title: "Error fetching product",
        description: loaded
          ? "The product does not exist: it may have been deleted."
          : "The product could not be loaded. Please try again.",
      },
    );
  }
  return { product: loaded.product, categories: loaded.categories };

  async function load() {
    const [product, categories] = await Promise.all([
      getProductForEdit(db, params.id),
      listCategoryOptions(db),
    ]);
    return { product, categories };
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return productFormAction({
    context,
    admin,
    productId: params.id,
    listPath: productListPath(new URL(request.url).searchParams.get("q")),
  });
}

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductForm
      key={loaderData.product.id}
      product={loaderData.product}
      categories={loaderData.categories}
      actionData={actionData}
    />
  );
}
