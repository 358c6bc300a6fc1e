import type { RequestContext } from "../../request-context";
import type { PurchaseOrderListQuery, PurchaseOrderListResponse } from "./contract";
import { purchaseOrderListPage, purchaseOrderTotals } from "./repo";
import { listItemView, toInt } from "./views";

/**
 * The workspace's POs: filtered (status, vendor, budget, project, order dates, search), sorted
 * and paged in one SQL query, with the totals row of the whole filtered set per currency (Σ
 * amount, billed, committed) in a second grouped one.
 */
export async function listPurchaseOrders(
  ctx: RequestContext,
  query: PurchaseOrderListQuery,
): Promise<PurchaseOrderListResponse> {
  const [page, totals] = await Promise.all([
    purchaseOrderListPage(ctx.db, ctx.organizationId, query),
    purchaseOrderTotals(ctx.db, ctx.organizationId, query),
  ]);
  return {
    items: page.items.map(listItemView),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      amountMinor: toInt(t.amount_minor),
      billedMinor: toInt(t.billed_minor),
      committedMinor: toInt(t.committed_minor),
    })),
  };
}
