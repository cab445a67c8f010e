import { BanknoteIcon } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import {
  PAYMENT_STATUS_BADGE,
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
} from "#app/lib/payment-status.ts";

/**
 * An order's payment state (decision 014), beside its status badge: square corners and a note
 * icon tell it apart from the status at a glance; the words say "Payment" to a screen reader.
 */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge
      variant={PAYMENT_STATUS_BADGE[status]}
      className="gap-1 rounded-md"
      data-payment-status={status}
    >
      <BanknoteIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Payment: </span>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
