import { can, isAdminRole } from "@domain/permissions";
import { approvalRefusal } from "@domain/purchase-orders";
import { transaction } from "../../db/executor";
import { forbidden } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { ApprovePurchaseOrder, PurchaseOrderDetail } from "./contract";
import { readPurchaseOrder } from "./get-purchase-order";
import { purchasingLimitOf } from "./repo";
import { applyPurchaseOrderStep } from "./transition-purchase-order";

/**
 * Approve a PO waiting for approval (PRODUCT.md → Purchase orders): owners and admins approve any
 * amount; anyone else up to their purchasing limit (Settings → People, through their ClickUp
 * user) — above it, or without one, 403 with the reason naming the limit. A member without
 * canViewFinancials reaches this step only through a purchasing limit: without one they are
 * refused before anything is read. The PO row is locked: of two people approving at once one
 * wins and the other gets 409 (it is approved already).
 */
export async function approvePurchaseOrder(
  ctx: RequestContext,
  purchaseOrderId: string,
  input: ApprovePurchaseOrder,
): Promise<PurchaseOrderDetail> {
  const limit = await purchasingLimitOf(ctx.db, ctx.organizationId, ctx.userId);
  if (!can(ctx.role, "canViewFinancials") && limit.limitMinor === null) throw forbidden();
  return transaction(ctx.deps.database, async (tx) => {
    const now = ctx.deps.now();
    await applyPurchaseOrderStep(tx, ctx, purchaseOrderId, "approve", {
      baseVersion: input.baseVersion,
      extra: { approvedBy: ctx.userId, approvedAt: now },
      check: (head) => {
        const refusal = approvalRefusal({
          role: ctx.role,
          purchasingLimitMinor: limit.limitMinor,
          limitCurrency: limit.currency,
          amountMinor: Number(head.total_minor),
          currency: head.currency,
          impersonating: ctx.impersonating !== null,
        });
        if (refusal) throw forbidden(refusal);
      },
      audit: (head) => ({
        amountMinor: Number(head.total_minor),
        currency: head.currency,
        // What allowed it: the role, or the approver's purchasing limit.
        authority: isAdminRole(ctx.role) ? ctx.role : "purchasing_limit",
        ...(limit.limitMinor !== null ? { purchasingLimitMinor: limit.limitMinor } : {}),
      }),
    });
    return readPurchaseOrder(tx, ctx, purchaseOrderId);
  });
}
