import { MinusIcon, PlusIcon, ShoppingCartIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CartSkeleton } from "#app/components/site/shop/cart-skeleton.tsx";
import { LinePersonalisation, lineName } from "#app/components/site/shop/line-personalisation.tsx";
import { OrderTotals } from "#app/components/site/shop/order-totals.tsx";
import { PriceNotice } from "#app/components/site/shop/price-notice.tsx";
import { ProductImage } from "#app/components/site/shop/product-image.tsx";
import {
  ProductPageSkeleton,
  useNavigatingToProduct,
} from "#app/components/site/shop/product-skeleton.tsx";
import { useCartPrices } from "#app/components/site/shop/use-cart-prices.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { cartActions, MAX_LINE_QUANTITY, useCart } from "#app/lib/cart.ts";
import { applyCurrentPrices, type PricedLine } from "#app/lib/cart-prices.ts";
import { formatRand } from "#app/lib/money.ts";
import type { PageCacheHandle } from "#app/lib/page-cache-handle.ts";
import { seo } from "#app/lib/seo.ts";
import { cn } from "#app/lib/utils.ts";
import type { Route } from "./+types/cart";

/** The cart lives in the visitor's browser; never kept by the page cache (decision 011). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Your Cart",
    description: "The items in your cart.",
    path: "/cart",
  });

export default function CartPage() {
  const hydrated = useHydrated();
  const navigatingToProduct = useNavigatingToProduct();
  if (navigatingToProduct) return <ProductPageSkeleton />;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your Cart</h1>
      {/* At least as tall as the skeleton and the empty cart, so the footer stays where it
          was drawn when the browser's cart replaces the skeleton (no layout shift). */}
      <div className="mt-8 min-h-[26rem]">
        {hydrated ? <CartContents /> : <CartSkeleton label="Loading your cart" />}
      </div>
    </section>
  );
}

const EMPTY_CART_HEADING_ID = "empty-cart-heading";

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-input px-6 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-muted">
        <ShoppingCartIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      </span>
      {/* Focused when the last line goes (Remove, Clear Cart), so focus is not lost. */}
      <h2 id={EMPTY_CART_HEADING_ID} tabIndex={-1} className="text-2xl font-bold outline-none">
        Your cart is empty
      </h2>
      <p className="max-w-md text-muted-foreground">
        Looks like you haven't added any products to your cart yet.
      </p>
      <Link to="/crafts" className={buttonVariants({ size: "lg" })}>
        Continue Shopping
      </Link>
    </div>
  );
}

/**
 * Focuses `element` if it can take the focus; true if it did. (Not return-focus.ts's
 * `focusElement`: importing that module would add a script to a first visit of /cart.)
 */
function focusIfPresent(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * WCAG 2.4.3 Focus Order: a removed line takes its Remove button (which had focus) with it.
 * Focus then goes to the Remove button of the line that took its place, or of the line
 * before for the last one, or to the empty cart's heading when none is left (also after
 * Clear Cart), never to <body>. `removed(index)` says which line is going.
 */
function useFocusAfterRemoval(items: unknown) {
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lines change
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const buttons = list.current?.querySelectorAll("[data-cart-remove]") ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (!focusIfPresent(next)) focusIfPresent(document.getElementById(EMPTY_CART_HEADING_ID));
  }, [items]);
  return {
    list,
    removed: (index: number) => {
      pending.current = index;
    },
  };
}

