import { PURCHASE_ORDER_STATUS_LABEL, type PurchaseOrderStatus } from "@domain/purchase-orders";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANT: Record<PurchaseOrderStatus, BadgeProps["variant"]> = {
  draft: "outline",
  pending_approval: "warning",
  approved: "success",
  sent: "default",
  partially_billed: "default",
  billed: "secondary",
  closed: "secondary",
  cancelled: "destructive",
};

/** A PO's status as a badge. */
export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {PURCHASE_ORDER_STATUS_LABEL[status]}
    </Badge>
  );
}
