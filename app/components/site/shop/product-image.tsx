import { ImageOffIcon } from "lucide-react";
import { imageSources } from "#app/lib/image-variants.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * A product or category picture, square, with its intrinsic size so the layout never jumps.
 * Uploaded images come in several widths (decision 008): `srcSet` lists them and `sizes`
 * says how wide the picture is shown, so the browser loads the smallest file that is sharp
 * enough. Without an image: a neutral 'No image' tile (docs/product.md §2.10 cart lines).
 */
export function ProductImage({
  src,
  alt,
  className,
  size = 800,
  sizes,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** The intrinsic width and height (a square) for layout. */
  size?: number;
  /** How wide the image is shown (the `sizes` attribute); by default at most `size` pixels. */
  sizes?: string;
  priority?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={cn(
          "flex aspect-square w-full flex-col items-center justify-center gap-1 bg-muted text-xs text-muted-foreground",
          className,
        )}
      >
        <ImageOffIcon aria-hidden="true" className="size-5" />
        No image
      </div>
    );
  }
  const { srcSet } = imageSources(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `(min-width: ${size}px) ${size}px, 100vw`) : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={cn("aspect-square w-full bg-muted object-cover", className)}
    />
  );
}
