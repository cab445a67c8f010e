import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { NEWSLETTER_COPY } from "#app/content/site.ts";
import type { FormResult } from "#app/lib/forms.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

/**
 * The popup's dialog, loaded only when the popup opens (the dialog library stays out of the
 * home page's first load).
 */
export default function NewsletterPopupDialog({
  open,
  thanks,
  onClose,
  onResult,
}: {
  open: boolean;
  thanks: boolean;
  onClose: () => void;
  onResult: (result: FormResult) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        {thanks ? (
          <DialogHeader role="status">
            <DialogTitle>{NEWSLETTER_COPY.thankYouTitle}</DialogTitle>
            <DialogDescription>{NEWSLETTER_COPY.thankYouText}</DialogDescription>
          </DialogHeader>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{NEWSLETTER_COPY.popupTitle}</DialogTitle>
              <DialogDescription>{NEWSLETTER_COPY.popupText}</DialogDescription>
            </DialogHeader>
            <NewsletterForm source="popup" onResult={onResult} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
