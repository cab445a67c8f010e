import { useEffect, useMemo } from "react";
import { useFetcher } from "react-router";
import type { CartItem } from "#app/lib/cart.ts";
import { type CurrentProduct, repriceCart } from "#app/lib/cart-prices.ts";

export const CART_PRICES_PATH = "/resources/cart-prices";

/**
 * Asks the server for the current names and prices of the cart's products whenever the set
 * of products changes, and returns the cart priced by them (decision 005: a changed price or a
 * product that no longer exists is shown, never silently charged). Until the answer
 * arrives, `priced` is null.
 */
export function useCartPrices(items: readonly CartItem[]) {
  const fetcher = useFetcher<{ products: CurrentProduct[] | null }>();
  const idsKey = useMemo(
    () => [...new Set(items.map((item) => item.id))].sort().join(","),
    [items],
  );
  const { load } = fetcher;
  useEffect(() => {
    if (!idsKey) return;
    const params = new URLSearchParams(idsKey.split(",").map((id) => ["id", id]));
    void load(`${CART_PRICES_PATH}?${params}`);
  }, [idsKey, load]);

  const current = fetcher.data?.products ?? null;
  const priced = useMemo(() => (current ? repriceCart(items, current) : null), [items, current]);
  return {
    priced,
    current,
    /** The server could not answer: show the stored prices (the order is priced anyway). */
    failed:
      fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data.products === null,
    loading: fetcher.state !== "idle" || (Boolean(idsKey) && !fetcher.data),
    refresh: () => {
      if (!idsKey) return;
      const params = new URLSearchParams(idsKey.split(",").map((id) => ["id", id]));
      void load(`${CART_PRICES_PATH}?${params}`);
    },
  };
}
