import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PurchaseOrderForm } from "./purchase-order-form";

/**
 * New purchase order: an approved budget (`budgetId` preselects one, e.g. the budget page's
 * "Raise PO"), its lines ticked with an amount each, and a vendor (or a new one inline). The PO
 * is created as a draft and opened.
 */
export function NewPurchaseOrderDialog({
  open,
  onOpenChange,
  budgetId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  budgetId?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New purchase order</DialogTitle>
          <DialogDescription>
            Raised from lines of an approved budget. It starts as a draft you can change until it is submitted
            for approval.
          </DialogDescription>
        </DialogHeader>
        {open ? <PurchaseOrderForm budgetId={budgetId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
