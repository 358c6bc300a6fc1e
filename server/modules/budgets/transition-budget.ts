import { budgetTransition, type BudgetStatus } from "@domain/budget-lifecycle";
import { transaction } from "../../db/executor";
import { AppError } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { notifyBudgetTransition } from "../slack/notify";
import { lockedBudget, rateColumns, requireRevisionVersion } from "./budget-writes";
import type { BudgetDetail, BudgetTransitionInput } from "./contract";
import { readBudget } from "./get-budget";
import { copyLines, insertRevision, updateBudget, updateRevision } from "./repo";
import { ratesOf, toInt } from "./views";

/*
 * A step of the budget lifecycle (domain/budget-lifecycle.ts) on the latest revision: submit,
 * return, approve, change_order, close; an illegal one is 409 with the domain's reason. The
 * budget row is locked first, so of two concurrent transitions the second sees the first's
 * result (and is refused when it no longer applies).
 *
 * - approve makes the revision the working one and marks the approved one before it superseded;
 * - change_order leaves the working revision approved and opens revision n+1 as a draft with a
 *   copy of its rates and every line (same keys, so the diff pairs them);
 * - close closes the working revision: the budget takes no further action.
 */

const ACTION_AUDIT: Record<BudgetTransitionInput["action"], string> = {
  submit: "submitted",
  return: "returned",
  approve: "approved",
  change_order: "change_order",
  close: "closed",
};

export async function transitionBudget(
  ctx: RequestContext,
  budgetId: string,
  input: BudgetTransitionInput,
): Promise<BudgetDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    const result = budgetTransition(latest.status, input.action);
    if (!result.ok) throw new AppError(409, "conflict", result.reason);
    requireRevisionVersion(latest, input.baseVersion);
    const now = ctx.deps.now();
    const org = ctx.organizationId;
    const audit = (number: number, action: string, before: BudgetStatus | null, after: BudgetStatus) =>
      recordChange(ctx, tx, {
        object: "budget_revision",
        id: `${budgetId}:${number}`,
        action,
        ...(before === null ? {} : { before: { budgetId, number, status: before } }),
        after: { budgetId, number, status: after },
        category: "finance",
      });

    if (input.action === "change_order") {
      const number = latest.number + 1;
      const rates = ratesOf(latest);
      await insertRevision(tx, {
        organizationId: org,
        budgetId,
        number,
        status: "draft",
        ...rateColumns(rates),
        grandTotalMinor: toInt(latest.grand_total_minor),
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      });
      const copied = await copyLines(tx, org, budgetId, latest.number, number, now);
      await updateBudget(tx, org, budgetId, { latestRevisionNumber: number, updatedAt: now });
      await recordChange(ctx, tx, {
        object: "budget_revision",
        id: `${budgetId}:${number}`,
        action: "created",
        after: { budgetId, number, status: "draft", from: latest.number, lines: copied, rates },
        category: "finance",
      });
      return readBudget(tx, ctx, budgetId);
    }

    await updateRevision(tx, org, budgetId, latest.number, {
      status: result.to,
      updatedAt: now,
      ...(input.action === "submit" ? { submittedBy: ctx.userId, submittedAt: now } : {}),
      ...(input.action === "approve" ? { approvedBy: ctx.userId, approvedAt: now } : {}),
      ...(input.action === "close" ? { closedAt: now } : {}),
    });
    await audit(latest.number, ACTION_AUDIT[input.action], latest.status, result.to);
    if (input.action === "approve") {
      const previous = budget.working_revision_number;
      if (previous !== null && previous !== latest.number) {
        await updateRevision(tx, org, budgetId, previous, { status: "superseded", updatedAt: now });
        await audit(previous, "superseded", "approved", "superseded");
      }
      await updateBudget(tx, org, budgetId, { workingRevisionNumber: latest.number, updatedAt: now });
    } else {
      await updateBudget(tx, org, budgetId, { updatedAt: now });
    }
    const detail = await readBudget(tx, ctx, budgetId);
    // Slack "Budget submitted or approved", in this transaction (nothing is posted if it rolls back).
    if (input.action === "submit" || input.action === "approve")
      await notifyBudgetTransition(tx, ctx, detail, input.action);
    return detail;
  });
}
