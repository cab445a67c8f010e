import { ArrowLeftIcon, PackageSearchIcon } from "lucide-react";
import { data, Link } from "react-router";
import { AddToCartButton } from "#app/components/site/shop/add-to-cart-button.tsx";
import { PersonalisedAddToCart } from "#app/components/site/shop/personalised-add-to-cart.tsx";
import { ProductGrid } from "#app/components/site/shop/product-card.tsx";
import { ProductGallery } from "#app/components/site/shop/product-gallery.tsx";
import {
  ProductPageSkeleton,
  useNavigatingToProduct,
} from "#app/components/site/shop/product-skeleton.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { centsToDecimal, formatRand } from "#app/lib/money.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { publicUrlFrom, seo } from "#app/lib/seo.ts";
import type { Toast } from "#app/lib/toast.ts";
import {
  getProduct,
  nextCatalogSeasonChange,
  relatedProducts,
} from "#app/server/catalog/catalog.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { expiresHeader } from "#app/server/http/page-cache.server.ts";
import type { Route } from "./+types/product";

/** A product id: 36 hex digits and dashes. Other addresses are rendered each time. */
const PRODUCT_ID = /^[0-9a-fA-F-]{36}$/;
/** The same for every visitor: kept by the page cache for a product id (decision 011). */
export const handle = {
  pageCache: "public",
  pageCacheParams: { id: PRODUCT_ID },
} satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, logger } = getServices(context);
  try {
    // A malformed id is unknown too (validated before any query): 404, never a 500.
    const now = new Date();
    const product = await getProduct(db, params.id, now);
    if (!product) return data({ product: null, related: [], toast: null }, { status: 404 });
    const [related, seasonChange] = await Promise.all([
      relatedProducts(db, product, undefined, now),
      nextCatalogSeasonChange(db, now),
    ]);
    // Its category tags leave out categories out of season (decision 014): the page changes by
    // itself when a season begins or ends, so it is cached no longer than that.
    return data({ product, related, toast: null }, { headers: expiresHeader(seasonChange) });
  } catch (error) {
    // docs/product.md §8.1, a product that cannot be loaded: the notice, then the not-found view.
    logger.error({ err: error, productId: params.id }, "product: reading the product failed");
    const toast: Toast = {
      id: `product-load-${params.id}`,
      type: "destructive",
      title: "Error",
      description: "Failed to load product details",
    };
    return data({ product: null, related: [], toast }, { status: 503 });
  }
}

/** The loader's Expires reaches the page cache (and a CDN) with the page. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const product = loaderData?.product;
  if (!product) {
    return [{ title: "Product not found" }, { name: "robots", content: "noindex" }];
  }
  return [
    ...seo(matches, {
      title: product.name,
      description:
        product.description ??
        `${product.name}, handmade in Durban. ${formatRand(product.priceCents)}.`,
      path: `/products/${params.id}`,
      image: product.imageUrl ?? undefined,
    }),
    // React Router escapes it, so no text in the data can close the script element.
    { "script:ld+json": productJsonLd(product, publicUrlFrom(matches)) },
  ];
};

/** schema.org Product for search engines: name, image, price in ZAR and availability. */
function productJsonLd(
  product: NonNullable<Route.ComponentProps["loaderData"]["product"]>,
  baseUrl: string,
): Record<string, unknown> {
  const url = `${baseUrl}/products/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    // The photo, or every photo with the cover first (decision 039).
    ...(product.photos.length > 0
      ? {
          image:
            product.photos.length === 1
              ? `${baseUrl}${product.photos[0]}`
              : product.photos.map((url) => `${baseUrl}${url}`),
        }
      : {}),
    category: product.categories.map((c) => c.name).join(", ") || undefined,
    url,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "ZAR",
      price: centsToDecimal(product.priceCents),
      availability: "https://schema.org/InStock",
    },
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigatingToProduct = useNavigatingToProduct();
  useShowToast(loaderData.toast);
  if (navigatingToProduct) return <ProductPageSkeleton />;

  const { product, related } = loaderData;
  if (!product) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-24 text-center">
        <PackageSearchIcon aria-hidden="true" className="size-14 text-muted-foreground" />
        <h1 className="text-3xl font-bold">Product not found</h1>
        <p className="text-muted-foreground">
          This product may have been removed, or the link is not quite right.
        </p>
        <Link to="/crafts" className="font-semibold text-primary underline underline-offset-4">
          Back to Crafts
        </Link>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link
        to="/crafts"
        className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to Crafts
      </Link>

      <article className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductGallery name={product.name} photos={product.photos} />
        <div className="flex flex-col gap-5">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{product.name}</h1>
          <p className="text-3xl font-bold text-primary">{formatRand(product.priceCents)}</p>
          {product.categories.length > 0 ? (
            <ul aria-label="Categories" className="flex flex-wrap gap-2">
              {product.categories.map((c) => (
                <li key={c.id}>
                  <Link
                    to={`/crafts?${new URLSearchParams({ category: c.name })}#products`}
                    className="inline-flex items-center rounded-full border border-border bg-muted px-3 py-1 text-sm font-medium hover:border-primary hover:text-primary"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {product.description ? (
            <p className="text-lg leading-relaxed text-muted-foreground">{product.description}</p>
          ) : null}
          {product.personalisation ? (
            <PersonalisedAddToCart
              rules={product.personalisation}
              product={{
                id: product.id,
                name: product.name,
                priceCents: product.priceCents,
                imageUrl: product.imageUrl,
              }}
            />
          ) : (
            <AddToCartButton
              size="lg"
              className="w-full sm:w-auto sm:self-start"
              product={{
                id: product.id,
                name: product.name,
                priceCents: product.priceCents,
                imageUrl: product.imageUrl,
              }}
            />
          )}
          <p className="text-sm text-muted-foreground">
            No online payment: after you order, we contact you to arrange payment and delivery.
          </p>
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            You may also like
          </h2>
          <div className="mt-6">
            <ProductGrid products={related} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
