import { AlertTriangleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import type { PricedLine } from "#app/lib/cart-prices.ts";
import { formatRand } from "#app/lib/money.ts";

/**
 * What changed since the items were added: new prices and products that no longer exist
 * (decision 005: never silently charged).
 */
export function PriceNotice({
  changed,
  unavailable,
  action,
}: {
  changed: PricedLine[];
  unavailable: PricedLine[];
  action?: ReactNode;
}) {
  if (changed.length === 0 && unavailable.length === 0) return null;
  return (
    <Alert variant="warning" className="flex gap-3">
      <AlertTriangleIcon aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="flex flex-1 flex-col gap-2">
        <AlertTitle>Your cart has changed</AlertTitle>
        <AlertDescription>
          <ul className="list-disc space-y-1 pl-5">
            {changed.map((line) =>
              line.status === "price-changed" ? (
                <li key={line.id}>
                  The price of {line.name} changed from {formatRand(line.previousPriceCents)} to{" "}
                  {formatRand(line.priceCents)}.
                </li>
              ) : null,
            )}
            {unavailable.map((line) => (
              <li key={line.id}>
                {line.name} is no longer available. Please remove it from your cart.
              </li>
            ))}
          </ul>
        </AlertDescription>
        {action}
      </div>
    </Alert>
  );
}
