import { startOfWeek } from "@domain/week";
import type { RequestContext } from "../../request-context";
import { toInt } from "../purchase-orders/views";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { VendorBillListQuery, VendorBillListResponse } from "./contract";
import { vendorBillListPage, vendorBillTotals } from "./repo";
import { listItemView } from "./views";

/**
 * The workspace's bills: filtered (status, vendor, budget, project, PO, due dates, without PO,
 * search), sorted and paged in one SQL query, with the totals row of the whole filtered set per
 * currency (Σ amount, open, paid) and what is open per ageing bucket as of `asOf` (default:
 * today in the workspace time zone) in a second grouped one.
 */
export async function listVendorBills(
  ctx: RequestContext,
  query: VendorBillListQuery,
): Promise<VendorBillListResponse> {
  const asOf = query.asOf ?? (await workspaceToday(ctx.db, ctx));
  const filters = query.dueThisWeek ? { ...query, dueTo: earlier(query.dueTo, sundayOf(asOf)) } : query;
  const [page, totals] = await Promise.all([
    vendorBillListPage(ctx.db, ctx.organizationId, filters),
    vendorBillTotals(ctx.db, ctx.organizationId, filters, asOf),
  ]);
  return {
    items: page.items.map((row) => listItemView(row, asOf)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    asOf,
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      amountMinor: toInt(t.amount_minor),
      openMinor: toInt(t.open_minor),
      paidMinor: toInt(t.paid_minor),
    })),
    ageing: totals.map((t) => ({
      currency: t.currency,
      buckets: {
        not_due: toInt(t.not_due),
        days_0_30: toInt(t.days_0_30),
        days_31_60: toInt(t.days_31_60),
        days_61_90: toInt(t.days_61_90),
        days_90_plus: toInt(t.days_90_plus),
      },
    })),
  };
}

/** The Sunday ending the (Monday–Sunday) week of `day` (YYYY-MM-DD). */
function sundayOf(day: string): string {
  const monday = startOfWeek(`${day}T00:00:00Z`);
  return new Date(monday.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
}

const earlier = (a: string | undefined, b: string) => (a !== undefined && a < b ? a : b);
