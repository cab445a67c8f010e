import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartItem,
  cartCount,
  cartTotalCents,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
} from "./cart.ts";
import { applyCurrentPrices, repriceCart } from "./cart-prices.ts";

const box = { id: "a", name: "Box", priceCents: 45000, imageUrl: null };
const frame = { id: "b", name: "Frame", priceCents: 28050, imageUrl: "/x.webp" };

describe("cart rules (docs/product.md §5.1)", () => {
  it("appends a new item with quantity 1 and increments an existing one", () => {
    let items: CartItem[] = addToCart([], box);
    expect(items).toEqual([{ ...box, quantity: 1 }]);
    items = addToCart(items, frame);
    items = addToCart(items, box);
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
  });

  it("removes a line whose quantity is set to 0 or less", () => {
    const items = addToCart(addToCart([], box), frame);
    expect(setCartQuantity(items, { id: "a" }, 0).map((i) => i.id)).toEqual(["b"]);
    expect(setCartQuantity(items, { id: "b" }, -3).map((i) => i.id)).toEqual(["a"]);
    expect(setCartQuantity(items, { id: "a" }, 4).find((i) => i.id === "a")?.quantity).toBe(4);
  });

  it("removes a line by id", () => {
    expect(removeFromCart(addToCart([], box), { id: "a" })).toEqual([]);
  });

  it("totals price × quantity in cents and counts quantities", () => {
    const items = setCartQuantity(addToCart(addToCart([], box), frame), { id: "b" }, 3);
    expect(cartTotalCents(items)).toBe(45000 + 3 * 28050);
    expect(cartCount(items)).toBe(4);
  });

  it("restores only well-formed lines from storage", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([
      { ...box, quantity: 2 },
      { id: "x", quantity: -1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([{ ...box, quantity: 2 }]);
    const odd = JSON.stringify([
      { ...frame, quantity: 1000, extra: "dropped" },
      { ...box, priceCents: 12.5, quantity: 1 },
      { ...box, id: "", quantity: 1 },
      { ...box, imageUrl: 42, quantity: 1 },
      null,
    ]);
    expect(parseStoredCart(odd)).toEqual([{ ...frame, quantity: MAX_LINE_QUANTITY }]);
  });
});

describe("quantity cap", () => {
  it("never goes above the cap by adding or setting", () => {
    let items: CartItem[] = setCartQuantity(addToCart([], box), { id: "a" }, MAX_LINE_QUANTITY);
    expect(items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    items = addToCart(items, box);
    expect(items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setCartQuantity(items, { id: "a" }, 1000)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setCartQuantity(items, { id: "a" }, Number.NaN)).toEqual([]);
  });
});

describe("re-pricing against the server (never silently charged)", () => {
  const items = setCartQuantity(addToCart(addToCart([], box), frame), { id: "b" }, 2);

  it("marks a changed price and counts the current one in the total", () => {
    const priced = repriceCart(items, [
      { id: "a", name: "Box", priceCents: 45000, imageUrl: null },
      { id: "b", name: "Frame (oak)", priceCents: 30000, imageUrl: "/y.webp" },
    ]);
    expect(priced.lines.map((l) => l.status)).toEqual(["ok", "price-changed"]);
    expect(priced.changed[0]).toMatchObject({
      name: "Frame (oak)",
      priceCents: 30000,
      previousPriceCents: 28050,
    });
    expect(priced.totalCents).toBe(45000 + 2 * 30000);
    expect(priced.count).toBe(3);
  });

  it("marks a product that no longer exists and leaves it out of the totals", () => {
    const priced = repriceCart(items, [
      { id: "a", name: "Box", priceCents: 45000, imageUrl: null },
    ]);
    expect(priced.unavailable.map((l) => l.id)).toEqual(["b"]);
    expect(priced.totalCents).toBe(45000);
    expect(priced.count).toBe(1);
  });

  it("stores the current prices once accepted, keeping quantities", () => {
    const updated = applyCurrentPrices(items, [
      { id: "b", name: "Frame", priceCents: 30000, imageUrl: null },
    ]);
    expect(updated).toEqual([
      { ...box, quantity: 1 },
      { ...frame, priceCents: 30000, imageUrl: null, quantity: 2 },
    ]);
    expect(
      repriceCart(updated, [
        { id: "a", name: "Box", priceCents: 45000, imageUrl: null },
        { id: "b", name: "Frame", priceCents: 30000, imageUrl: null },
      ]).changed,
    ).toEqual([]);
  });
});

describe("personalised lines (decision 040)", () => {
  const keyring = { id: "k", name: "Keyring", priceCents: 8500, imageUrl: null };
  const sipho = { ...keyring, personalisation: "Sipho" };
  const thandi = { ...keyring, personalisation: "Thandi" };

  it("keeps each distinct text its own line, and the same text adds up", () => {
    const items = addToCart(addToCart(addToCart(addToCart([], sipho), thandi), sipho), keyring);
    expect(items.map((i) => [i.personalisation, i.quantity])).toEqual([
      ["Sipho", 2],
      ["Thandi", 1],
      [undefined, 1],
    ]);
    expect(cartCount(items)).toBe(4);
    expect(cartTotalCents(items)).toBe(4 * 8500);
  });

  it("changes and removes one line, not every line of the product", () => {
    const items = addToCart(addToCart(addToCart([], sipho), thandi), keyring);
    expect(
      setCartQuantity(items, { id: "k", personalisation: "Thandi" }, 5).map((i) => i.quantity),
    ).toEqual([1, 5, 1]);
    expect(
      removeFromCart(items, { id: "k", personalisation: "Sipho" }).map((i) => i.personalisation),
    ).toEqual(["Thandi", undefined]);
    expect(removeFromCart(items, { id: "k" }).map((i) => i.personalisation)).toEqual([
      "Sipho",
      "Thandi",
    ]);
  });

  it("loads a cart stored before personalisation existed, and one with texts", () => {
    // Exactly what the previous version wrote to localStorage.
    const old = '[{"id":"a","name":"Box","priceCents":45000,"imageUrl":null,"quantity":2}]';
    const loaded = parseStoredCart(old);
    expect(loaded).toEqual([
      { id: "a", name: "Box", priceCents: 45000, imageUrl: null, quantity: 2 },
    ]);
    expect(addToCart(loaded, box)[0]?.quantity).toBe(3);
    const stored = JSON.stringify([
      { ...sipho, quantity: 1 },
      { ...thandi, quantity: 2 },
    ]);
    expect(parseStoredCart(stored).map((i) => i.personalisation)).toEqual(["Sipho", "Thandi"]);
  });

  it("drops a stored personalisation that is not a text, keeping the line", () => {
    const stored = JSON.stringify([
      { ...keyring, quantity: 1, personalisation: 42 },
      { ...keyring, quantity: 1, personalisation: "" },
    ]);
    expect(parseStoredCart(stored)).toEqual([
      { ...keyring, quantity: 1 },
      { ...keyring, quantity: 1 },
    ]);
  });
});
