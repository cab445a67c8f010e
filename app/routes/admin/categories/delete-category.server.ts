import { data, type RouterContextProvider } from "react-router";
import { formFields } from "#app/lib/forms.ts";
import { toast } from "#app/lib/toast.ts";
import { DeleteSchema } from "#app/lib/validation/catalog.ts";
import { categoryInUseMessage, deleteCategory } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";

/*
 * The delete answer shared by /admin/categories and the manager (docs/product.md §5.7,
 * docs/product.md §8.3 'Category Deleted' / 'Failed to delete category. It may be in use by products.'). The
 * route has already called requireAdmin.
 */
export async function deleteCategoryAction(
  context: Readonly<RouterContextProvider>,
  admin: SessionUser,
  options: { redirectTo?: string } = {},
) {
  const { db, env, logger, storage } = getServices(context);
  const failed = (description: string, status: number) =>
    data({ toast: toast({ type: "destructive", title: "Error", description }) }, { status });

  const parsed = DeleteSchema.safeParse(formFields(readForm(context, DeleteSchema)));
  if (!parsed.success) return failed("Choose a category to delete.", 400);
  try {
    const result = await deleteCategory(db, storage, admin, parsed.data.id, {
      onCleanupError: (err, url) => logger.warn({ err, url }, "category: image cleanup failed"),
    });
    if (result.ok) {
      const deleted = toast({
        type: "success",
        title: "Category Deleted",
        description: "The category has been successfully deleted.",
      });
      return options.redirectTo
        ? redirectWithToast(env, options.redirectTo, deleted)
        : data({ toast: deleted });
    }
    if (result.code === "in-use") return failed(categoryInUseMessage(result.productCount), 409);
    return failed("The category does not exist: it may have been deleted already.", 404);
  } catch (error) {
    logger.error({ err: error }, "category: delete failed");
    return failed("Failed to delete category. Please try again.", 500);
  }
}
