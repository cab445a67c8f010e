import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/new";
import { categoryFormAction } from "./category-form.server.ts";
import { CategoryForm } from "./category-form.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "Add New Category | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  return categoryFormAction({ context, admin, categoryId: null });
}

export default function NewCategoryPage({ actionData }: Route.ComponentProps) {
  return <CategoryForm category={null} actionData={actionData} />;
}
