import type { RequestContext } from "../../request-context";
import type { ActualQuery, ActualResponse, ActualRow, ActualTotals } from "./contract";
import { periodWeeks } from "./period";
import { selectActual, type FiguresRow } from "./repo";
import { int, intOrNull, reportSetup } from "./setup";

/** The figures of one SQL group row in the contract's shape. */
export function figures(r: FiguresRow | undefined): ActualTotals {
  return {
    entries: int(r?.entries),
    ms: int(r?.ms),
    billableMs: int(r?.billable_ms),
    nonBillableMs: int(r?.non_billable_ms),
    cost: r ? intOrNull(r.cost) : 0,
    unpricedCostMs: int(r?.unpriced_cost_ms),
    revenue: r ? intOrNull(r.revenue) : 0,
    unpricedRevenueMs: int(r?.unpriced_revenue_ms),
  };
}

const NONE_LABEL = { project: "No project", person: "No person", client: "No client" } as const;

/**
 * The Actual report (issue 16 point 3): hours, internal cost and client revenue actually
 * incurred in the period, per project, person or client (`groupBy`), billable apart, per week and
 * in total; all summed in SQL (repo.ts selectActual). Rows come biggest first (hours, then label).
 */
export async function getActual(ctx: RequestContext, query: ActualQuery): Promise<ActualResponse> {
  const setup = await reportSetup(ctx, query);
  const found = await selectActual(ctx.db, setup.scope, query.groupBy);
  const rows: ActualRow[] = found
    .filter((r) => r.kind === "key")
    .map((r) => ({
      key: r.key ?? "",
      label: r.key ? (r.label ?? r.key) : NONE_LABEL[query.groupBy],
      ...figures(r),
    }))
    .sort((a, b) => b.ms - a.ms || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  const byWeek = new Map(found.filter((r) => r.kind === "week").map((r) => [r.week, r]));
  const weeks = periodWeeks(setup.period, setup.weekStart).map((week) => {
    const f = figures(byWeek.get(week));
    return {
      week,
      billableMs: f.billableMs,
      nonBillableMs: f.nonBillableMs,
      cost: f.cost,
      revenue: f.revenue,
    };
  });
  return {
    period: setup.period,
    currency: setup.currency,
    groupBy: query.groupBy,
    rows,
    totals: figures(found.find((r) => r.kind === "total")),
    weeks,
  };
}
