import { vendorBillDueDate, vendorBillEditRefusal } from "@domain/vendor-bills";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockedPurchaseOrder } from "../purchase-orders/po-writes";
import { selectVendor } from "../vendors/repo";
import {
  billBudget,
  billWrite,
  lockedVendorBill,
  requireBillVersion,
  requireFreeInvoiceNumber,
  resolveBillLines,
} from "./bill-writes";
import type { UpdateVendorBill, VendorBillDetail } from "./contract";
import { readVendorBill } from "./get-vendor-bill";
import { deleteVendorBillLines, insertVendorBillLines, updateVendorBillRow } from "./repo";
import { vendorBillAudit } from "./views";

/**
 * Change a received bill: the vendor's invoice number, the bill date (the due date follows, by
 * the vendor's payment terms), notes, or every line at once (checked against its PO and its
 * budget's working revision). 409 with the reason once it is approved, paid or void, or when the
 * version seen is stale. One finance audit row with before and after.
 */
export async function updateVendorBill(
  ctx: RequestContext,
  billId: string,
  input: UpdateVendorBill,
): Promise<VendorBillDetail> {
  return billWrite(ctx, input.invoiceNumber, async (tx) => {
    const head = await lockedVendorBill(tx, ctx, billId);
    const refusal = vendorBillEditRefusal(head.status);
    if (refusal) throw conflict(refusal);
    requireBillVersion(head, input.baseVersion);
    const before = await readVendorBill(tx, ctx, billId);
    if (input.invoiceNumber !== undefined) {
      await requireFreeInvoiceNumber(tx, ctx, head.vendor_id, input.invoiceNumber, billId);
    }
    let lines: Awaited<ReturnType<typeof resolveBillLines>> | undefined;
    if (input.lines) {
      const po = head.purchase_order_id ? await lockedPurchaseOrder(tx, ctx, head.purchase_order_id) : null;
      const { revisionNumber } = await billBudget(tx, ctx, head.budget_id);
      lines = await resolveBillLines(
        tx,
        ctx,
        { billId, budgetId: head.budget_id, revisionNumber, purchaseOrder: po },
        input.lines,
      );
      await deleteVendorBillLines(tx, ctx.organizationId, billId);
      await insertVendorBillLines(tx, lines.rows);
    }
    let dueDate: string | undefined;
    if (input.billDate !== undefined) {
      const vendor = await selectVendor(tx, ctx.organizationId, head.vendor_id);
      dueDate = vendorBillDueDate(input.billDate, vendor?.payment_terms_days ?? 30);
    }
    await updateVendorBillRow(tx, ctx.organizationId, billId, {
      ...(input.invoiceNumber !== undefined ? { invoiceNumber: input.invoiceNumber } : {}),
      ...(input.billDate !== undefined ? { billDate: input.billDate, dueDate } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(lines ? { totalMinor: lines.totalMinor, withoutPo: lines.withoutPo } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = await readVendorBill(tx, ctx, billId);
    await recordChange(ctx, tx, {
      object: "vendor_bill",
      id: billId,
      action: "updated",
      before: vendorBillAudit(before),
      after: vendorBillAudit(after),
      category: "finance",
    });
    return after;
  });
}
