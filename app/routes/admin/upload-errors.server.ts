import { type Toast, toast } from "#app/lib/toast.ts";
import { UPLOAD_ERROR_TITLE, uploadErrorMessage } from "#app/lib/validation/catalog.ts";

/*
 * Spec §8 "Image upload": 'Upload Error' / 'Failed to upload image: <reason>', for the product
 * form and the category manager.
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
