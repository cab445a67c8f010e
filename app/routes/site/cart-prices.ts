import { data } from "react-router";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { currentPrices, MAX_PRICED_IDS } from "#app/server/catalog/catalog.server.ts";
import { getServices } from "#app/server/context.server.ts";
import type { Route } from "./+types/cart-prices";

/** Current prices for the ids a cart asks about: not kept by the page cache (decision 011). */
export const handle = { pageCache: false } satisfies PageCacheHandle;

/**
 * GET /resources/cart-prices?id=…&id=… → the current name, price (cents) and image of each
 * known product. The cart and checkout pages re-price the browser's cart with it; unknown
 * or malformed ids are simply absent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll("id");
  if (ids.length > MAX_PRICED_IDS) {
    throw data({ message: `At most ${MAX_PRICED_IDS} products per request` }, { status: 400 });
  }
  const { db, logger } = getServices(context);
  try {
    const products = await currentPrices(db, ids);
    return data({ products }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // The pages fall back to the stored prices; the checkout still prices on the server.
    logger.error({ err: error }, "cart prices: reading current prices failed");
    return data({ products: null }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
