import { ShoppingCartIcon } from "lucide-react";
import { Link } from "react-router";
import { showToast } from "#app/components/toaster.tsx";
import { Button, type ButtonProps, buttonVariants } from "#app/components/ui/button.tsx";
import { type CartProduct, cartActions } from "#app/lib/cart.ts";
import { cn } from "#app/lib/utils.ts";

/** docs/product.md §8.1/§9: 'Added to Cart' / '<name> has been added to your cart.' for 3 seconds. */
export const CART_NOTICE_MS = 3000;

export function AddToCartButton({
  product,
  className,
  ...props
}: { product: CartProduct } & Omit<ButtonProps, "onClick" | "type">) {
  return (
    <>
      {/* The cart lives in the browser: without JavaScript there is none, so instead of a
          button that does nothing the visitor gets the ways to order through the office. */}
      <noscript>
        <Link
          to="/contact"
          className={buttonVariants({ variant: props.variant, size: props.size, className })}
        >
          How to Order
        </Link>
      </noscript>
      <AddButton product={product} className={cn(className, "noscript:hidden")} {...props} />
    </>
  );
}

function AddButton({
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
