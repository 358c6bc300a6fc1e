import type { RequestContext } from "../../request-context";
import { selectWeekStatuses } from "../timesheet/approval-repo";
import type {
  ReportFilter,
  UtilizationDaysQuery,
  UtilizationDaysResponse,
  UtilizationResponse,
  UtilizationRow,
} from "./contract";
import { periodWeeks } from "./period";
import { selectUtilization, selectUtilizationDays, type UtilizationSqlRow } from "./repo";
import { int, intOrNull, reportSetup } from "./setup";

function utilizationFigures(r: UtilizationSqlRow | undefined) {
  return {
    capacityMinutes: int(r?.capacity_minutes),
    timeOffMinutes: int(r?.time_off_minutes),
    loggedMs: int(r?.logged_ms),
    billableMs: int(r?.billable_ms),
    loggedBp: intOrNull(r?.logged_bp),
    utilizationBp: intOrNull(r?.utilization_bp),
  };
}

/**
 * Utilization (issue 16 point 5): per person and for the team, capacity in the period (working
 * days × hours per day − time off − holidays, workload_capacity), logged and billable time,
 * logged ÷ capacity and billable ÷ capacity (utilization, against the person's target), and the
 * same per person and week for the heat map; summed in SQL (repo.ts selectUtilization).
 */
export async function getUtilization(ctx: RequestContext, query: ReportFilter): Promise<UtilizationResponse> {
  const setup = await reportSetup(ctx, query);
  const [found, weeks] = await Promise.all([
    selectUtilization(ctx.db, setup.scope),
    selectWeekStatuses(ctx.db, ctx.organizationId, setup.scope),
  ]);
  const rows: UtilizationRow[] = found
    .filter((r) => r.kind === "person" && r.person_id !== null)
    .map((r) => ({
      personId: r.person_id ?? "",
      name: r.name ?? `User ${r.person_id}`,
      roles: r.roles ?? [],
      targetBp: r.target_bp,
      ...utilizationFigures(r),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.personId.localeCompare(b.personId));
  const cells = found
    .filter((r) => r.kind === "cell" && r.person_id !== null && r.week !== null)
    .map((r) => ({ personId: r.person_id ?? "", week: r.week ?? "", ...utilizationFigures(r) }))
    .sort((a, b) => a.personId.localeCompare(b.personId) || a.week.localeCompare(b.week));
  return {
    period: setup.period,
    weeks: periodWeeks(setup.period, setup.weekStart),
    rows,
    totals: utilizationFigures(found.find((r) => r.kind === "total")),
    cells,
    timesheetWeeks: weeks.map((w) => ({
      personId: w.clickup_user_id,
      weekStart: w.week_start,
      status: w.status,
    })),
  };
}

/** The days behind a person's capacity (and one week of it): capacity, time off, holidays, logged. */
export async function getUtilizationDays(
  ctx: RequestContext,
  query: UtilizationDaysQuery,
): Promise<UtilizationDaysResponse> {
  const setup = await reportSetup(ctx, query);
  const from = query.week && query.week > setup.period.from ? query.week : setup.period.from;
  const weekEnd = query.week
    ? new Date(Date.parse(`${query.week}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10)
    : setup.period.to;
  const to = weekEnd < setup.period.to ? weekEnd : setup.period.to;
  const days =
    from > to
      ? []
      : await selectUtilizationDays(ctx.db, { ...setup.scope, person: query.person }, { from, to });
  return {
    period: setup.period,
    days: days.map((d) => ({
      day: d.day,
      capacityMinutes: d.capacity_minutes,
      timeOffMinutes: d.time_off_minutes,
      isHoliday: d.is_holiday,
      isWorkingDay: d.is_working_day,
      loggedMs: int(d.logged_ms),
      billableMs: int(d.billable_ms),
    })),
  };
}
