import { useNavigation } from "react-router";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

/** The product page's shape while it loads (docs/product.md §2.8: 'A loading skeleton first'). */
export function ProductPageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading product"
      className="mx-auto max-w-7xl px-4 py-10 sm:px-6"
    >
      <Skeleton className="mb-8 h-5 w-32" />
      <div className="grid gap-10 md:grid-cols-2">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-7 w-28" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-4 h-12 w-48" />
        </div>
      </div>
    </div>
  );
}

/**
 * During a client-side navigation to a product page, the page being left shows the product
 * skeleton instead of its stale content (the product's loader runs on the server first).
 */
export function useNavigatingToProduct(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname.startsWith("/products/")
  );
}
