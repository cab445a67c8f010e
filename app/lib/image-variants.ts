/*
 * Uploaded images are stored as a set of WebP variants with content-addressed names
 * (decision 008): `<prefix>/<hash>-<width>.webp`, one file per width in IMAGE_WIDTHS below the
 * original's width, plus the largest (the original's width, at most 1280). The database keeps
 * one URL, the largest variant; everything else is derived from it here, on both sides.
 */

/** The widths every upload is encoded at (never upscaled beyond the original). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The largest width an upload is stored at. */
export const MAX_IMAGE_WIDTH: number = IMAGE_WIDTHS[2];

const VARIANT_URL = /^(\/[a-z0-9/_-]*\/[0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;

export interface ImageVariant {
  url: string;
  width: number;
}

/** The widths stored for an image whose largest variant is `largest` pixels wide. */
export function variantWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** The URL of one variant: `/uploads/products/<hash>-640.webp`. */
export function variantUrl(base: string, width: number): string {
  return `${base}-${width}.webp`;
}

/**
 * Every variant of a stored image URL, smallest first, or null when the URL is not one of
 * ours (a demo file from before variants, an external address): then it is used as it is.
 */
export function imageVariants(url: string | null | undefined): ImageVariant[] | null {
  if (!url) return null;
  const match = VARIANT_URL.exec(url);
  if (!match) return null;
  const [, base, widthText] = match;
  const largest = Number(widthText);
  if (largest > MAX_IMAGE_WIDTH) return null;
  return variantWidths(largest).map((width) => ({ url: variantUrl(base!, width), width }));
}

/**
 * The `<img>` attributes for a stored image: `src` (the largest variant) and, for our
 * variant names, a `srcSet` with width descriptors so the browser downloads the smallest
 * file that is sharp enough. Any other URL is a plain `src`.
 */
export function imageSources(url: string): { src: string; srcSet?: string } {
  const variants = imageVariants(url);
  if (!variants || variants.length < 2) return { src: url };
  return {
    src: url,
    srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(", "),
  };
}
