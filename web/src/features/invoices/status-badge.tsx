import { INVOICE_STATUS_LABEL, type InvoiceStatus } from "@domain/invoices";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANT: Record<InvoiceStatus, BadgeProps["variant"]> = {
  draft: "outline",
  sent: "default",
  paid: "success",
  void: "destructive",
};

/** A client invoice's status as a badge. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {INVOICE_STATUS_LABEL[status]}
    </Badge>
  );
}

/** An invoice past its due date and not paid in full: "12 days overdue". */
export function OverdueBadge({ days }: { days: number }) {
  return (
    <Badge variant="destructive" data-testid="overdue">
      {days > 0 ? `${days} day${days === 1 ? "" : "s"} overdue` : "Overdue"}
    </Badge>
  );
}
