import { lineTotal } from "@domain/aicp";
import { lineActualRefusal } from "@domain/budget-lifecycle";
import { transaction, type Executor } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { committedByLineKey } from "../purchase-orders/repo";
import { actualByLineKey } from "../vendor-bills/repo";
import { lockedBudget, requireDraft, tooLarge, touchRevision } from "./budget-writes";
import type { BudgetLineConflict, BudgetLineView, CreateBudgetLine, UpdateBudgetLine } from "./contract";
import {
  deleteLine,
  insertLine,
  nextPosition,
  selectLine,
  selectRevision,
  updateLine,
  type BudgetRow,
  type LineRow,
  type RevisionRow,
} from "./repo";
import { formOf, lineAudit, lineCostsOf, lineView, toInt, type LineCosts } from "./views";

/*
 * Lines of a budget's latest revision, only while it is a draft (409 with the domain's reason
 * otherwise). The estimate is lineTotal() of the figures, stored so SQL can sum a section; the
 * revision's grand total is recomputed in the same transaction. A change names the line version
 * it was made from: a stale one is refused with 409 carrying the line as it is now.
 */

/** A 409 whose body also carries the current line (the client shows it instead of overwriting). */
export class LineConflictError extends AppError {
  constructor(readonly current: BudgetLineView) {
    super(409, "conflict", "This line was changed by someone else: review it and make your change again.");
  }

  override toBody(): BudgetLineConflict {
    return { error: { code: "conflict", message: this.message }, current: this.current };
  }
}

function requireSectionOnForm(budget: BudgetRow, section: string): void {
  const form = formOf(budget.form_id);
  if (!form.sections.some((s) => s.letter === section)) {
    throw badRequest(`section: ${section} is not a section of the form ${form.name}`, [
      { field: "section", message: `is not a section of the form ${form.name}` },
    ]);
  }
}

function estimateOf(figures: { quantity: number; rate: number; otHours: number; otRate: number }): number {
  try {
    return lineTotal(figures);
  } catch (error) {
    if (error instanceof RangeError) throw tooLarge("quantityHundredths");
    throw error;
  }
}

async function lineOf(tx: Executor, ctx: RequestContext, budgetId: string, lineId: string): Promise<LineRow> {
  const line = await selectLine(tx, ctx.organizationId, budgetId, lineId);
  if (!line) throw notFound("Budget line not found");
  return line;
}

/** The revision a line belongs to (the latest, read already, or an earlier one). */
async function revisionOfLine(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  line: LineRow,
  latest: RevisionRow,
): Promise<RevisionRow> {
  const revision =
    line.revision_number === latest.number
      ? latest
      : await selectRevision(tx, ctx.organizationId, budgetId, line.revision_number);
  if (!revision) throw notFound("Budget revision not found");
  return revision;
}

/** 409 unless the line's revision is a draft (only the latest revision can be one). */
async function requireLineEditable(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  line: LineRow,
  latest: RevisionRow,
): Promise<void> {
  requireDraft(await revisionOfLine(tx, ctx, budgetId, line, latest));
}

/**
 * 409 unless the line's actual and notes may be entered: a line of the latest revision while it
 * is a draft, waiting for approval or approved (domain lineActualsEditable).
 */
async function requireActualEditable(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  line: LineRow,
  latest: RevisionRow,
): Promise<void> {
  const revision = await revisionOfLine(tx, ctx, budgetId, line, latest);
  if (revision.number !== latest.number && revision.status === "approved")
    throw new AppError(
      409,
      "conflict",
      `Actuals cannot be entered here: change order ${latest.number} is open; enter them on it.`,
    );
  const refusal = lineActualRefusal(revision.status);
  if (refusal) throw new AppError(409, "conflict", refusal);
}

/** The fields of a line that stay open after approval (the job's cost as it runs). */
const ACTUAL_FIELDS = new Set(["baseVersion", "actualMinor", "notes"]);

