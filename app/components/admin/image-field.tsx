import { ImageIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { MAX_IMAGE_WIDTH } from "#app/lib/image-variants.ts";
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from "#app/lib/validation/catalog.ts";
import { useShrunkUpload } from "./use-shrunk-upload.ts";

/**
 * An image input with a preview before upload (docs/product.md §3.5 'Product Image with a preview'): the
 * current image, or the chosen file once picked. With a current image, 'Remove image' takes
 * it away on save. The server checks the file's bytes; `accept` only narrows the picker.
 * With JavaScript, a large photo is made smaller before it is sent (use-shrunk-upload.ts).
 */
export function ImageField({
  label,
  name,
  id,
  currentUrl,
  errors,
  errorId,
  removeName = "removeImage",
  removable = true,
}: {
  label: string;
  name: string;
  id: string;
  currentUrl: string | null;
  errors?: string[];
  errorId: string;
  removeName?: string;
  /** False where a picture is required (a showcase entry): no 'Remove image'. */
  removable?: boolean;
}) {
  const hintId = useId();
  const removeId = useId();
  const [chosen, setChosen] = useState<{ url: string; name: string } | null>(null);
  const [remove, setRemove] = useState(false);
  const hydrated = useHydrated();
  const { inputRef, status, onFileChosen } = useShrunkUpload();

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    return () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    };
  }, [chosen]);

  const previewUrl = chosen?.url ?? (remove ? null : currentUrl);
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="w-32 shrink-0 overflow-hidden rounded-lg border border-border bg-muted">
          {previewUrl ? (
            // A blob: URL has no variants; ProductImage falls back to a plain src.
            <ProductImage
              src={previewUrl}
              alt={chosen ? `Preview of ${chosen.name}` : "Current image"}
              size={128}
              sizes="128px"
            />
          ) : (
            <div className="flex aspect-square flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
              <ImageIcon aria-hidden="true" className="size-6" />
              No image
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Input
            id={id}
            name={name}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            aria-invalid={invalid || undefined}
            aria-describedby={`${hintId} ${errorId}`}
            className="h-auto cursor-pointer py-1.5 file:mr-3 file:rounded file:bg-muted file:px-3 file:py-1.5"
            ref={inputRef}
            onChange={(event) => {
              // The smaller copy put in place of the chosen photo keeps the photo's preview.
              const file = onFileChosen(event.currentTarget);
              if (file === "replaced") return;
              setChosen(file ? { url: URL.createObjectURL(file), name: file.name } : null);
            }}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {hydrated
              ? `JPEG, PNG, WebP, GIF or AVIF. A photo is made at most ${MAX_IMAGE_WIDTH} px wide on this device before it is sent, then saved as WebP; a GIF may be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB and 40 megapixels.`
              : `JPEG, PNG, WebP, GIF or AVIF, at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB and 40 megapixels. It is resized and saved as WebP.`}
          </p>
          {/* Always in the page (an empty one takes no room), so a screen reader hears it. */}
          <p role="status" className="text-xs text-muted-foreground empty:-mt-2">
            {status}
          </p>
          {removable && currentUrl && !chosen ? (
            <div className="flex items-center gap-2">
              <input
                id={removeId}
                type="checkbox"
                name={removeName}
                checked={remove}
                onChange={(event) => setRemove(event.currentTarget.checked)}
                className="size-4 accent-primary"
              />
              <label htmlFor={removeId} className="text-sm">
                Remove image
              </label>
            </div>
          ) : null}
        </div>
      </div>
      <p id={errorId} className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0] ?? ""}
      </p>
    </div>
  );
}
