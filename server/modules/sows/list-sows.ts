import type { RequestContext } from "../../request-context";
import type { SowListQuery, SowListResponse } from "./contract";
import { sowListPage, sowTotals } from "./repo";
import { listItemView } from "./views";

/**
 * The workspace's statements of work: filtered (status, client, project, date, search), sorted
 * and paged in one SQL query, with the Σ fee of the whole filtered set per currency in a second.
 */
export async function listSows(ctx: RequestContext, query: SowListQuery): Promise<SowListResponse> {
  const [page, totals] = await Promise.all([
    sowListPage(ctx.db, ctx.organizationId, query),
    sowTotals(ctx.db, ctx.organizationId, query),
  ]);
  return {
    items: page.items.map(listItemView),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      feeMinor: Number(t.fee_minor),
    })),
  };
}
