import { Badge } from "#app/components/ui/badge.tsx";
import {
  ORDER_STATUS_BADGE,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "#app/lib/order-status.ts";

/** docs/product.md §5.4: pending yellow, processing blue, shipped and delivered green, cancelled red. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={ORDER_STATUS_BADGE[status]} data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
