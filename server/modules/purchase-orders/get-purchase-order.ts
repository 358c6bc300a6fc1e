import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { PurchaseOrderDetail } from "./contract";
import { selectPurchaseOrderDetail, selectPurchaseOrderLines } from "./repo";
import { detailView } from "./views";

/** A PO with its vendor, budget, lines and people, read through `executor` (404 when not the workspace's). */
export async function readPurchaseOrder(
  executor: Executor,
  ctx: RequestContext,
  purchaseOrderId: string,
): Promise<PurchaseOrderDetail> {
  const row = await selectPurchaseOrderDetail(executor, ctx.organizationId, purchaseOrderId);
  if (!row) throw notFound("Purchase order not found");
  const lines = await selectPurchaseOrderLines(executor, ctx.organizationId, purchaseOrderId);
  return detailView(row, lines);
}

/** GET /api/purchase-orders/:id */
export async function getPurchaseOrder(
  ctx: RequestContext,
  purchaseOrderId: string,
): Promise<PurchaseOrderDetail> {
  return readPurchaseOrder(ctx.db, ctx, purchaseOrderId);
}
