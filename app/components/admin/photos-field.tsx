import { ImageIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { MAX_IMAGE_WIDTH } from "#app/lib/image-variants.ts";
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_PHOTOS,
} from "#app/lib/validation/catalog.ts";
import { useShrunkUpload } from "./use-shrunk-upload.ts";

/**
 * A 24 px line icon. Drawn here, not imported from lucide-react: the build puts every lucide
 * icon in the public site's shared chunk (vite.config.ts), which the home page loads.
 */
function Icon({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

/** Moves the item at `from` to `to` (both in range). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The product form's photos (docs/product.md §3.5 "Photos", decision 039): the product's
 * photos in order, the first the cover; each with Remove, and with JavaScript moved by
 * dragging or by its Move up / Move down buttons (keyboards, phones). The order is sent as
 * hidden `photos` fields, so without JavaScript the form still removes and adds photos.
 * New photos (several at once) come after the kept ones; large ones are made smaller first.
 */
export function PhotosField({
  id,
  photos,
  errors,
  errorId,
  fileName = "image",
  orderName = "photos",
  removeName = "removePhotos",
}: {
  id: string;
  photos: readonly string[];
  errors?: string[];
  errorId: string;
  fileName?: string;
  orderName?: string;
  removeName?: string;
}) {
  const hintId = useId();
  const hydrated = useHydrated();
  const [order, setOrder] = useState<string[]>(() => [...photos]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [chosen, setChosen] = useState<{ url: string; name: string }[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const { inputRef, status, onFilesChosen } = useShrunkUpload();
  const listRef = useRef<HTMLOListElement>(null);
  /** After a move by button: the moved photo's button keeps the focus (or its other one). */
  const [refocus, setRefocus] = useState<{ url: string; direction: "up" | "down" } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const own = buttons.filter((b) => b.closest("li")?.getAttribute("data-photo") === refocus.url);
    const same = own.find((b) => b.dataset.move === refocus.direction);
    (same && !same.disabled ? same : own.find((b) => !b.disabled))?.focus();
    setRefocus(null);
  }, [refocus]);

  // The previews' object URLs live as long as they are shown.
  useEffect(() => {
    return () => {
      for (const file of chosen) URL.revokeObjectURL(file.url);
    };
  }, [chosen]);

  const kept = order.filter((url) => !removed.has(url));
  const total = kept.length + chosen.length;
  const invalid = Boolean(errors?.length);

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return;
    setOrder(moveItem(order, from, to));
    setAnnouncement(
      `Photo ${from + 1} moved to position ${to + 1} of ${order.length}${to === 0 ? ": it is the cover" : ""}.`,
    );
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${hintId} ${errorId}`}>
      <legend className="mb-2 text-sm leading-none font-medium">Photos</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        Up to {MAX_PRODUCT_PHOTOS}. The first is the cover, shown in lists and the cart.
        {hydrated ? " Drag a photo, or use its arrows, to change the order." : ""}
      </p>
      {order.length > 0 ? (
        <ol ref={listRef} aria-label="Current photos" className="flex flex-col gap-2">
          {order.map((url, index) => {
            const isRemoved = removed.has(url);
            const isCover = kept[0] === url;
            const removeId = `${id}-remove-${index}`;
            return (
              <li
                key={url}
                draggable={hydrated}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragging !== null) move(dragging, index);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                data-photo={url}
                className={`flex items-center gap-3 rounded-lg border border-border bg-background p-2 ${dragging === index ? "opacity-50" : ""} ${isRemoved ? "opacity-60" : ""}`}
              >
                <input type="hidden" name={orderName} value={url} />
                {hydrated ? (
                  <Icon className="size-4 shrink-0 cursor-grab text-muted-foreground">
                    <path
                      d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01"
                      strokeWidth="3"
                    />
                  </Icon>
                ) : null}
                <div className="w-16 shrink-0 overflow-hidden rounded-md border border-border bg-muted">
                  <ProductImage src={url} alt={`Photo ${index + 1}`} size={64} sizes="64px" />
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-x-2 text-sm font-medium">
                    <span className="whitespace-nowrap">Photo {index + 1}</span>
                    {isCover ? (
                      <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                        Cover
                      </span>
                    ) : null}
                  </span>
                  <span className="flex items-center gap-2">
                    <input
                      id={removeId}
                      type="checkbox"
                      name={removeName}
                      value={url}
                      checked={isRemoved}
                      onChange={(event) => {
                        const next = new Set(removed);
                        if (event.currentTarget.checked) next.add(url);
                        else next.delete(url);
                        setRemoved(next);
                      }}
                      className="size-4 accent-primary"
                    />
                    <label htmlFor={removeId} className="text-sm">
                      Remove
                    </label>
                  </span>
                </div>
                {hydrated ? (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={`Move photo ${index + 1} up`}
                      data-move="up"
                      disabled={index === 0}
                      onClick={() => {
                        move(index, index - 1);
                        setRefocus({ url, direction: "up" });
                      }}
                    >
                      <Icon>
                        <path d="m5 12 7-7 7 7M12 19V5" />
                      </Icon>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={`Move photo ${index + 1} down`}
                      data-move="down"
                      disabled={index === order.length - 1}
                      onClick={() => {
                        move(index, index + 1);
                        setRefocus({ url, direction: "down" });
                      }}
                    >
                      <Icon>
                        <path d="M12 5v14M19 12l-7 7-7-7" />
                      </Icon>
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <div className="flex w-32 flex-col items-center justify-center gap-1 rounded-lg border border-border bg-muted py-6 text-xs text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-6" />
          No photos
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <Label htmlFor={id} className="mt-2">
        Add photos
      </Label>
      <Input
        id={id}
        name={fileName}
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-file-hint ${errorId}`}
        className="h-auto cursor-pointer py-1.5 file:mr-3 file:rounded file:bg-muted file:px-3 file:py-1.5"
        ref={inputRef}
        onChange={(event) => {
          // The smaller copies put in place of the chosen photos keep their previews.
          const files = onFilesChosen(event.currentTarget);
          if (files === "replaced") return;
          setChosen(files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })));
        }}
      />
      <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
        {hydrated
          ? `JPEG, PNG, WebP, GIF or AVIF, added after the photos above. A photo is made at most ${MAX_IMAGE_WIDTH} px wide on this device before it is sent, then saved as WebP; at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB together.`
          : `JPEG, PNG, WebP, GIF or AVIF, added after the photos above, at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB together and 40 megapixels each. They are resized and saved as WebP.`}
      </p>
      {chosen.length > 0 ? (
        <ul aria-label="Photos to add" className="flex flex-wrap gap-2">
          {chosen.map((file) => (
            <li
              key={file.url}
              className="w-16 overflow-hidden rounded-md border border-border bg-muted"
            >
              <ProductImage src={file.url} alt={`Preview of ${file.name}`} size={64} sizes="64px" />
            </li>
          ))}
        </ul>
      ) : null}
      {/* Always in the page (an empty one takes no room), so a screen reader hears it. */}
      <p role="status" className="text-xs text-muted-foreground empty:hidden">
        {status}
      </p>
      {hydrated ? (
        <p
          className={`text-xs ${total > MAX_PRODUCT_PHOTOS ? "font-medium text-destructive" : "text-muted-foreground"}`}
        >
          {total} of {MAX_PRODUCT_PHOTOS} photos after saving.
        </p>
      ) : null}
      <p id={errorId} className="min-h-5 text-sm font-medium text-destructive">
        {errors?.[0] ?? ""}
      </p>
    </fieldset>
  );
}
