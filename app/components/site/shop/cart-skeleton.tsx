import { Skeleton } from "#app/components/ui/skeleton.tsx";

/** Shown until the browser's cart is read (the server cannot see localStorage). */
export function CartSkeleton({ label }: { label: string }) {
  return (
    <>
      <noscript>
        <p className="mb-6 rounded-lg border border-warning-border bg-warning-surface p-4 text-warning-text">
          Your cart is kept in your browser. Please enable JavaScript to see it and to check out.
        </p>
      </noscript>
      <CartSkeletonBody label={label} />
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
