import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { CATEGORY_MANAGER_PATH } from "#app/components/admin/categories/category-manager.tsx";
import { toast } from "#app/lib/toast.ts";
import { CategoryManagerSchema } from "#app/lib/validation/catalog.ts";
import { saveCategory } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { hasUnshownErrors, INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { ImageRejectedError, processImage } from "#app/server/storage/images.server.ts";
import { StorageWriteError } from "#app/server/storage/storage.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";
import {
  imageErrorToast,
  imageStoreErrorMessage,
  imageStoreErrorToast,
  uploadErrorToast,
} from "../upload-errors.server.ts";
import { deleteCategoryAction } from "./delete-category.server.ts";

const saveError = (description: string) =>
  toast({
    type: "destructive",
    title: "Error",
    description: `Failed to save category: ${description}`,
  });

/**
 * The manager's save (docs/product.md §3.7): name, description and picture of a new or
 * existing category, in one transaction with its image; a delete goes to the shared answer.
 * The route has already called requireAdmin.
 */
export async function categoryManagerAction(
  context: Readonly<RouterContextProvider>,
  admin: SessionUser,
) {
  const { db, env, logger, storage } = getServices(context);
  const formData = readForm(context, CategoryManagerSchema);
  if (formData.get("intent") === "delete") {
    // Deleted: back to the bare manager (the form may have shown the deleted category).
    return deleteCategoryAction(context, admin, { redirectTo: CATEGORY_MANAGER_PATH });
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
      return redirectWithToast(env, CATEGORY_MANAGER_PATH, {
        type: "success",
        title: result.created ? "Category created" : "Category updated",
        description: `"${result.name}" has been saved.`,
      });
    }
    if (result.code === "not-found") {
      return redirectWithToast(env, CATEGORY_MANAGER_PATH, saveError(result.message));
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
