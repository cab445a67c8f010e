import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { type Toast, toast } from "#app/lib/toast.ts";
import { ProductFormSchema, personalisationFromForm } from "#app/lib/validation/catalog.ts";
import { saveProduct } from "#app/server/catalog/products.server.ts";
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

/*
 * The action shared by /admin/products/new and /admin/products/:id (the product form). The
 * route calls requireAdmin first and passes the admin in.
 */

export type ProductFormActionData = {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
};

/** The form's personalisation fields (decision 040): each shows its own message. */
const PERSONALISATION_FIELDS = [
  "personalise",
  "personalisationLabel",
  "personalisationMaxLength",
  "personalisationRequired",
  "personalisationChoices",
];

const errorTitle = (creating: boolean) =>
  creating ? "Error creating product" : "Error updating product";

function failure(status: number, result: SubmissionResult<string[]>, toastValue: Toast | null) {
  return data<ProductFormActionData>({ result, toast: toastValue }, { status });
}

export async function productFormAction({
  context,
  admin,
  productId,
  listPath,
}: {
  context: Readonly<RouterContextProvider>;
  admin: SessionUser;
  /** null: create. */
  productId: string | null;
  /** Where a saved product returns: the list, searched as it was when an edit was opened. */
  listPath: string;
}) {
  const { db, env, logger, storage } = getServices(context);
  const creating = productId === null;

  const submission = parseWithZod(readForm(context, ProductFormSchema), {
    schema: ProductFormSchema,
  });
  if (submission.status !== "success") {
    // A browser sends photos as files: anything else in their field (image[n] refused) is a
    // form that was not sent as the page made it, and no field can show that.
    const photoNotAFile = Object.keys(submission.error ?? {}).some((name) =>
      name.startsWith("image["),
    );
    if (
      photoNotAFile ||
      hasUnshownErrors(submission.error, [
        "name",
        "description",
        "price",
        "categoryIds",
        "image",
        "photos",
        ...PERSONALISATION_FIELDS,
      ])
    ) {
      return failure(
        400,
        submission.reply({ formErrors: [INCOMPLETE_FORM_MESSAGE] }),
        toast({
          type: "destructive",
          title: errorTitle(creating),
          description: INCOMPLETE_FORM_MESSAGE,
        }),
      );
    }
    return failure(400, submission.reply(), imageErrorToast(submission.error?.image));
  }
  const { image: files, ...fields } = submission.value;

  // Each new photo is decoded and re-encoded as one image is (decision 008), one at a time.
  const addPhotos: Awaited<ReturnType<typeof processImage>>[] = [];
  for (const file of files) {
    if (file.size === 0) continue;
    try {
      addPhotos.push(await processImage(new Uint8Array(await file.arrayBuffer())));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      const reason = files.length > 1 ? `${file.name}: ${error.reason}` : error.reason;
      return failure(
        422,
        submission.reply({ fieldErrors: { image: [reason] } }),
        uploadErrorToast(reason),
      );
    }
  }

  try {
    const result = await saveProduct(
      db,
      storage,
      admin,
      productId,
      {
        name: fields.name,
        description: fields.description,
        priceCents: fields.price,
        categoryIds: fields.categoryIds,
        addPhotos,
        photoOrder: fields.photos,
        removePhotos: fields.removePhotos,
        personalisation: personalisationFromForm(submission.value),
      },
      { onCleanupError: (err, url) => logger.warn({ err, url }, "product: image cleanup failed") },
    );
    if (result.ok) {
      return redirectWithToast(env, listPath, {
        type: "success",
        title: result.created ? "Product created" : "Product updated",
        description: `"${result.name}" has been saved.`,
      });
    }
    if (result.code === "not-found") {
      return redirectWithToast(env, listPath, {
        type: "destructive",
        title: errorTitle(creating),
        description: "The product no longer exists: it may have been deleted meanwhile.",
      });
    }
    return failure(
      422,
      submission.reply({
        fieldErrors: { [result.code === "photos" ? "image" : "categoryIds"]: [result.message] },
      }),
      toast({ type: "destructive", title: errorTitle(creating), description: result.message }),
    );
  } catch (error) {
    if (error instanceof StorageWriteError) {
      // Rolled back: no product row changed, and the image's files were removed again.
      logger.error({ err: error, productId }, "product: storing the image failed");
      const message = imageStoreErrorMessage(error.reason);
      return failure(
        500,
        submission.reply({ fieldErrors: { image: [message] } }),
        imageStoreErrorToast(error.reason),
      );
    }
    logger.error({ err: error, productId }, "product: saving failed");
    const message = "The product was not saved because of a problem on our side. Please try again.";
    return failure(
      500,
      submission.reply({ formErrors: [message] }),
      toast({ type: "destructive", title: errorTitle(creating), description: message }),
    );
  }
}
