import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { VendorBillDetail } from "./contract";
import { selectVendorBillDetail, selectVendorBillLines } from "./repo";
import { detailView } from "./views";

/** A bill with its vendor, budget, PO, lines and people, read through `executor` (404 when not the workspace's). */
export async function readVendorBill(
  executor: Executor,
  ctx: RequestContext,
  billId: string,
): Promise<VendorBillDetail> {
  const row = await selectVendorBillDetail(executor, ctx.organizationId, billId);
  if (!row) throw notFound("Vendor bill not found");
  const lines = await selectVendorBillLines(executor, ctx.organizationId, billId);
  return detailView(row, lines, await workspaceToday(executor, ctx));
}

/** GET /api/vendor-bills/:id (ageing as of today in the workspace time zone). */
export async function getVendorBill(ctx: RequestContext, billId: string): Promise<VendorBillDetail> {
  return readVendorBill(ctx.db, ctx, billId);
}
