import type { CartItem } from "#app/lib/cart.ts";

/** A cart line's name for screen readers and buttons: the product, then its text if any. */
export function lineName(line: Pick<CartItem, "name" | "personalisation">) {
  return line.personalisation ? `${line.name} (“${line.personalisation}”)` : line.name;
}

/**
 * A line's personalisation under its name (the cart and the checkout summary, decision 040).
 * The stored cart does not keep the product's label, so the text is shown as the buyer typed it.
 */
export function LinePersonalisation({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="mt-1 break-words text-sm" data-testid="line-personalisation">
      <span className="text-muted-foreground">Personalised: </span>
      <span className="font-medium">“{text}”</span>
    </p>
  );
}
