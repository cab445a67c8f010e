import { getCategory } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/edit";
import { categoryFormAction } from "./category-form.server.ts";
import { CategoryForm } from "./category-form.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.category.name ?? "Edit Category"} | Admin` },
  { name: "robots", content: "noindex" },
];

/** docs/product.md §8.3: a category that cannot be loaded sends the admin back to the list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, env, logger } = getServices(context);
  let category: Awaited<ReturnType<typeof getCategory>> = null;
  let failed = false;
  try {
    category = await getCategory(db, params.id);
  } catch (error) {
    failed = true;
    logger.error({ err: error, categoryId: params.id }, "category: loading for edit failed");
  }
  if (!category) {
    throw await redirectWithToast(env, "/admin/categories", {
      type: "destructive",
      title: "Error fetching category",
      description: failed
        ? "The category could not be loaded. Please try again."
        : "The category does not exist: it may have been deleted.",
    });
  }
  return { category };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return categoryFormAction({ context, admin, categoryId: params.id });
}

export default function EditCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CategoryForm
      key={loaderData.category.id}
      category={loaderData.category}
      actionData={actionData}
    />
  );
}
