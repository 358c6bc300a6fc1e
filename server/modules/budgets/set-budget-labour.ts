import { transaction } from "../../db/executor";
import { badRequest, conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockedBudget } from "./budget-writes";
import type { BudgetDetail, BudgetLabourSettings } from "./contract";
import { readBudget } from "./get-budget";
import { refreshLabourSums } from "./labour-repo";
import { updateBudget } from "./repo";
import { formOf, labourView } from "./views";

/**
 * Set which section the labour of each ClickUp role tag counts in, and the section of everyone
 * else's time. It moves actual cost between sections, never an estimate, so it may change at any
 * time until the budget is closed (409 then); sections must be on the budget's form (400).
 * Audited in the same transaction.
 */
export async function setBudgetLabour(
  ctx: RequestContext,
  budgetId: string,
  input: BudgetLabourSettings,
): Promise<BudgetDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    if (latest.status === "closed")
      throw conflict("This budget is closed: its labour settings can no longer change.");
    const form = formOf(budget.form_id);
    const onForm = new Set<string>(form.sections.map((s) => s.letter));
    const fields = [
      ...input.mapping.flatMap((m, i) =>
        onForm.has(m.section)
          ? []
          : [{ field: `mapping.${i}.section`, message: `is not a section of ${form.name}` }],
      ),
      ...(onForm.has(input.defaultSection)
        ? []
        : [{ field: "defaultSection", message: `is not a section of ${form.name}` }]),
    ];
    if (fields.length > 0)
      throw badRequest("The labour settings name a section the form does not have", fields);
    const before = labourView(budget, []);
    await updateBudget(tx, ctx.organizationId, budgetId, {
      labourMapping: input.mapping,
      labourDefaultSection: input.defaultSection,
      updatedAt: ctx.deps.now(),
    });
    await recordChange(ctx, tx, {
      object: "budget",
      id: budgetId,
      action: "labour_settings_changed",
      before: { mapping: before.mapping, defaultSection: before.defaultSection },
      after: { mapping: input.mapping, defaultSection: input.defaultSection },
      category: "finance",
    });
    await refreshLabourSums(tx, ctx.organizationId, [budgetId], ctx.deps.now());
    return readBudget(tx, ctx, budgetId);
  });
}
