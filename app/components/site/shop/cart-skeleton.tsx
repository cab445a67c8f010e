import { Link } from "react-router";
import { useShopContact } from "#app/components/site/use-shop-contact.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

/** Shown until the browser's cart is read (the server cannot see localStorage). */
export function CartSkeleton({ label }: { label: string }) {
  const shop = useShopContact();
  return (
    <>
      <noscript>
        <div className="mb-6 grid gap-2 rounded-lg border border-warning-border bg-warning-surface p-4 text-warning-text">
          <p>
            Your cart is kept in your browser. Please enable JavaScript to see it and to check out.
          </p>
          <p>
            Or order through us: call{" "}
            <a href={shop.phoneHref} className="font-semibold underline underline-offset-2">
              {shop.phone}
            </a>
            , e-mail{" "}
            <a
              href={`mailto:${shop.generalEmail}`}
              className="font-semibold underline underline-offset-2"
            >
              {shop.generalEmail}
            </a>{" "}
            or send us a message from the{" "}
            <Link to="/contact" className="font-semibold underline underline-offset-2">
              contact page
            </Link>
            .
          </p>
        </div>
      </noscript>
      {/* Without JavaScript the cart is never read: no placeholder that looks like loading. */}
      <div className="noscript:hidden">
        <CartSkeletonBody label={label} />
      </div>
    </>
  );
}

function CartSkeletonBody({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-8 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        {[0, 1].map((key) => (
          <div key={key} className="flex gap-4 rounded-xl border border-border p-4">
            <Skeleton className="size-24 rounded-lg" />
            <div className="flex flex-1 flex-col gap-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-9 w-32" />
            </div>
          </div>
        ))}
      </div>
      {/* The summary only beside the lines: below them it would make the skeleton taller
          than an empty cart on a phone. */}
      <Skeleton className="hidden h-64 rounded-xl lg:block" />
    </div>
  );
}
