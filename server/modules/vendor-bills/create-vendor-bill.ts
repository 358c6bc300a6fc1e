import { vendorBillDueDate } from "@domain/vendor-bills";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { nextDocumentNumber } from "../purchase-orders/repo";
import { selectVendor } from "../vendors/repo";
import {
  billablePurchaseOrder,
  billBudget,
  billWrite,
  requireFreeInvoiceNumber,
  resolveBillLines,
  VENDOR_BILL_KIND,
} from "./bill-writes";
import type { CreateVendorBill, VendorBillDetail } from "./contract";
import { readVendorBill } from "./get-vendor-bill";
import { insertVendorBill, insertVendorBillLines } from "./repo";
import { vendorBillAudit } from "./views";

/**
 * A received bill: the vendor (the workspace's, not archived), the PO billed (sent or billed
 * already, the same vendor's; its budget is the bill's) or a budget with an approved revision,
 * lines on that PO's lines or straight on budget lines (flagged without PO), in the budget's
 * currency. Due date = bill date + the vendor's payment terms. Its number is the workspace's
 * next BILL-nnnn, taken in this transaction. One finance audit row.
 */
export async function createVendorBill(
  ctx: RequestContext,
  input: CreateVendorBill,
): Promise<VendorBillDetail> {
  return billWrite(ctx, input.invoiceNumber, async (tx) => {
    const vendor = await selectVendor(tx, ctx.organizationId, input.vendorId);
    if (!vendor) throw notFound("Vendor not found");
    if (vendor.archived) {
      throw badRequest(`vendorId: ${vendor.name} is archived: restore the vendor to enter its bills`, [
        { field: "vendorId", message: "is archived" },
      ]);
    }
    const po = input.purchaseOrderId ? await billablePurchaseOrder(tx, ctx, input.purchaseOrderId) : null;
    if (po && po.vendor_id !== input.vendorId) {
      throw badRequest("purchaseOrderId: the purchase order is from another vendor", [
        { field: "purchaseOrderId", message: "is ordered from another vendor" },
      ]);
    }
    if (po && input.budgetId !== undefined && input.budgetId !== po.budget_id) {
      throw badRequest("budgetId: it is not the purchase order's budget", [
        { field: "budgetId", message: "is not the purchase order's budget" },
      ]);
    }
    const { budget, revisionNumber } = await billBudget(tx, ctx, po?.budget_id ?? input.budgetId!);
    await requireFreeInvoiceNumber(tx, ctx, vendor.id, input.invoiceNumber);
    const id = newId();
    const lines = await resolveBillLines(
      tx,
      ctx,
      { billId: id, budgetId: budget.id, revisionNumber, purchaseOrder: po },
      input.lines,
    );
    const now = ctx.deps.now();
    // Last, so the counter row is locked for as short a time as possible.
    const number = await nextDocumentNumber(tx, ctx.organizationId, VENDOR_BILL_KIND);
    await insertVendorBill(tx, {
      organizationId: ctx.organizationId,
      id,
      number,
      vendorId: vendor.id,
      purchaseOrderId: po?.id ?? null,
      budgetId: budget.id,
      invoiceNumber: input.invoiceNumber,
      billDate: input.billDate,
      dueDate: vendorBillDueDate(input.billDate, vendor.payment_terms_days),
      currency: budget.currency,
      status: "received",
      totalMinor: lines.totalMinor,
      withoutPo: lines.withoutPo,
      notes: input.notes ?? "",
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertVendorBillLines(tx, lines.rows);
    const bill = await readVendorBill(tx, ctx, id);
    await recordChange(ctx, tx, {
      object: "vendor_bill",
      id,
      action: "created",
      after: vendorBillAudit(bill),
      category: "finance",
    });
    return bill;
  });
}
