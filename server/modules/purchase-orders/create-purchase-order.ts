import { transaction } from "../../db/executor";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreatePurchaseOrder, PurchaseOrderDetail } from "./contract";
import { readPurchaseOrder } from "./get-purchase-order";
import { approvedRevisionOf, requireActiveVendor, resolveLines, workspaceToday } from "./po-writes";
import { insertPurchaseOrder, insertPurchaseOrderLines, nextDocumentNumber } from "./repo";
import { purchaseOrderAudit } from "./views";

/** The document kind of POs in document_numbers. */
export const PURCHASE_ORDER_KIND = "purchase_order";

/**
 * A new PO as a draft: vendor (the workspace's, not archived), budget and its approved revision
 * (the working one by default), lines naming that revision's lines by key, in the budget's
 * currency. Its number is the workspace's next (gapless, taken in this transaction: a refused
 * create takes none). One finance audit row.
 */
export async function createPurchaseOrder(
  ctx: RequestContext,
  input: CreatePurchaseOrder,
): Promise<PurchaseOrderDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    await requireActiveVendor(tx, ctx, input.vendorId);
    const { budget, revisionNumber } = await approvedRevisionOf(
      tx,
      ctx,
      input.budgetId,
      input.revisionNumber,
    );
    const id = newId();
    const lines = await resolveLines(tx, ctx, budget.id, revisionNumber, id, input.lines);
    const orderDate = input.orderDate ?? (await workspaceToday(tx, ctx));
    const now = ctx.deps.now();
    // Last, so the counter row is locked for as short a time as possible.
    const number = await nextDocumentNumber(tx, ctx.organizationId, PURCHASE_ORDER_KIND);
    await insertPurchaseOrder(tx, {
      organizationId: ctx.organizationId,
      id,
      number,
      vendorId: input.vendorId,
      budgetId: budget.id,
      revisionNumber,
      currency: budget.currency,
      status: "draft",
      orderDate,
      description: input.description ?? "",
      notes: input.notes ?? "",
      totalMinor: lines.totalMinor,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertPurchaseOrderLines(tx, lines.rows);
    const po = await readPurchaseOrder(tx, ctx, id);
    await recordChange(ctx, tx, {
      object: "purchase_order",
      id,
      action: "created",
      after: purchaseOrderAudit(po),
      category: "finance",
    });
    return po;
  });
}
