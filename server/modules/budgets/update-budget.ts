import { transaction } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockedBudget, requireDraft, requireRevisionVersion, touchRevision } from "./budget-writes";
import type { BudgetDetail, UpdateBudget } from "./contract";
import { readBudget } from "./get-budget";
import { updateBudget as updateBudgetRow } from "./repo";
import { ratesOf } from "./views";

/**
 * Change a budget's name, bid type or rates — only while its latest revision is a draft (409
 * with the reason otherwise). Rates belong to the latest revision, so a change order's new fee
 * never rewrites the top sheet of the approved revision before it.
 */
export async function updateBudget(
  ctx: RequestContext,
  budgetId: string,
  input: UpdateBudget,
): Promise<BudgetDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    requireDraft(latest);
    requireRevisionVersion(latest, input.baseVersion);
    const beforeRates = ratesOf(latest);
    const rates = { ...beforeRates, ...(input.rates ?? {}) };
    if (input.name !== undefined || input.bidType !== undefined) {
      await updateBudgetRow(tx, ctx.organizationId, budgetId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.bidType !== undefined ? { bidType: input.bidType } : {}),
      });
    }
    await touchRevision(tx, ctx, budget, latest, "rates", input.rates === undefined ? undefined : rates);
    await recordChange(ctx, tx, {
      object: "budget",
      id: budgetId,
      action: "updated",
      before: {
        name: budget.name,
        bidType: budget.bid_type,
        revisionNumber: latest.number,
        rates: beforeRates,
      },
      after: {
        name: input.name ?? budget.name,
        bidType: input.bidType ?? budget.bid_type,
        revisionNumber: latest.number,
        rates,
      },
      category: "finance",
    });
    return readBudget(tx, ctx, budgetId);
  });
}
