import { type Toast, toast } from "#app/lib/toast.ts";
import { UPLOAD_ERROR_TITLE, uploadErrorMessage } from "#app/lib/validation/catalog.ts";

/*
 * docs/product.md §8.3 "Images": 'Upload Error' / 'Failed to upload image: <reason>' for an image we
 * refuse, and 'Error uploading image: <reason>' for an accepted image the server could not
 * store (a StorageWriteError), for the product form and the category manager. The third
 * text of §8.3, 'Failed to get public URL for uploaded image', has no counterpart: we serve the
 * files ourselves and derive their address from the key, which cannot fail.
 */

export function uploadErrorToast(reason: string): Toast {
  return toast({
    type: "destructive",
    title: UPLOAD_ERROR_TITLE,
    description: uploadErrorMessage(reason),
  });
}

/** The notice for a form whose image field was refused, or null when the image was fine. */
export function imageErrorToast(errors: string[] | null | undefined): Toast | null {
  const reason = errors?.[0];
  return reason ? uploadErrorToast(reason) : null;
}

/** docs/product.md §8.3 'Error uploading image: <reason>': the image was fine, storing it failed. */
export const imageStoreErrorMessage = (reason: string) => `Error uploading image: ${reason}`;

export function imageStoreErrorToast(reason: string): Toast {
  return toast({
    type: "destructive",
    title: UPLOAD_ERROR_TITLE,
    description: imageStoreErrorMessage(reason),
  });
}
