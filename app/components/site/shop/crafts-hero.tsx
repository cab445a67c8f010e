import {
  ArrowRightIcon,
  EggIcon,
  FlowerIcon,
  GiftIcon,
  HeartIcon,
  StarIcon,
  TreePineIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { HeroTile, HeroTileIcon } from "#app/lib/hero-tiles.ts";

const TILE_ICONS: Record<HeroTileIcon, typeof HeartIcon> = {
  heart: HeartIcon,
  egg: EggIcon,
  gift: GiftIcon,
  star: StarIcon,
  flower: FlowerIcon,
  tree: TreePineIcon,
};

/**
 * The /crafts hero with its quick category tiles (docs/product.md §2.7): the owner's three
 * (Settings → Shop hero tiles, decision 042). A tile whose category is out of season says
 * when it returns (decision 014).
 */
export function CraftsHero({
  tiles,
  hrefOf,
  onChoose,
  awayText,
}: {
  tiles: readonly HeroTile[];
  hrefOf: (name: string) => string;
  onChoose: (name: string) => void;
  /** "Back on 1 April 2027" for a category out of season; null when it is in season. */
  awayText: (name: string) => string | null;
}) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(245_158_11/0.25),transparent_45%),radial-gradient(circle_at_85%_70%,rgb(37_99_235/0.35),transparent_50%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-soft">
          Handmade in Durban
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          Bespoke Creations
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-foreground">
          Handcrafted and personalised gifts and seasonal pieces, designed and made in our workshop
          with the same care we give our engineering work.
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {tiles.map(({ name, blurb, icon }) => {
            const Icon = TILE_ICONS[icon];
            // Out of season, the tile says when its category returns (decision 014).
            const away = awayText(name);
            return (
              <li key={name}>
                <Link
                  to={hrefOf(name)}
                  preventScrollReset
                  onClick={() => onChoose(name)}
                  className="group flex h-full items-center gap-4 rounded-xl border border-white/15 bg-white/10 p-4 backdrop-blur transition-colors hover:bg-white/20"
                >
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold">{name}</span>
                    <span className="text-sm text-ink-muted">{away ?? blurb}</span>
                  </span>
                  <ArrowRightIcon
                    aria-hidden="true"
                    className="ml-auto size-5 shrink-0 transition-transform group-hover:translate-x-1"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
