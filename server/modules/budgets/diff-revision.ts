import { changeOrderDiff } from "@domain/budget-lifecycle";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { BudgetRevisionDiff } from "./contract";
import { lastApprovedBefore, sectionSums, selectBudget, selectLines, selectRevision } from "./repo";
import { formOf, lineDiffView, ratesOf, totalsOf } from "./views";

/**
 * What revision `number` changes, line by line (domain changeOrderDiff), against the last
 * approved revision before it, with the top sheets (estimate) of both. The original bid has no
 * earlier approved revision: every line is added and `before` is null.
 */
export async function diffBudgetRevision(
  ctx: RequestContext,
  budgetId: string,
  number: number,
): Promise<BudgetRevisionDiff> {
  const org = ctx.organizationId;
  const budget = await selectBudget(ctx.db, org, budgetId);
  if (!budget) throw notFound("Budget not found");
  const revision = await selectRevision(ctx.db, org, budgetId, number);
  if (!revision) throw notFound("Budget revision not found");
  const form = formOf(budget.form_id);
  const against = await lastApprovedBefore(ctx.db, org, budgetId, number);
  const afterLines = await selectLines(ctx.db, org, budgetId, number);
  const afterTotals = totalsOf(form, await sectionSums(ctx.db, org, budgetId, number), ratesOf(revision));
  let beforeLines: Awaited<ReturnType<typeof selectLines>> = [];
  let beforeTotals: BudgetRevisionDiff["totals"]["before"] = null;
  if (against !== undefined) {
    const base = await selectRevision(ctx.db, org, budgetId, against);
    if (!base) throw notFound("Budget revision not found");
    beforeLines = await selectLines(ctx.db, org, budgetId, against);
    beforeTotals = totalsOf(form, await sectionSums(ctx.db, org, budgetId, against), ratesOf(base)).estimate;
  }
  const diff = changeOrderDiff(beforeLines.map(lineDiffView), afterLines.map(lineDiffView));
  return {
    budgetId,
    revisionNumber: number,
    againstRevisionNumber: against ?? null,
    changes: diff.changes,
    estimateDelta: diff.estimateDelta,
    totals: { before: beforeTotals, after: afterTotals.estimate },
  };
}
