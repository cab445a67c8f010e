import { type CartItem, cartCount, cartTotalCents } from "./cart.ts";

/*
 * The cart as the server prices it now (docs/product.md §5.1 "Cart"): used by the cart and the
 * checkout only, so kept out of app/lib/cart.ts, which every public page loads.
 */

/** What the server says a product is now called and costs (the cart's re-pricing). */
export interface CurrentProduct {
  id: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
}

export type PricedLine = CartItem &
  (
    | { status: "ok" }
    /** The price went up or down since the item was added: shown, never silently charged. */
    | { status: "price-changed"; previousPriceCents: number }
    /** The product no longer exists: it cannot be ordered and is left out of the totals. */
    | { status: "unavailable" }
  );

/**
 * The cart as the server prices it now. Lines take the current name, price and image;
 * a changed price or a missing product is marked. Totals count only orderable lines.
 */
export function repriceCart(items: readonly CartItem[], current: readonly CurrentProduct[]) {
  const byId = new Map(current.map((product) => [product.id.toLowerCase(), product]));
  const lines: PricedLine[] = items.map((item) => {
    const now = byId.get(item.id.toLowerCase());
    if (!now) return { ...item, status: "unavailable" };
    const updated = { ...item, name: now.name, priceCents: now.priceCents, imageUrl: now.imageUrl };
    return now.priceCents === item.priceCents
      ? { ...updated, status: "ok" }
      : { ...updated, status: "price-changed", previousPriceCents: item.priceCents };
  });
  const orderable = lines.filter((line) => line.status !== "unavailable");
  return {
    lines,
    totalCents: cartTotalCents(orderable),
    count: cartCount(orderable),
    changed: lines.filter((line) => line.status === "price-changed"),
    unavailable: lines.filter((line) => line.status === "unavailable"),
  };
}

/** Takes the server's current names, prices and images into the stored cart. */
export function applyCurrentPrices(
  items: readonly CartItem[],
  current: readonly CurrentProduct[],
): CartItem[] {
  const byId = new Map(current.map((product) => [product.id.toLowerCase(), product]));
  return items.map((item) => {
    const now = byId.get(item.id.toLowerCase());
    return now
      ? { ...item, name: now.name, priceCents: now.priceCents, imageUrl: now.imageUrl }
      : item;
  });
}
