import type { RequestContext } from "../../request-context";
import type { BudgetListQuery, BudgetListResponse } from "./contract";
import { budgetListPage } from "./repo";
import { iso, toInt } from "./views";

/**
 * The workspace's budgets, filtered (status, project, search), sorted (name, grand total, last
 * change) and paged in one SQL query. The grand total is the latest revision's, kept on the
 * revision by every write from domain computeBudget.
 */
export async function listBudgets(ctx: RequestContext, query: BudgetListQuery): Promise<BudgetListResponse> {
  const page = await budgetListPage(ctx.db, ctx.organizationId, query);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      projectId: row.folder_id,
      projectName: row.folder_name,
      formId: row.form_id,
      bidType: row.bid_type,
      currency: row.currency,
      status: row.status,
      latestRevisionNumber: row.latest_revision_number,
      workingRevisionNumber: row.working_revision_number,
      grandTotalMinor: toInt(row.grand_total_minor),
      updatedAt: iso(row.updated_at),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
