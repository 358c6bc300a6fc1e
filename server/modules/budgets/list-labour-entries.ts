import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { BudgetLabourEntries, BudgetLabourEntriesQuery } from "./contract";
import { labourEntriesPage } from "./labour-repo";
import { selectBudget } from "./repo";
import { toInt } from "./views";

/**
 * The rows behind a budget's labour actuals (PRODUCT.md: every figure can be opened): its priced
 * time entries, optionally of one section, newest first, paged in SQL. Each links to its task in
 * ClickUp; an entry without an internal rate shows a null rate and amount (unpriced).
 */
export async function listLabourEntries(
  ctx: RequestContext,
  budgetId: string,
  query: BudgetLabourEntriesQuery,
): Promise<BudgetLabourEntries> {
  if (!(await selectBudget(ctx.db, ctx.organizationId, budgetId))) throw notFound("Budget not found");
  const page = await labourEntriesPage(ctx.db, ctx.organizationId, budgetId, query);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      day: row.day,
      personId: row.user_id,
      personName: row.person_name,
      taskId: row.task_id,
      taskName: row.task_name,
      taskUrl: row.task_url,
      section: row.section as BudgetLabourEntries["items"][number]["section"],
      minutes: Math.round(toInt(row.duration_ms) / 60_000),
      durationMs: toInt(row.duration_ms),
      rateMinor: row.rate === null ? null : toInt(row.rate),
      amountMinor: row.amount === null ? null : toInt(row.amount),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