function CartContents() {
  const cart = useCart();
  const { priced, current, loading } = useCartPrices(cart.items);
  const focus = useFocusAfterRemoval(cart.items);
  if (cart.items.length === 0) return <EmptyCart />;

  // Until the server has answered, the stored prices are shown (and said to be checked).
  const lines: PricedLine[] =
    priced?.lines ?? cart.items.map((item) => ({ ...item, status: "ok" }));
  const totalCents = priced?.totalCents ?? cart.totalCents;

  return (
    <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        {priced ? (
          <PriceNotice
            changed={priced.changed}
            unavailable={priced.unavailable}
            action={
              priced.changed.length > 0 && current ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="self-start"
                  onClick={() => {
                    // The notice and this button go: the lines, at their new prices, take
                    // the focus rather than <body>.
                    focusIfPresent(focus.list.current);
                    cartActions.update((items) => applyCurrentPrices(items, current));
                  }}
                >
                  OK, use the new prices
                </Button>
              ) : null
            }
          />
        ) : null}
        {/* tabIndex -1: it takes the focus when the price notice's button goes. */}
        <ul ref={focus.list} tabIndex={-1} aria-label="Cart items" className="flex flex-col gap-4">
          {lines.map((line, index) => (
            <li key={`${line.id} ${line.personalisation ?? ""}`}>
              <CartLine
                line={line}
                onRemove={() => {
                  focus.removed(index);
                  cartActions.remove(line);
                }}
              />
            </li>
          ))}
        </ul>
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              focus.removed(0);
              cartActions.clear();
            }}
          >
            <Trash2Icon aria-hidden="true" />
            Clear Cart
          </Button>
        </div>
      </div>

      <aside
        aria-labelledby="summary-heading"
        className="rounded-2xl border border-border bg-muted/50 p-6 shadow-card lg:sticky lg:top-24"
      >
        <h2 id="summary-heading" className="text-lg font-bold">
          Order Summary
        </h2>
        <OrderTotals
          totalCents={totalCents}
          shipping="Calculated at checkout"
          loading={loading}
          subtotalTestId="cart-subtotal"
          totalTestId="cart-total"
          className="mt-4"
          noticeClassName="mt-2"
        />
        <div className="mt-4 flex flex-col gap-3">
          <Link to="/checkout" className={buttonVariants({ size: "lg" })}>
            Proceed to Checkout
          </Link>
          <Link to="/crafts" className={buttonVariants({ variant: "outline" })}>
            Continue Shopping
          </Link>
        </div>
      </aside>
    </div>
  );
}

function CartLine({ line, onRemove }: { line: PricedLine; onRemove: () => void }) {
  const unavailable = line.status === "unavailable";
  // A button that reaches its limit turns disabled under the keyboard, which would drop the
  // focus to <body> (WCAG 2.4.3): the other button takes it first.
  const decrease = useRef<HTMLButtonElement>(null);
  const increase = useRef<HTMLButtonElement>(null);
  // Two lines of one product differ by their text: it is part of each line's name.
  const name = lineName(line);
  return (
    <article
      aria-label={name}
      className={cn(
        "flex gap-4 rounded-xl border border-border bg-background p-4 shadow-card",
        unavailable && "bg-muted",
      )}
    >
      <div className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24">
        <ProductImage src={line.imageUrl} alt="" size={96} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug">
            {unavailable ? (
              line.name
            ) : (
              <Link to={`/products/${line.id}`} className="hover:text-primary hover:underline">
                {line.name}
              </Link>
            )}
          </h3>
          <LinePersonalisation text={line.personalisation} />
          {unavailable ? (
            <p className="mt-1 text-sm font-medium text-destructive">No longer available</p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              {formatRand(line.priceCents)} each
              {line.status === "price-changed" ? (
                <span className="ml-2 rounded bg-warning-emphasis px-1.5 py-0.5 text-xs font-semibold text-warning-text">
                  was {formatRand(line.previousPriceCents)}
                </span>
              ) : null}
            </p>
          )}
          {unavailable ? null : (
            <div className="mt-3 flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9"
                aria-label={`Decrease quantity of ${name}`}
                ref={decrease}
                disabled={line.quantity <= 1}
                onClick={() => {
                  if (line.quantity - 1 <= 1) increase.current?.focus();
                  cartActions.setQuantity(line, line.quantity - 1);
                }}
              >
                <MinusIcon aria-hidden="true" />
              </Button>
              <output
                aria-label={`Quantity of ${name}`}
                className="w-8 text-center font-semibold tabular-nums"
              >
                {line.quantity}
              </output>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9"
                aria-label={`Increase quantity of ${name}`}
                ref={increase}
                disabled={line.quantity >= MAX_LINE_QUANTITY}
                onClick={() => {
                  if (line.quantity + 1 >= MAX_LINE_QUANTITY) decrease.current?.focus();
                  cartActions.setQuantity(line, line.quantity + 1);
                }}
              >
                <PlusIcon aria-hidden="true" />
              </Button>
            </div>
          )}
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
          <p className="font-bold tabular-nums" data-testid="line-total">
            {unavailable ? "—" : formatRand(line.priceCents * line.quantity)}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={onRemove}
            data-cart-remove
          >
            <Trash2Icon aria-hidden="true" />
            Remove
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
