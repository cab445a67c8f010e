import { useSyncExternalStore } from "react";

/*
 * The browser-kept cart (docs/product.md §5.1 "Cart"): persisted in localStorage under one fixed key,
 * restored on load and shared by all tabs through the storage event. Prices here are only
 * for display: checkout sends product ids and quantities, the server prices the order.
 * Every public page loads this module: the re-pricing, which only the cart and checkout use,
 * is in app/lib/cart-prices.ts.
 */

export const CART_STORAGE_KEY = "cart";

/** The most of one product a line may hold; the server refuses more (a sane cap, decision 005). */
export const MAX_LINE_QUANTITY = 99;

export interface CartItem {
  id: string;
  name: string;
  /** Integer cents, for display only. */
  priceCents: number;
  imageUrl?: string | null;
  quantity: number;
  /** The buyer's text for a personalised product (decision 040): each text is its own line. */
  personalisation?: string;
}

/** A line is its product and its text: the same keyring with two names is two lines. */
export const sameLine = (a: CartLine, b: CartLine) =>
  a.id === b.id && a.personalisation === b.personalisation;
export type CartLine = Pick<CartItem, "id" | "personalisation">;

/**
 * A stored line is trusted only if well-formed. Hand-written rather than a zod schema: the
 * cart store is on every public page and zod would add ~20 KB (gzip) to each of them.
 */
function toCartItem(value: unknown): CartItem | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, priceCents, imageUrl, quantity, personalisation } = value as Record<
    string,
    unknown
  >;
  if (typeof id !== "string" || id.length === 0 || typeof name !== "string") return null;
  if (!Number.isSafeInteger(priceCents) || (priceCents as number) < 0) return null;
  if (!Number.isSafeInteger(quantity) || (quantity as number) <= 0) return null;
  if (imageUrl !== undefined && imageUrl !== null && typeof imageUrl !== "string") return null;
  return {
    id,
    name,
    priceCents: priceCents as number,
    imageUrl: (imageUrl as string | null | undefined) ?? null,
    quantity: Math.min(quantity as number, MAX_LINE_QUANTITY),
    // Carts from before personalisation have none; anything but a text is dropped.
    ...(typeof personalisation === "string" && personalisation ? { personalisation } : {}),
  };
}
export type CartProduct = Omit<CartItem, "quantity">;

// ---- Pure rules (unit-tested) -------------------------------------------------------------

/** A line already present goes up by one (up to the cap); otherwise it is appended with 1. */
export function addToCart(items: readonly CartItem[], product: CartProduct): CartItem[] {
  if (items.some((item) => sameLine(item, product))) {
    return items.map((item) =>
      sameLine(item, product)
        ? { ...item, quantity: Math.min(item.quantity + 1, MAX_LINE_QUANTITY) }
        : item,
    );
  }
  return [...items, { ...product, quantity: 1 }];
}

/** A quantity of 0 or less removes the line. */
export function setCartQuantity(items: readonly CartItem[], line: CartLine, quantity: number) {
  const capped = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  if (!(capped > 0)) return removeFromCart(items, line);
  return items.map((item) => (sameLine(item, line) ? { ...item, quantity: capped } : item));
}

export function removeFromCart(items: readonly CartItem[], line: CartLine): CartItem[] {
  return items.filter((item) => !sameLine(item, line));
}

/** Total = sum of price × quantity (integer cents). */
export function cartTotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

/** Count = sum of quantities. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Reads a stored cart, dropping anything malformed rather than failing the page. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const item = toCartItem(entry);
      return item ? [item] : [];
    });
  } catch {
    return [];
  }
}

// ---- The store ----------------------------------------------------------------------------

const EMPTY: CartItem[] = [];
let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };
const listeners = new Set<() => void>();

function readCart(): CartItem[] {
  if (typeof window === "undefined") return EMPTY;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY; // Storage disabled (private mode on some browsers): an empty cart.
  }
  if (raw !== cache.raw) cache = { raw, items: parseStoredCart(raw) };
  return cache.items;
}

function writeCart(items: CartItem[]) {
  try {
    if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Quota or disabled storage: keep going with what the page shows.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const cartActions = {
  add: (product: CartProduct) => writeCart(addToCart(readCart(), product)),
  setQuantity: (line: CartLine, quantity: number) =>
    writeCart(setCartQuantity(readCart(), line, quantity)),
  remove: (line: CartLine) => writeCart(removeFromCart(readCart(), line)),
  clear: () => writeCart([]),
  /** Any other change, e.g. the current prices the visitor accepted (app/lib/cart-prices.ts). */
  update: (change: (items: CartItem[]) => CartItem[]) => writeCart(change(readCart())),
};

/** The cart's lines, count and total; empty during server rendering. */
export function useCart() {
  const items = useSyncExternalStore(subscribe, readCart, () => EMPTY);
  return { items, count: cartCount(items), totalCents: cartTotalCents(items) };
}
