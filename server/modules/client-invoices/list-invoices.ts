import type { RequestContext } from "../../request-context";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { InvoiceListQuery, InvoiceListResponse } from "./contract";
import { invoiceListPage, invoiceTotals } from "./repo";
import { listItemView } from "./views";

/**
 * The workspace's client invoices: filtered (status, client, project, budget, kind, issue dates,
 * overdue today in the workspace zone, search), sorted and paged in one SQL query, with the
 * totals row of the whole filtered set per currency (Σ total, paid, outstanding) in a second.
 */
export async function listInvoices(
  ctx: RequestContext,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const today = await workspaceToday(ctx.db, ctx);
  const [page, totals] = await Promise.all([
    invoiceListPage(ctx.db, ctx.organizationId, query, today),
    invoiceTotals(ctx.db, ctx.organizationId, query, today),
  ]);
  return {
    items: page.items.map((row) => listItemView(row, today)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      totalMinor: Number(t.total_minor),
      paidMinor: Number(t.paid_minor),
      outstandingMinor: Number(t.outstanding_minor),
    })),
  };
}
