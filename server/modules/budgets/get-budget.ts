import { allowedBudgetActions, budgetLinesEditable, lineActualsEditable } from "@domain/budget-lifecycle";
import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { BudgetDetail, BudgetQuery } from "./contract";
import { labourSums } from "./labour-repo";
import { selectBudget, selectLines, selectRevisions, sectionSums } from "./repo";
import { committedByLineKey } from "../purchase-orders/repo";
import { actualByLineKey } from "../vendor-bills/repo";
import { invoicedByBudget } from "../client-invoices/repo";
import {
  figuresOf,
  formOf,
  iso,
  labourView,
  lineCostsOf,
  lineView,
  ratesOf,
  revisionSummary,
  totalsOf,
} from "./views";

/**
 * A budget with its revisions, the chosen revision's lines (the latest unless `revision` names
 * another), its sections and top sheet (estimate, committed — open purchase orders' unbilled
 * amounts per line key —, actual — the lines' typed actuals, approved vendor bills plus
 * labour from time entries — and forecast columns, computed by domain/aicp.ts computeBudget from
 * per-section sums), its labour actuals and the actions allowed now.
 */
export async function readBudget(
  executor: Executor,
  ctx: RequestContext,
  budgetId: string,
  revision?: number,
): Promise<BudgetDetail> {
  const budget = await selectBudget(executor, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  const revisions = await selectRevisions(executor, ctx.organizationId, budgetId);
  const number = revision ?? budget.latest_revision_number;
  const chosen = revisions.find((r) => r.number === number);
  if (!chosen) throw notFound("Budget revision not found");
  const latest = revisions.find((r) => r.number === budget.latest_revision_number) ?? chosen;
  const lines = await selectLines(executor, ctx.organizationId, budgetId, number);
  const sums = await sectionSums(executor, ctx.organizationId, budgetId, number);
  const labour = await labourSums(executor, ctx.organizationId, [budgetId]);
  const committed = await committedByLineKey(executor, ctx.organizationId, [budgetId]);
  const billed = await actualByLineKey(executor, ctx.organizationId, [budgetId]);
  const costsOf = lineCostsOf(committed, billed);
  const invoiced = (await invoicedByBudget(executor, ctx.organizationId, [budgetId])).get(budgetId) ?? 0;
  const form = formOf(budget.form_id);
  const rates = ratesOf(chosen);
  const totals = totalsOf(form, sums, rates, labour, committed, billed);
  return {
    id: budget.id,
    projectId: budget.folder_id,
    projectName: budget.folder_name,
    clientName: budget.client_name,
    name: budget.name,
    formId: form.id,
    formName: form.name,
    bidType: budget.bid_type,
    currency: budget.currency,
    status: latest.status,
    workingRevisionNumber: budget.working_revision_number,
    latestRevisionNumber: budget.latest_revision_number,
    allowedActions: allowedBudgetActions(latest.status),
    revisions: revisions.map(revisionSummary),
    revision: {
      ...revisionSummary(chosen),
      rates,
      linesEditable: budgetLinesEditable(chosen.status),
      actualsEditable: chosen.number === latest.number && lineActualsEditable(chosen.status),
    },
    lines: lines.map((line) => lineView(line, costsOf(line.key))),
    labour: labourView(budget, labour),
    totals,
    figures: figuresOf(budget.bid_type, totals, invoiced),
    createdAt: iso(budget.created_at),
    updatedAt: iso(budget.updated_at),
  };
}

export async function getBudget(
  ctx: RequestContext,
  budgetId: string,
  query: BudgetQuery,
): Promise<BudgetDetail> {
  return readBudget(ctx.db, ctx, budgetId, query.revision);
}
