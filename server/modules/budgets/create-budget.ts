import { DEFAULT_AICP_FORM_ID, ZERO_RATES } from "@domain/aicp";
import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { refreshLabourSums } from "./labour-repo";
import type { BudgetDetail, CreateBudget } from "./contract";
import { rateColumns } from "./budget-writes";
import { readBudget } from "./get-budget";
import { folderExists, workspaceCurrency } from "../rate-cards/repo";
import { insertBudget, insertRevision } from "./repo";

/**
 * A new budget of a project (a ClickUp folder of the workspace, else 404) on a form version, in
 * the workspace currency, with revision 0 (the original bid) as a draft without lines.
 */
export async function createBudget(ctx: RequestContext, input: CreateBudget): Promise<BudgetDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    if (!(await folderExists(tx, ctx.organizationId, input.projectId))) throw notFound("Project not found");
    const id = newId();
    const now = ctx.deps.now();
    const rates = input.rates ?? ZERO_RATES;
    const formId = input.formId ?? DEFAULT_AICP_FORM_ID;
    const currency = await workspaceCurrency(tx, ctx.organizationId);
    await insertBudget(tx, {
      organizationId: ctx.organizationId,
      id,
      folderId: input.projectId,
      name: input.name,
      formId,
      bidType: input.bidType,
      currency,
      workingRevisionNumber: null,
      latestRevisionNumber: 0,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertRevision(tx, {
      organizationId: ctx.organizationId,
      budgetId: id,
      number: 0,
      status: "draft",
      ...rateColumns(rates),
      grandTotalMinor: 0,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "budget",
      id,
      action: "created",
      after: {
        projectId: input.projectId,
        name: input.name,
        formId,
        bidType: input.bidType,
        currency,
        rates: { ...rates, pwBpBySection: rates.pwBpBySection ?? {} },
      },
      category: "finance",
    });
    await refreshLabourSums(tx, ctx.organizationId, [id], ctx.deps.now());
    return readBudget(tx, ctx, id);
  });
}
