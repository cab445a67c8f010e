import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { ProductSummary } from "#app/lib/catalog.ts";
import { formatRand } from "#app/lib/money.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { ProductImage } from "./product-image.tsx";

/**
 * A listing card: image, first linked category or 'Uncategorized' (docs/product.md §4), name, price and
 * Add to Cart (Personalise, to the product page, when the product needs a text). The name's
 * link covers the card, the button stays on top of it.
 */
export function ProductCard({
  product,
  priority,
}: {
  product: ProductSummary;
  priority?: boolean;
}) {
  const category = product.categories[0]?.name ?? "Uncategorized";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-background shadow-card transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-lg">
      <div className="overflow-hidden">
        <ProductImage
          src={product.imageUrl}
          alt=""
          size={400}
          sizes="(min-width: 1280px) 296px, (min-width: 1024px) 33vw, 50vw"
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        {/* Wraps on a narrow card rather than cutting the name ("Easter Collection"). */}
        <p className="text-[0.6875rem] font-semibold uppercase leading-snug tracking-wide break-words text-primary sm:text-xs">
          {category}
        </p>
        <h3 className="text-sm font-semibold leading-snug sm:text-base">
          <Link
            to={`/products/${product.id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            prefetch="intent"
          >
            {product.name}
          </Link>
        </h3>
        <p className="mt-auto text-base font-bold sm:text-lg">{formatRand(product.priceCents)}</p>
        {product.personalisationRequired ? (
          // The buyer must write a text first: it is asked on the product page (decision 040).
          <Link
            to={`/products/${product.id}`}
            className={buttonVariants({ className: "relative z-10 w-full px-2" })}
            aria-label={`Personalise: ${product.name}`}
          >
            Personalise
          </Link>
        ) : (
          <AddToCartButton
            className="relative z-10 w-full px-2"
            product={{
              id: product.id,
              name: product.name,
              priceCents: product.priceCents,
              imageUrl: product.imageUrl,
            }}
          />
        )}
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: ProductSummary[];
  priorityCount?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
