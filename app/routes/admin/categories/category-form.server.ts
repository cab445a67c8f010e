import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";
import { CategoryFormSchema } from "#app/lib/validation/catalog.ts";
import { saveCategory } from "#app/server/catalog/categories.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { hasUnshownErrors, INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import type { SessionUser } from "#app/server/users/session.server.ts";

/*
 * The action shared by /admin/categories/new and /admin/categories/:id (docs/product.md §3.6: name
 * and is_special; decision 014: the season). The route calls requireAdmin first and passes the admin in.
 */

export type CategoryFormActionData = {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
};

export async function categoryFormAction({
  context,
  admin,
  categoryId,
}: {
  context: Readonly<RouterContextProvider>;
  admin: SessionUser;
  categoryId: string | null;
}) {
  const { db, env, logger, storage } = getServices(context);
  const creating = categoryId === null;
  const title = creating ? "Error creating category" : "Error updating category";
  const failure = (status: number, result: SubmissionResult<string[]>, description?: string) =>
    data<CategoryFormActionData>(
      {
        result,
        toast: description ? toast({ type: "destructive", title, description }) : null,
      },
      { status },
    );

  const submission = parseWithZod(readForm(context, CategoryFormSchema), {
    schema: CategoryFormSchema,
  });
  if (submission.status !== "success") {
    if (!hasUnshownErrors(submission.error, ["name", "season"]))
      return failure(400, submission.reply());
    return failure(
      400,
      submission.reply({ formErrors: [INCOMPLETE_FORM_MESSAGE] }),
      INCOMPLETE_FORM_MESSAGE,
    );
  }

  try {
    const result = await saveCategory(db, storage, admin, categoryId, submission.value);
    if (result.ok) {
      return redirectWithToast(env, "/admin/categories", {
        type: "success",
        title: result.created ? "Category created" : "Category updated",
        description: `"${result.name}" has been saved.`,
      });
    }
    if (result.code === "not-found") {
      return redirectWithToast(env, "/admin/categories", {
        type: "destructive",
        title,
        description: "The category no longer exists: it may have been deleted meanwhile.",
      });
    }
    return failure(
      422,
      submission.reply({ fieldErrors: { name: [result.message] } }),
      result.message,
    );
  } catch (error) {
    logger.error({ err: error, categoryId }, "category: saving failed");
    const message =
      "The category was not saved because of a problem on our side. Please try again.";
    return failure(500, submission.reply({ formErrors: [message] }), message);
  }
}
