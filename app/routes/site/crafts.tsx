import { CalendarClockIcon, PencilRulerIcon } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { CraftsHero } from "#app/components/site/shop/crafts-hero.tsx";
import { ProductGrid } from "#app/components/site/shop/product-card.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import {
  ProductPageSkeleton,
  useNavigatingToProduct,
} from "#app/components/site/shop/product-skeleton.tsx";
import { showToast } from "#app/components/toaster.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { formatCalendarDay } from "#app/lib/dates.ts";
import { DEFAULT_HERO_TILES } from "#app/lib/hero-tiles.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
import {
  listCategories,
  listProducts,
  nextChangeOfCategories,
} from "#app/server/catalog/catalog.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { expiresHeader } from "#app/server/http/page-cache.server.ts";
import { loadHeroTiles } from "#app/server/site/hero-tiles.server.ts";
import type { Route } from "./+types/crafts";

/** The same for every visitor (each `?category=` its own page): kept by the page cache (decision 011). */
export const handle = { pageCache: "public" } satisfies PageCacheHandle;

/** docs/product.md §8.1/§9: '<category> Selected' / 'Showing products from <category>' for 2 seconds. */
const CATEGORY_NOTICE_MS = 2000;

function announceCategory(name: string) {
  showToast({
    id: `category-${name}`,
    type: "message",
    title: `${name} Selected`,
    description: `Showing products from ${name}`,
    duration: CATEGORY_NOTICE_MS,
  });
}

/** The filtered view is a URL, so it can be linked, reloaded and rendered by the server. */
function categoryHref(name: string) {
  return `/crafts?${new URLSearchParams({ category: name })}#products`;
}

