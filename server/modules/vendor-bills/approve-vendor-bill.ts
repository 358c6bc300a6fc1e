import { can, isAdminRole } from "@domain/permissions";
import { formatPurchaseOrderNumber } from "@domain/purchase-orders";
import { billApprovalRefusal, formatVendorBillNumber, poBillingAction } from "@domain/vendor-bills";
import { transaction } from "../../db/executor";
import { forbidden } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockedPurchaseOrder } from "../purchase-orders/po-writes";
import { purchasingLimitOf } from "../purchase-orders/repo";
import { applyPurchaseOrderStep } from "../purchase-orders/transition-purchase-order";
import { checkedBillStep } from "./bill-writes";
import type { ApproveVendorBill, VendorBillDetail } from "./contract";
import { readVendorBill } from "./get-vendor-bill";
import { refreshPoLinesBilled, selectVendorBillLines, updateVendorBillRow } from "./repo";
import { approvalNeedOf } from "./views";

/**
 * Approve a received bill (PRODUCT.md → Vendor bill). What its PO lines cover was approved with
 * the PO; the rest — beyond a PO line's remaining (its amount less other bills that are not
 * void) or billed without a PO — needs an owner or admin, or a member within their purchasing
 * limit (403 naming the limit). A member without canViewFinancials reaches this step only
 * through a purchasing limit. In the same transaction: the PO lines' billed amounts are
 * recomputed, the PO moves to partially billed or billed through its own lifecycle (409 with its
 * reason when it cannot, e.g. cancelled since), and both steps are audited. The bill row, then
 * the PO row, are locked: of two people approving at once one wins, the other gets 409.
 */
export async function approveVendorBill(
  ctx: RequestContext,
  billId: string,
  input: ApproveVendorBill,
): Promise<VendorBillDetail> {
  const limit = await purchasingLimitOf(ctx.db, ctx.organizationId, ctx.userId);
  if (!can(ctx.role, "canViewFinancials") && limit.limitMinor === null) throw forbidden();
  return transaction(ctx.deps.database, async (tx) => {
    const { head, to } = await checkedBillStep(tx, ctx, billId, "approve", input.baseVersion);
    const po = head.purchase_order_id ? await lockedPurchaseOrder(tx, ctx, head.purchase_order_id) : null;
    const need = approvalNeedOf(await selectVendorBillLines(tx, ctx.organizationId, billId));
    const refusal = billApprovalRefusal({
      role: ctx.role,
      purchasingLimitMinor: limit.limitMinor,
      limitCurrency: limit.currency,
      currency: head.currency,
      impersonating: ctx.impersonating !== null,
      need,
    });
    if (refusal) throw forbidden(refusal);
    const now = ctx.deps.now();
    await updateVendorBillRow(tx, ctx.organizationId, billId, {
      status: to,
      approvedBy: ctx.userId,
      approvedAt: now,
      updatedAt: now,
    });
    const billNumber = formatVendorBillNumber(head.number);
    if (po) {
      const lines = await refreshPoLinesBilled(tx, ctx.organizationId, po.id);
      const action = poBillingAction(
        po.status,
        lines.map((l) => ({ amountMinor: l.amount_minor, billedMinor: l.billed_minor })),
      );
      if (action) {
        await applyPurchaseOrderStep(tx, ctx, po.id, action, {
          audit: { billId, billNumber, billedMinor: lines.reduce((s, l) => s + l.billed_minor, 0) },
        });
      }
    }
    await recordChange(ctx, tx, {
      object: "vendor_bill",
      id: billId,
      action: "approved",
      before: { number: billNumber, status: head.status },
      after: {
        number: billNumber,
        status: to,
        amountMinor: Number(head.total_minor),
        currency: head.currency,
        ...(po ? { purchaseOrder: formatPurchaseOrderNumber(po.number) } : {}),
        overPoMinor: need.overPoMinor,
        withoutPoMinor: need.withoutPoMinor,
        // What allowed what no PO covered: the role, or the approver's purchasing limit.
        ...(need.needsAuthority
          ? {
              authority: isAdminRole(ctx.role) ? ctx.role : "purchasing_limit",
              ...(limit.limitMinor !== null ? { purchasingLimitMinor: limit.limitMinor } : {}),
            }
          : {}),
      },
      category: "finance",
    });
    return readVendorBill(tx, ctx, billId);
  });
}
