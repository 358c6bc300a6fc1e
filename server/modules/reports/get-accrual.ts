import {
  accrualFigures,
  chooseAccrualView,
  elapsedShare,
  sampleAccrualProjects,
  shareBp,
} from "@domain/accrual";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import {
  hasSyncedProjects,
  selectAccrual,
  selectDataset,
  selectDatasets,
  type AccrualSqlRow,
} from "./accrual-repo";
import {
  accrualDataSchema,
  type AccrualData,
  type AccrualProject,
  type AccrualQuery,
  type AccrualResponse,
  type AccrualTotals,
  type ReportFilter,
} from "./contract";
import { datasetSummary } from "./datasets-views";
import { int, intOrNull, reportSetup } from "./setup";

function base(r: AccrualSqlRow | undefined) {
  return {
    estimatedMs: int(r?.est_ms),
    estimatedRevenue: r ? intOrNull(r.est_revenue) : 0,
    actualMs: int(r?.act_ms),
    actualRevenue: r ? intOrNull(r.act_revenue) : 0,
  };
}

/** Σ of a nullable figure: null only when every part is null (and there is a part). */
function sumOrNull(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return values.length > 0 && known.length === 0 ? null : known.reduce((t, v) => t + v, 0);
}

/** The accrual totals row: the summed figures from SQL, the accrued ones Σ per project (each has its own share). */
export function accrualTotals(projects: AccrualProject[], sums: AccrualSqlRow | undefined): AccrualTotals {
  const b = base(sums);
  const accruedMs = sumOrNull(projects.map((p) => p.totalAccruedEstimatedMs));
  const accruedRevenue = sumOrNull(projects.map((p) => p.totalAccruedEstimatedRevenue));
  return {
    totalEstimatedMs: b.estimatedMs,
    totalActualMs: b.actualMs,
    totalEstimatedRevenue: b.estimatedRevenue,
    totalActualRevenue: b.actualRevenue,
    totalAccruedEstimatedMs: accruedMs,
    totalAccruedEstimatedRevenue: accruedRevenue,
    timeVarianceToAccruedMs: accruedMs === null ? null : b.actualMs - accruedMs,
    revenueVarianceToAccrued:
      accruedRevenue === null || b.actualRevenue === null ? null : b.actualRevenue - accruedRevenue,
  };
}

/** The live Accrual figures for the filters (all sums in SQL: accrual-repo.ts selectAccrual). */
export async function getLiveAccrual(ctx: RequestContext, filter: ReportFilter): Promise<AccrualData> {
  const setup = await reportSetup(ctx, filter);
  const reportDate = setup.period.to < setup.today ? setup.period.to : setup.today;
  const found = await selectAccrual(ctx.db, setup.scope, reportDate);
  const assignees = new Map<string, AccrualSqlRow[]>();
  for (const r of found) {
    if (r.kind !== "assignee") continue;
    const list = assignees.get(r.folder_id ?? "") ?? [];
    list.push(r);
    assignees.set(r.folder_id ?? "", list);
  }
  const projects = found
    .filter((r) => r.kind === "project")
    .map((r): AccrualProject => {
      const share = elapsedShare({ start: r.project_start, due: r.project_due }, reportDate);
      const b = base(r);
      const accrued = accrualFigures(b, share);
      return {
        projectId: r.folder_id ?? "",
        name: r.name ?? "",
        client: r.client,
        sample: false,
        jobCode: r.job_code ?? "",
        budgetURL: r.budget_id ? `/finance/budgets/${encodeURIComponent(r.budget_id)}` : null,
        projectStart: r.project_start,
        projectDue: r.project_due,
        elapsedBp: share === null ? null : shareBp(share),
        totalEstimatedMs: b.estimatedMs,
        totalActualMs: b.actualMs,
        totalEstimatedRevenue: b.estimatedRevenue,
        totalActualRevenue: b.actualRevenue,
        totalAccruedEstimatedMs: accrued.accruedEstimatedMs,
        totalAccruedEstimatedRevenue: accrued.accruedEstimatedRevenue,
        timeVarianceToAccruedMs: accrued.timeVarianceMs,
        revenueVarianceToAccrued: accrued.revenueVariance,
        assigneeBreakdown: (assignees.get(r.folder_id ?? "") ?? [])
          .map((a) => {
            const ab = base(a);
            return {
              assigneeId: a.user_id ?? "",
              assigneeName: a.assignee_name ?? "",
              tags: a.tags ?? [],
              ...ab,
              ...accrualFigures(ab, share),
            };
          })
          .sort(
            (x, y) =>
              y.estimatedMs - x.estimatedMs ||
              y.actualMs - x.actualMs ||
              x.assigneeName.localeCompare(y.assigneeName),
          ),
      };
    })
    .sort(
      (a, b) =>
        a.jobCode.localeCompare(b.jobCode) ||
        a.name.localeCompare(b.name) ||
        a.projectId.localeCompare(b.projectId),
    );
  return {
    period: setup.period,
    reportDate,
    currency: setup.currency,
    projects,
    totals: accrualTotals(
      projects,
      found.find((r) => r.kind === "total"),
    ),
  };
}

/**
 * The Accrual page (issue 16 point 2): `dataset` opens a saved snapshot of the workspace (another
 * workspace's or an unknown id → 404); otherwise the live figures when the workspace has synced
 * projects; otherwise spec §4: the first saved dataset, else the three built-in samples
 * (domain/accrual.ts chooseAccrualView).
 */
export async function getAccrual(ctx: RequestContext, query: AccrualQuery): Promise<AccrualResponse> {
  const { dataset, ...filter } = query;
  const [datasets, synced] = await Promise.all([
    selectDatasets(ctx.db, ctx.organizationId),
    hasSyncedProjects(ctx.db, ctx.organizationId),
  ]);
  if (dataset !== undefined && !datasets.some((d) => d.id === dataset)) throw notFound("Dataset not found");
  const view = chooseAccrualView({ datasets, activeId: dataset ?? null, hasSyncedProjects: synced });
  if (view.source === "live")
    return { ...(await getLiveAccrual(ctx, filter)), source: "live", dataset: null };
  if (view.datasetId !== null) {
    const row = await selectDataset(ctx.db, ctx.organizationId, view.datasetId);
    if (!row) throw notFound("Dataset not found");
    return { ...accrualDataSchema.parse(row.data), source: view.source, dataset: datasetSummary(row) };
  }
  const setup = await reportSetup(ctx, filter);
  const reportDate = setup.period.to < setup.today ? setup.period.to : setup.today;
  const projects = sampleAccrualProjects(reportDate);
  const sum = (pick: (p: AccrualProject) => number | null) =>
    projects.reduce((t, p) => t + (pick(p) ?? 0), 0);
  const totals: AccrualTotals = {
    totalEstimatedMs: sum((p) => p.totalEstimatedMs),
    totalActualMs: sum((p) => p.totalActualMs),
    totalEstimatedRevenue: sum((p) => p.totalEstimatedRevenue),
    totalActualRevenue: sum((p) => p.totalActualRevenue),
    totalAccruedEstimatedMs: sum((p) => p.totalAccruedEstimatedMs),
    totalAccruedEstimatedRevenue: sum((p) => p.totalAccruedEstimatedRevenue),
    timeVarianceToAccruedMs: sum((p) => p.timeVarianceToAccruedMs),
    revenueVarianceToAccrued: sum((p) => p.revenueVarianceToAccrued),
  };
  return {
    period: setup.period,
    reportDate,
    currency: setup.currency,
    projects,
    totals,
    source: "samples",
    dataset: null,
  };
}
