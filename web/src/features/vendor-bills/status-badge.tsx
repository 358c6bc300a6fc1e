import { VENDOR_BILL_STATUS_LABEL, type VendorBillStatus } from "@domain/vendor-bills";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANT: Record<VendorBillStatus, BadgeProps["variant"]> = {
  received: "warning",
  approved: "default",
  paid: "success",
  void: "destructive",
};

/** A vendor bill's status as a badge. */
export function VendorBillStatusBadge({ status }: { status: VendorBillStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {VENDOR_BILL_STATUS_LABEL[status]}
    </Badge>
  );
}
