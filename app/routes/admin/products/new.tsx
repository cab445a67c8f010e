import { listCategoryOptions } from "#app/server/catalog/products.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/new";
import { productFormAction } from "./product-form.server.ts";
import { ProductForm } from "./product-form.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "Add New Product | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { categories: await listCategoryOptions(getServices(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  // A new product shows at the top of the whole list, whatever was searched before.
  return productFormAction({ context, admin, productId: null, listPath: "/admin/products" });
}

export default function NewProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductForm product={null} categories={loaderData.categories} actionData={actionData} />;
}
