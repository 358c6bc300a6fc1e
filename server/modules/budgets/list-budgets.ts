import type { Executor } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { committedByLineKey } from "../purchase-orders/repo";
import { actualByLineKey } from "../vendor-bills/repo";
import type { BudgetListItem, BudgetListQuery, BudgetListResponse } from "./contract";
import { storedLabourSums } from "./labour-repo";
import { budgetListPage, latestRevisionsOf, type BudgetListRow } from "./repo";
import { formOf, iso, ratesOf, toInt, totalsOf } from "./views";

/**
 * The workspace's budgets, filtered (status, project, search), sorted (name, grand total, last
 * change) and paged in one SQL query. The grand total is the latest revision's, kept on the
 * revision by every write from domain computeBudget. Actual to date and variance are computed for
 * the page only: the latest revisions' section sums, the budgets' labour, committed purchase
 * orders and approved vendor bills in four grouped statements, then the top sheet of each
 * (domain computeBudget, as the budget screen shows it).
 */
export async function listBudgets(ctx: RequestContext, query: BudgetListQuery): Promise<BudgetListResponse> {
  const page = await budgetListPage(ctx.db, ctx.organizationId, query);
  return {
    items: (await budgetListItems(ctx.db, ctx.organizationId, page.items)).map(
      ({ forecastMinor: _forecast, ...item }) => item,
    ),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/**
 * List rows as list items, with each budget's actual to date and variance: the latest revisions'
 * section sums, the budgets' stored labour sums (as last refreshed: `labourAsOf`), committed POs
 * and approved bills read in four grouped statements for all the rows, then the top sheet of each (domain computeBudget, as the
 * budget screen shows it, where labour is priced live).
 */
export async function budgetListItems(
  executor: Executor,
  organizationId: string,
  list: readonly BudgetListRow[],
): Promise<(BudgetListItem & { forecastMinor: number })[]> {
  const ids = list.map((row) => row.id);
  const [latest, labour, committed, billed] = await Promise.all([
    latestRevisionsOf(executor, organizationId, ids),
    storedLabourSums(executor, organizationId, ids),
    committedByLineKey(executor, organizationId, ids),
    actualByLineKey(executor, organizationId, ids),
  ]);
  return list.map((row) => {
    const revision = latest.revisions.find((r) => r.budget_id === row.id);
    const totals = revision
      ? totalsOf(
          formOf(row.form_id),
          latest.sums.filter((s) => s.budget_id === row.id),
          ratesOf(revision),
          labour.filter((l) => l.budget_id === row.id),
          committed.filter((c) => c.budget_id === row.id),
          billed.filter((b) => b.budget_id === row.id),
        )
      : undefined;
    const grandTotal = toInt(row.grand_total_minor);
    const actual = totals?.actual.grandTotal ?? 0;
    return {
      id: row.id,
      name: row.name,
      projectId: row.folder_id,
      projectName: row.folder_name,
      clientName: row.client_name,
      formId: row.form_id,
      bidType: row.bid_type,
      currency: row.currency,
      status: row.status,
      latestRevisionNumber: row.latest_revision_number,
      workingRevisionNumber: row.working_revision_number,
      grandTotalMinor: grandTotal,
      actualMinor: actual,
      varianceMinor: grandTotal - actual,
      labourAsOf: row.labour_computed_at === null ? null : iso(row.labour_computed_at),
      forecastMinor: totals?.forecast.grandTotal ?? grandTotal,
      updatedAt: iso(row.updated_at),
    };
  });
}
