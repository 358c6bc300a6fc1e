import { purchaseOrderEditRefusal } from "@domain/purchase-orders";
import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { PurchaseOrderDetail, UpdatePurchaseOrder } from "./contract";
import { readPurchaseOrder } from "./get-purchase-order";
import { lockedPurchaseOrder, requireActiveVendor, requirePoVersion, resolveLines } from "./po-writes";
import {
  deletePurchaseOrderLines,
  insertPurchaseOrderLines,
  updatePurchaseOrder as updatePoRow,
} from "./repo";
import { purchaseOrderAudit } from "./views";

/**
 * Change a draft PO: vendor, order date, description, notes, or every line at once (checked
 * against its budget revision). 409 with the reason when it is no longer a draft or the version
 * seen is stale. One finance audit row with before and after.
 */
export async function updatePurchaseOrder(
  ctx: RequestContext,
  purchaseOrderId: string,
  input: UpdatePurchaseOrder,
): Promise<PurchaseOrderDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedPurchaseOrder(tx, ctx, purchaseOrderId);
    const refusal = purchaseOrderEditRefusal(head.status);
    if (refusal) throw conflict(refusal);
    requirePoVersion(head, input.baseVersion);
    const before = await readPurchaseOrder(tx, ctx, purchaseOrderId);
    if (input.vendorId !== undefined && input.vendorId !== head.vendor_id) {
      await requireActiveVendor(tx, ctx, input.vendorId);
    }
    let totalMinor: number | undefined;
    if (input.lines) {
      const lines = await resolveLines(
        tx,
        ctx,
        head.budget_id,
        head.revision_number,
        purchaseOrderId,
        input.lines,
      );
      await deletePurchaseOrderLines(tx, ctx.organizationId, purchaseOrderId);
      await insertPurchaseOrderLines(tx, lines.rows);
      totalMinor = lines.totalMinor;
    }
    await updatePoRow(tx, ctx.organizationId, purchaseOrderId, {
      ...(input.vendorId !== undefined ? { vendorId: input.vendorId } : {}),
      ...(input.orderDate !== undefined ? { orderDate: input.orderDate } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(totalMinor !== undefined ? { totalMinor } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = await readPurchaseOrder(tx, ctx, purchaseOrderId);
    await recordChange(ctx, tx, {
      object: "purchase_order",
      id: purchaseOrderId,
      action: "updated",
      before: purchaseOrderAudit(before),
      after: purchaseOrderAudit(after),
      category: "finance",
    });
    return after;
  });
}
