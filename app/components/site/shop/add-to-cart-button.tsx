import { ShoppingCartIcon } from "lucide-react";
import { showToast } from "#app/components/toaster.tsx";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { type CartProduct, cartActions } from "#app/lib/cart.ts";

/** Spec §8/§9: 'Added to Cart' / '<name> has been added to your cart.' for 3 seconds. */
export const CART_NOTICE_MS = 3000;

export function AddToCartButton({
  product,
  ...props
}: { product: CartProduct } & Omit<ButtonProps, "onClick" | "type">) {
  return (
    <Button
      type="button"
      // The visible label first, then which product (WCAG 2.5.3 label in name).
      aria-label={`Add to Cart: ${product.name}`}
      {...props}
      onClick={() => {
        cartActions.add(product);
        showToast({
          id: `added-${product.id}-${Date.now()}`,
          type: "success",
          title: "Added to Cart",
          description: `${product.name} has been added to your cart.`,
          duration: CART_NOTICE_MS,
        });
      }}
    >
      <ShoppingCartIcon aria-hidden="true" />
      Add to Cart
    </Button>
  );
}
