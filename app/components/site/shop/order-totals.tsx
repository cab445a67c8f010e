import { formatRand } from "#app/lib/money.ts";
import { cn } from "#app/lib/utils.ts";

/**
 * The order's totals in the cart's and the checkout's summaries (docs/product.md §2.10, §2.11): subtotal,
 * shipping (not charged online; each page says when it is worked out) and total, and below
 * them the polite notice while the current prices are being checked.
 */
export function OrderTotals({
  totalCents,
  shipping,
  loading,
  subtotalTestId,
  totalTestId,
  className,
  noticeClassName,
}: {
  totalCents: number;
  /** What the shipping line says. */
  shipping: string;
  /** True while the current prices are being fetched. */
  loading: boolean;
  subtotalTestId?: string;
  totalTestId: string;
  className?: string;
  noticeClassName?: string;
}) {
  return (
    <>
      <dl className={cn("flex flex-col gap-3 text-sm", className)}>
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="font-semibold" data-testid={subtotalTestId}>
            {formatRand(totalCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="text-muted-foreground">{shipping}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold" data-testid={totalTestId}>
            {formatRand(totalCents)}
          </dd>
        </div>
      </dl>
      <p
        aria-live="polite"
        className={cn("min-h-5 text-xs text-muted-foreground", noticeClassName)}
      >
        {loading ? "Checking current prices…" : ""}
      </p>
    </>
  );
}
