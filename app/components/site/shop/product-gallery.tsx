import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { ProductImage } from "./product-image.tsx";

/*
 * The gallery's own styles, plain classes in a <style> of the product page alone: they stay out
 * of public.css, which every public page inlines (the home page's budget). Without JavaScript
 * (`scripting: none`) the strip is a list of the photos one under the other, and the
 * thumbnails, which only help a script, are not shown.
 */
const GALLERY_CSS = `
.pg-track{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain;scrollbar-width:thin}
.pg-track:focus-visible{outline:3px solid var(--color-ring);outline-offset:2px}
.pg-track>li{flex:0 0 100%;scroll-snap-align:center;scroll-snap-stop:always}
.pg-nav{position:absolute;top:50%;transform:translateY(-50%);display:flex;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;border-radius:9999px;border:1px solid var(--color-border);background:var(--color-background);box-shadow:var(--shadow-card)}
.pg-nav:disabled{opacity:0;pointer-events:none}
.pg-nav:focus-visible{outline:3px solid var(--color-ring);outline-offset:2px}
.pg-prev{left:.5rem}.pg-next{right:.5rem}
.pg-thumbs{display:flex;flex-wrap:wrap;gap:.5rem}
.pg-thumbs a{display:block;width:4rem;overflow:hidden;border-radius:.5rem;border:2px solid transparent}
.pg-thumbs a[aria-current]{border-color:var(--color-primary)}
.pg-thumbs a:focus-visible{outline:3px solid var(--color-ring);outline-offset:2px}
@media (min-width:40rem){.pg-thumbs a{width:5rem}}
@media (scripting:none){.pg-track{flex-direction:column;gap:.75rem;overflow:visible;border:0;background:none;box-shadow:none}.pg-track>li{overflow:hidden;border-radius:1rem;border:1px solid var(--color-border)}.pg-js{display:none}}
`;

/** How wide the main photo is shown (the product page's left column). */
const PHOTO_SIZES = "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw";

/**
 * The product page's photos (docs/product.md §2.8, decision 039). One photo: as before. Several:
 * a strip of the photos side by side that snaps to one at a time, swiped or scrolled by the
 * browser itself, with thumbnails below that are links to each photo (`#photo-2`). With
 * JavaScript the thumbnails and the Previous / Next buttons scroll the strip without moving the
 * page, and the arrow keys move through it. Without JavaScript (`scripting: none`) the photos
 * are a plain list, one under the other. Only the cover loads at once; the others lazily.
 */
export function ProductGallery({ name, photos }: { name: string; photos: readonly string[] }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);

  if (photos.length <= 1) {
    return (
      <div className="overflow-hidden rounded-2xl border border-border bg-muted shadow-card">
        <ProductImage src={photos[0]} alt={name} sizes={PHOTO_SIZES} priority />
      </div>
    );
  }

  function show(index: number) {
    const list = track.current;
    const target = list?.children[index] as HTMLElement | undefined;
    if (!list || !target) return;
    setCurrent(index);
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({
      left: target.offsetLeft - list.offsetLeft,
      behavior: smooth ? "smooth" : "auto",
    });
  }

  const alt = (index: number) => `${name}, photo ${index + 1} of ${photos.length}`;
  return (
    <section aria-label={`Photos of ${name}`} className="flex flex-col gap-3">
      <style>{GALLERY_CSS}</style>
      <div className="relative">
        <ul
          ref={track}
          // Focusable so a keyboard can scroll it; the arrow keys move by one photo.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label="Photos"
          onKeyDown={(event) => {
            if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
            event.preventDefault();
            const step = event.key === "ArrowRight" ? 1 : -1;
            show(Math.min(photos.length - 1, Math.max(0, current + step)));
          }}
          onScroll={(event) => {
            const list = event.currentTarget;
            const index = Math.round(list.scrollLeft / Math.max(1, list.clientWidth));
            if (index !== current && index >= 0 && index < photos.length) setCurrent(index);
          }}
          className="pg-track rounded-2xl border border-border bg-muted shadow-card"
        >
          {photos.map((url, index) => (
            <li key={url} id={`photo-${index + 1}`}>
              <ProductImage src={url} alt={alt(index)} sizes={PHOTO_SIZES} priority={index === 0} />
            </li>
          ))}
        </ul>
        {hydrated ? (
          <>
            <GalleryButton
              label="Previous photo"
              disabled={current === 0}
              onClick={() => show(current - 1)}
              className="pg-prev"
            >
              <ChevronLeftIcon aria-hidden="true" />
            </GalleryButton>
            <GalleryButton
              label="Next photo"
              disabled={current === photos.length - 1}
              onClick={() => show(current + 1)}
              className="pg-next"
            >
              <ChevronRightIcon aria-hidden="true" />
            </GalleryButton>
          </>
        ) : null}
      </div>
      <p aria-live="polite" className="pg-js text-center text-sm text-muted-foreground">
        Photo {current + 1} of {photos.length}
      </p>
      <ul aria-label="Choose a photo" className="pg-js pg-thumbs">
        {photos.map((url, index) => (
          <li key={url}>
            <a
              href={`#photo-${index + 1}`}
              aria-label={`Show photo ${index + 1}`}
              aria-current={index === current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                show(index);
              }}
            >
              <ProductImage src={url} alt="" size={80} sizes="80px" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GalleryButton({
  label,
  disabled,
  onClick,
  className,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={`pg-nav ${className}`}
    >
      {children}
    </button>
  );
}
