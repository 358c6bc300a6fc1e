import { minorToDecimalString } from "@domain/money";
import type { CsvColumn, CsvValue } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import type { AccrualQuery } from "./contract";
import { getAccrual } from "./get-accrual";

/*
 * The Accrual CSV: exactly what the page shows for the same query (live figures, an opened
 * dataset or the samples): a line per project, then a line per assignee under it, then the
 * totals. Hours as decimals, money as exact decimals, unknown figures empty.
 */

export interface AccrualCsvRow {
  level: "Project" | "Assignee" | "Total";
  jobCode: string;
  project: string;
  client: string | null;
  assignee: string | null;
  tags: string;
  sample: boolean;
  start: string | null;
  due: string | null;
  elapsedBp: number | null;
  estimatedMs: number;
  actualMs: number;
  accruedMs: number | null;
  timeVarianceMs: number | null;
  estimatedRevenue: number | null;
  actualRevenue: number | null;
  accruedRevenue: number | null;
  revenueVariance: number | null;
  currency: string;
  budgetURL: string | null;
}

const hours = (ms: number | null): CsvValue =>
  ms === null ? null : { decimal: (ms / 3_600_000).toFixed(2) };

function money(pick: (r: AccrualCsvRow) => number | null) {
  return (r: AccrualCsvRow): CsvValue => {
    const v = pick(r);
    return v === null ? null : { decimal: minorToDecimalString(v, r.currency) };
  };
}

export const ACCRUAL_CSV_COLUMNS: readonly CsvColumn<AccrualCsvRow>[] = [
  { header: "Level", value: (r) => r.level },
  { header: "Job Code", value: (r) => r.jobCode },
  { header: "Project", value: (r) => r.project },
  { header: "Client", value: (r) => r.client },
  { header: "Assignee", value: (r) => r.assignee },
  { header: "Tags", value: (r) => r.tags },
  { header: "Sample", value: (r) => (r.sample ? "yes" : "") },
  { header: "Start", value: (r) => r.start },
  { header: "Due", value: (r) => r.due },
  {
    header: "Elapsed %",
    value: (r) => (r.elapsedBp === null ? null : { decimal: (r.elapsedBp / 100).toFixed(2) }),
  },
  { header: "Estimated Hours", value: (r) => hours(r.estimatedMs) },
  { header: "Actual Hours", value: (r) => hours(r.actualMs) },
  { header: "Accrued Estimated Hours", value: (r) => hours(r.accruedMs) },
  { header: "Time Variance to Accrued", value: (r) => hours(r.timeVarianceMs) },
  { header: "Estimated Revenue", value: money((r) => r.estimatedRevenue) },
  { header: "Actual Revenue", value: money((r) => r.actualRevenue) },
  { header: "Accrued Estimated Revenue", value: money((r) => r.accruedRevenue) },
  { header: "Revenue Variance to Accrued", value: money((r) => r.revenueVariance) },
  { header: "Currency", value: (r) => r.currency },
  { header: "Budget", value: (r) => r.budgetURL },
];

export async function* exportAccrualCsv(
  ctx: RequestContext,
  query: AccrualQuery,
): AsyncGenerator<AccrualCsvRow[], void, undefined> {
  const report = await getAccrual(ctx, query);
  const currency = report.currency;
  const out: AccrualCsvRow[] = [];
  for (const p of report.projects) {
    const common = {
      jobCode: p.jobCode,
      project: p.name,
      client: p.client,
      sample: p.sample,
      start: p.projectStart,
      due: p.projectDue,
      elapsedBp: p.elapsedBp,
      currency,
      budgetURL: p.budgetURL,
    };
    out.push({
      level: "Project",
      ...common,
      assignee: null,
      tags: "",
      estimatedMs: p.totalEstimatedMs,
      actualMs: p.totalActualMs,
      accruedMs: p.totalAccruedEstimatedMs,
      timeVarianceMs: p.timeVarianceToAccruedMs,
      estimatedRevenue: p.totalEstimatedRevenue,
      actualRevenue: p.totalActualRevenue,
      accruedRevenue: p.totalAccruedEstimatedRevenue,
      revenueVariance: p.revenueVarianceToAccrued,
    });
    for (const a of p.assigneeBreakdown) {
      out.push({
        level: "Assignee",
        ...common,
        assignee: a.assigneeName,
        tags: a.tags.join(", "),
        estimatedMs: a.estimatedMs,
        actualMs: a.actualMs,
        accruedMs: a.accruedEstimatedMs,
        timeVarianceMs: a.timeVarianceMs,
        estimatedRevenue: a.estimatedRevenue,
        actualRevenue: a.actualRevenue,
        accruedRevenue: a.accruedEstimatedRevenue,
        revenueVariance: a.revenueVariance,
      });
    }
  }
  const t = report.totals;
  out.push({
    level: "Total",
    jobCode: "",
    project: "Total",
    client: null,
    assignee: null,
    tags: "",
    sample: false,
    start: null,
    due: null,
    elapsedBp: null,
    estimatedMs: t.totalEstimatedMs,
    actualMs: t.totalActualMs,
    accruedMs: t.totalAccruedEstimatedMs,
    timeVarianceMs: t.timeVarianceToAccruedMs,
    estimatedRevenue: t.totalEstimatedRevenue,
    actualRevenue: t.totalActualRevenue,
    accruedRevenue: t.totalAccruedEstimatedRevenue,
    revenueVariance: t.revenueVarianceToAccrued,
    currency,
    budgetURL: null,
  });
  yield out;
}