export async function createBudgetLine(
  ctx: RequestContext,
  budgetId: string,
  input: CreateBudgetLine,
): Promise<BudgetLineView> {
  return transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    requireDraft(latest);
    requireSectionOnForm(budget, input.section);
    const figures = {
      quantity: input.quantityHundredths ?? 0,
      rate: input.rateMinor ?? 0,
      otHours: input.otHoursHundredths ?? 0,
      otRate: input.otRateMinor ?? 0,
    };
    const id = newId();
    const now = ctx.deps.now();
    await insertLine(tx, {
      organizationId: ctx.organizationId,
      id,
      budgetId,
      revisionNumber: latest.number,
      key: newId(),
      section: input.section,
      number: input.number ?? "",
      description: input.description ?? "",
      quantityHundredths: figures.quantity,
      rateMinor: figures.rate,
      otHoursHundredths: figures.otHours,
      otRateMinor: figures.otRate,
      estimateMinor: estimateOf(figures),
      actualMinor: input.actualMinor ?? 0,
      notes: input.notes ?? "",
      position: input.position ?? (await nextPosition(tx, ctx.organizationId, budgetId, latest.number)),
      createdAt: now,
      updatedAt: now,
    });
    await touchRevision(tx, ctx, budget, latest, "quantityHundredths");
    const line = await lineOf(tx, ctx, budgetId, id);
    await recordChange(ctx, tx, {
      object: "budget_line",
      id,
      action: "created",
      after: { budgetId, ...lineAudit(line) },
      category: "finance",
    });
    return lineView(line);
  });
}

export async function updateBudgetLine(
  ctx: RequestContext,
  budgetId: string,
  lineId: string,
  input: UpdateBudgetLine,
): Promise<BudgetLineView> {
  return transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    const before = await lineOf(tx, ctx, budgetId, lineId);
    // Only the actual and notes: allowed on the working budget too; anything else needs a draft.
    if (Object.keys(input).every((field) => ACTUAL_FIELDS.has(field)))
      await requireActualEditable(tx, ctx, budgetId, before, latest);
    else await requireLineEditable(tx, ctx, budgetId, before, latest);
    if (before.version !== input.baseVersion)
      throw new LineConflictError(lineView(before, await costsOf(tx, ctx, budgetId, before.key)));
    if (input.section !== undefined) requireSectionOnForm(budget, input.section);
    const figures = {
      quantity: input.quantityHundredths ?? toInt(before.quantity_hundredths),
      rate: input.rateMinor ?? toInt(before.rate_minor),
      otHours: input.otHoursHundredths ?? toInt(before.ot_hours_hundredths),
      otRate: input.otRateMinor ?? toInt(before.ot_rate_minor),
    };
    await updateLine(tx, ctx.organizationId, lineId, {
      ...(input.section !== undefined ? { section: input.section } : {}),
      ...(input.number !== undefined ? { number: input.number } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.actualMinor !== undefined ? { actualMinor: input.actualMinor } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      quantityHundredths: figures.quantity,
      rateMinor: figures.rate,
      otHoursHundredths: figures.otHours,
      otRateMinor: figures.otRate,
      estimateMinor: estimateOf(figures),
      updatedAt: ctx.deps.now(),
    });
    await touchRevision(tx, ctx, budget, latest, "quantityHundredths");
    const after = await lineOf(tx, ctx, budgetId, lineId);
    await recordChange(ctx, tx, {
      object: "budget_line",
      id: lineId,
      action: "updated",
      before: { budgetId, ...lineAudit(before) },
      after: { budgetId, ...lineAudit(after) },
      category: "finance",
    });
    return lineView(after, await costsOf(tx, ctx, budgetId, after.key));
  });
}

export async function deleteBudgetLine(ctx: RequestContext, budgetId: string, lineId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const { budget, latest } = await lockedBudget(tx, ctx, budgetId);
    const before = await lineOf(tx, ctx, budgetId, lineId);
    await requireLineEditable(tx, ctx, budgetId, before, latest);
    await deleteLine(tx, ctx.organizationId, lineId);
    await touchRevision(tx, ctx, budget, latest, "lineId");
    await recordChange(ctx, tx, {
      object: "budget_line",
      id: lineId,
      action: "deleted",
      before: { budgetId, ...lineAudit(before) },
      category: "finance",
    });
  });
}

/** What purchase orders and vendor bills put on one line, as the budget screen shows it. */
async function costsOf(tx: Executor, ctx: RequestContext, budgetId: string, key: string): Promise<LineCosts> {
  const [committed, billed] = [
    await committedByLineKey(tx, ctx.organizationId, [budgetId]),
    await actualByLineKey(tx, ctx.organizationId, [budgetId]),
  ];
  return lineCostsOf(committed, billed)(key);
}
