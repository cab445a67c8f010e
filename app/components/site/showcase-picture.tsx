import { imageSources } from "#app/lib/image-variants.ts";

/**
 * A portfolio project's or an equipment item's picture (decision 043), 8:5 in a grid card of
 * one, two or three columns. An upload comes in several widths: `sizes` lets the browser load
 * the smallest sharp enough. A picture shipped with the site (an SVG) is a plain `src`.
 */
export function ShowcasePicture({
  src,
  sizes = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
  width = 800,
  className = "aspect-[8/5] w-full object-cover",
}: {
  src: string;
  /** How wide it is shown (the admin's thumbnail: "128px"). */
  sizes?: string;
  width?: number;
  className?: string;
}) {
  const { srcSet } = imageSources(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={(width * 5) / 8}
      alt=""
      loading="lazy"
      className={className}
    />
  );
}
