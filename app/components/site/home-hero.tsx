import { ArrowRightIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { COMPANY } from "#app/content/company.ts";
import { HERO_CTAS, HERO_INTRO, HERO_ROTATION_MS, HERO_TILES } from "#app/content/site.ts";
import { cn } from "#app/lib/utils.ts";
import { useShopContact } from "./use-shop-contact.ts";

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * Home hero (docs/product.md §2.4): the call to action rotates every 3 s through the three divisions.
 * WCAG 2.2.2 asks that moving content can be paused: the rotation waits while the pointer or
 * the keyboard focus is on it, stops for good with the pause button, and never starts under
 * reduced motion. The link is one element whose text and target change, so a keyboard user
 * who has tabbed onto it keeps the focus. All three stay reachable through the D/H/B tiles.
 */
export function HomeHero() {
  const { name } = useShopContact();
  const [slide, setSlide] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !paused && !held;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setSlide((current) => (current + 1) % HERO_CTAS.length),
      HERO_ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotating]);
  const cta = HERO_CTAS[slide]!;

  return (
    <section className="relative overflow-hidden bg-ink text-white" aria-labelledby="hero-heading">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_15%_25%,color-mix(in_srgb,var(--color-primary)_60%,transparent),transparent_55%),radial-gradient(circle_at_90%_75%,color-mix(in_srgb,var(--color-accent)_20%,transparent),transparent_45%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1.4fr_1fr] lg:py-28">
        <div>
          <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-accent-soft">
            {name} · {COMPANY.address.city}
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {COMPANY.tagline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-foreground">{HERO_INTRO}</p>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only holds the rotation while the pointer or focus is here */}
          <div
            className="mt-8 flex flex-wrap items-center gap-4"
            onMouseEnter={() => setHeld(true)}
            onMouseLeave={() => setHeld(false)}
            onFocus={() => setHeld(true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
            }}
          >
            <Link
              to={cta.to}
              data-testid="hero-cta"
              className={cn(buttonVariants({ variant: "accent", size: "lg" }), "min-w-72")}
            >
              <span key={cta.to} className="motion-safe:animate-fade-in">
                {cta.label}
              </span>
              <ArrowRightIcon aria-hidden="true" />
            </Link>
            <div className="flex items-center gap-3">
              <ol className="flex gap-2" aria-label="Highlighted division">
                {HERO_CTAS.map((item, index) => (
                  <li
                    key={item.to}
                    aria-current={index === slide ? "true" : undefined}
                    className={cn(
                      "h-1.5 w-8 rounded-full transition-colors",
                      index === slide ? "bg-accent-hover" : "bg-white/30",
                    )}
                  >
                    <span className="sr-only">{item.label}</span>
                  </li>
                ))}
              </ol>
              {/* Hidden by CSS under reduced motion (nothing rotates), so the row never shifts. */}
              <button
                type="button"
                onClick={() => setPaused((value) => !value)}
                aria-label={paused ? "Play the rotation" : "Pause the rotation"}
                className="flex size-9 items-center justify-center rounded-full border border-white/25 text-white transition-colors hover:border-accent-soft hover:text-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-soft motion-reduce:hidden"
              >
                {paused ? (
                  <PlayIcon aria-hidden="true" className="size-4" />
                ) : (
                  <PauseIcon aria-hidden="true" className="size-4" />
                )}
              </button>
            </div>
          </div>
        </div>
        <ul className="grid grid-cols-3 gap-3 sm:gap-4" aria-label="Divisions">
          {HERO_TILES.map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="group flex aspect-square flex-col items-center justify-center gap-1 rounded-xl border border-white/15 bg-white/5 backdrop-blur transition-colors hover:border-accent-soft hover:bg-white/10"
              >
                <span
                  aria-hidden="true"
                  className="text-4xl font-black text-white group-hover:text-accent-soft sm:text-5xl"
                >
                  {tile.letter}
                </span>
                <span className="text-sm font-medium text-ink-foreground">{tile.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
