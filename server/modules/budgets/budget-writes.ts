import { computeBudget, type AicpSectionLetter, type BudgetRates } from "@domain/aicp";
import { lineEditRefusal } from "@domain/budget-lifecycle";
import type { Executor } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import {
  lockBudget,
  sectionSums,
  selectRevision,
  updateBudget,
  updateRevision,
  type BudgetRow,
  type RevisionRow,
} from "./repo";
import { formOf, ratesOf, toInt } from "./views";

/*
 * What every budget write shares: the locked budget (404 when it is not the workspace's), its
 * latest revision, the draft rule for lines and rates (409 with the domain's reason), and the
 * revision's stored grand total, recomputed in the same transaction after each change.
 */

export interface LockedBudget {
  budget: BudgetRow;
  latest: RevisionRow;
}

/** Lock the budget row (select … for update) and read its latest revision. */
export async function lockedBudget(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
): Promise<LockedBudget> {
  const budget = await lockBudget(tx, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  const latest = await selectRevision(tx, ctx.organizationId, budgetId, budget.latest_revision_number);
  if (!latest) throw new Error(`Budget ${budgetId} has no revision ${budget.latest_revision_number}`);
  return { budget, latest };
}

/** 409 with the reason unless the revision is a draft. */
export function requireDraft(revision: RevisionRow): void {
  const refusal = lineEditRefusal(revision.status);
  if (refusal) throw new AppError(409, "conflict", refusal);
}

/** 400 when a figure would make an amount past what the arithmetic holds exactly (2^53). */
export function tooLarge(field: string): AppError {
  return badRequest(`${field}: the amounts of this budget would be too large`, [
    { field, message: "makes an amount too large" },
  ]);
}

/** The grand total of a revision from its lines' per-section sums and `rates` (400 when too large). */
export async function grandTotalOf(
  tx: Executor,
  ctx: RequestContext,
  budget: BudgetRow,
  number: number,
  rates: BudgetRates,
  field: string,
): Promise<number> {
  const sums = await sectionSums(tx, ctx.organizationId, budget.id, number);
  const form = formOf(budget.form_id);
  const column = (pick: (s: (typeof sums)[number]) => string | number) =>
    computeBudget(
      form,
      sums.map((s) => ({ section: s.section as AicpSectionLetter, amount: toInt(pick(s)) })),
      rates,
    );
  try {
    // Both columns must stay computable (GET shows them); the estimate's grand total is kept.
    column((s) => s.actual);
    return column((s) => s.estimate).grandTotal;
  } catch (error) {
    if (error instanceof RangeError) throw tooLarge(field);
    throw error;
  }
}

/** 409 when the client names a revision version that is no longer the latest revision's. */
export function requireRevisionVersion(revision: RevisionRow, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== revision.version) {
    throw new AppError(
      409,
      "conflict",
      "This budget was changed by someone else since you opened it: reload it and try again.",
    );
  }
}

/** A revision's rates as its columns. */
export function rateColumns(rates: BudgetRates) {
  return {
    pwBp: rates.pwBp,
    pwBpBySection: rates.pwBpBySection ?? {},
    insuranceBp: rates.insuranceBp,
    feeBp: rates.feeBp,
    contingencyBp: rates.contingencyBp,
    weatherDayMinor: rates.weatherDay,
  };
}

/**
 * After a change to a revision (its lines, or its rates given here): store its grand total and
 * the new rates, bump its version once, and the budget's updated_at.
 */
export async function touchRevision(
  tx: Executor,
  ctx: RequestContext,
  budget: BudgetRow,
  revision: RevisionRow,
  field: string,
  newRates?: BudgetRates,
): Promise<void> {
  const rates = newRates ?? ratesOf(revision);
  const grandTotal = await grandTotalOf(tx, ctx, budget, revision.number, rates, field);
  const now = ctx.deps.now();
  await updateRevision(tx, ctx.organizationId, budget.id, revision.number, {
    ...(newRates ? rateColumns(newRates) : {}),
    grandTotalMinor: grandTotal,
    updatedAt: now,
  });
  await updateBudget(tx, ctx.organizationId, budget.id, { updatedAt: now });
}