/** A category the shop leaves out until its season comes back (decision 014). */
type OffSeason = { name: string; returnsOn: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  const requested = new URL(request.url).searchParams.get("category")?.trim().slice(0, 100);
  const now = new Date();
  try {
    const [all, products, heroTiles] = await Promise.all([
      listCategories(db, now),
      listProducts(db, { category: requested || null }, now),
      loadHeroTiles(db),
    ]);
    // Case-insensitive match (docs/product.md §5.2); show the category's own spelling when it exists.
    const match = requested
      ? all.find((c) => c.name.toLowerCase() === requested.toLowerCase())
      : undefined;
    const categories = all.filter((c) => c.inSeason);
    const offSeason: OffSeason[] = all
      .filter((c) => !c.inSeason)
      .map((c) => ({ name: c.name, returnsOn: c.returnsOn }));
    // The page changes by itself when a season begins or ends: cached no longer than that.
    return data(
      {
        categories,
        offSeason,
        products,
        category: match?.name ?? (requested || null),
        heroTiles,
      },
      { headers: expiresHeader(nextChangeOfCategories(all, now)) },
    );
  } catch (error) {
    // docs/product.md §8.1 "The shop's data failing: logged": the page shows its empty messages.
    logger.error({ err: error }, "crafts: reading the catalogue failed");
    // 503 and never cached: the next visitor gets a fresh try (decision 011, the page cache), and a
    // search engine or CDN does not take the empty shop for the real one (as for a product).
    return data(
      {
        categories: [],
        offSeason: [] as OffSeason[],
        products: [],
        category: requested || null,
        heroTiles: [...DEFAULT_HERO_TILES],
      },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** The loader's own Cache-Control (set only on failure) reaches the page cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const names = (loaderData?.categories ?? []).slice(0, 3).map((c) => c.name);
  const category = loaderData?.category;
  return seo(matches, {
    title: category ? `${category} | Bespoke Creations` : "Bespoke Creations",
    // docs/product.md §2.7: the page description uses the first 3 category names.
    description: names.length
      ? `Handcrafted and personalised gifts, made in Durban: ${names.join(", ")} and more.`
      : "Handcrafted and personalised gifts and seasonal items, made in Durban.",
    path: category ? `/crafts?${new URLSearchParams({ category })}` : "/crafts",
  });
};

/** "Back on 1 April 2027" for a category out of season. */
function returnsText(season: OffSeason) {
  return season.returnsOn ? `Back on ${formatCalendarDay(season.returnsOn)}` : "Out of season";
}

export default function CraftsPage({ loaderData }: Route.ComponentProps) {
  const { categories, offSeason, products, category, heroTiles } = loaderData;
  const offSeasonOf = (name: string | null) =>
    name ? offSeason.find((c) => c.name.toLowerCase() === name.toLowerCase()) : undefined;
  const shownOffSeason = offSeasonOf(category);
  const navigation = useNavigation();
  const navigatingToProduct = useNavigatingToProduct();
  const refiltering = navigation.state === "loading" && navigation.location.pathname === "/crafts";

  if (navigatingToProduct) return <ProductPageSkeleton />;

  return (
    <>
      <CraftsHero
        tiles={heroTiles}
        hrefOf={categoryHref}
        onChoose={announceCategory}
        awayText={(name) => {
          const away = offSeasonOf(name);
          return away ? returnsText(away) : null;
        }}
      />

      <section
        aria-labelledby="categories-heading"
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6"
      >
        <h2 id="categories-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Shop by Category
        </h2>
        {categories.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No categories available</p>
        ) : (
          // Phones scroll the tiles sideways. The scroll padding snaps the first tile in line
          // with the heading (not against the screen's edge); the top padding keeps the
          // selected tile's ring and the focus outline from being clipped by the scroller.
          <ul className="-mx-4 mt-7 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-2 sm:mx-0 sm:mt-8 sm:grid sm:grid-cols-3 sm:scroll-px-0 sm:overflow-visible sm:px-0 sm:pt-0 sm:pb-0 lg:grid-cols-5">
            {categories.map((c) => (
              // 144 px: at 360 px the next tile shows its edge, so the row reads as one to scroll.
              <li key={c.id} className="w-36 shrink-0 snap-start sm:w-auto">
                <Link
                  to={categoryHref(c.name)}
                  preventScrollReset
                  onClick={() => announceCategory(c.name)}
                  aria-current={category === c.name ? "true" : undefined}
                  className={cn(
                    "group flex h-full flex-col overflow-hidden rounded-xl border bg-background shadow-card transition-shadow hover:shadow-lg",
                    category === c.name ? "border-primary ring-2 ring-primary" : "border-border",
                  )}
                >
                  <div className="overflow-hidden">
                    <ProductImage
                      src={c.imageUrl}
                      alt=""
                      size={300}
                      sizes="(min-width: 1280px) 240px, (min-width: 1024px) 20vw, (min-width: 640px) 33vw, 144px"
                      className="transition-transform duration-300 group-hover:scale-105"
                    />
                  </div>
                  <span className="flex flex-1 flex-col gap-1 p-3">
                    <span className="font-semibold leading-snug">{c.name}</span>
                    {c.description ? (
                      <span className="line-clamp-2 text-xs text-muted-foreground">
                        {c.description}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="products" aria-labelledby="products-heading" className="bg-muted/60 py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="products-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {category ? `${category} Products` : "Featured Products"}
            </h2>
            {category ? (
              <Link
                to="/crafts#products"
                preventScrollReset
                className={buttonVariants({ variant: "outline" })}
              >
                View All Products
              </Link>
            ) : null}
          </div>
          <div
            aria-busy={refiltering}
            className={cn("mt-8 transition-opacity", refiltering && "opacity-50")}
          >
            {shownOffSeason ? (
              <OutOfSeasonNotice season={shownOffSeason} />
            ) : products.length === 0 ? (
              <p className="rounded-xl border border-dashed border-input bg-background p-10 text-center text-muted-foreground">
                {category
                  ? `No products available in the ${category} category`
                  : "No products available"}
              </p>
            ) : (
              <ProductGrid products={products} />
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="custom-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            <PencilRulerIcon
              aria-hidden="true"
              className="size-8 shrink-0 text-accent-soft sm:mt-1"
            />
            <div>
              <h2 id="custom-heading" className="text-2xl font-bold">
                Looking for something unique?
              </h2>
              <p className="mt-2 max-w-xl text-primary-muted-foreground">
                Tell us your idea and we will design and make a one-of-a-kind piece: engraved,
                printed, laser-cut or lit.
              </p>
            </div>
          </div>
          <Link to="/contact" className={cn(buttonVariants({ variant: "accent", size: "lg" }))}>
            Request a Custom Order
          </Link>
        </div>
      </section>
    </>
  );
}

/** A filtered view of a category out of season: when it returns, not an empty list. */
function OutOfSeasonNotice({ season }: { season: OffSeason }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-background p-10 text-center">
      <CalendarClockIcon aria-hidden="true" className="size-8 text-primary" />
      <p className="text-lg font-semibold">{`${season.name} is out of season`}</p>
      <p className="max-w-md text-muted-foreground">
        {season.returnsOn
          ? `It returns on ${formatCalendarDay(season.returnsOn)}. Meanwhile, browse all our products or ask us for a custom piece.`
          : "Browse all our products meanwhile, or ask us for a custom piece."}
      </p>
    </div>
  );
}
