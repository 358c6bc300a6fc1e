import { can, projectPhase, resolveAssigneeName } from "@domain/index";
import { assertMinorUnits, sumMinorUnits } from "@domain/money";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import {
  UNASSIGNED,
  type WorkloadPerson,
  type WorkloadQuery,
  type WorkloadResponse,
  type WorkloadTotals,
} from "./contract";
import { refreshWorkloadBookings } from "./bookings-repo";
import { readSnapshot } from "../../db/executor";
import {
  anyStaleWorkloadLine,
  selectWorkloadGrid,
  selectWorkloadSetup,
  type WorkloadFilter,
  type WorkloadGridRow,
} from "./repo";

/** What every workload read needs first: the workspace's today and currency, the filters checked. */
export interface WorkloadSetup {
  today: string;
  currency: string;
  bidStatuses: string[];
  canViewFinancials: boolean;
  spaces: { id: string; name: string }[];
}

/**
 * The workspace facts of a workload read, and the filter ids checked against the workspace: an
 * unknown (or another workspace's) space, project or person is 404.
 */
export async function workloadSetup(
  ctx: RequestContext,
  ids: { space?: string | undefined; project?: string | undefined; person?: string | undefined },
): Promise<WorkloadSetup> {
  const person = ids.person === UNASSIGNED ? undefined : ids.person;
  const row = await selectWorkloadSetup(ctx.db, ctx.organizationId, ctx.deps.now(), {
    ...(ids.space ? { space: ids.space } : {}),
    ...(ids.project ? { project: ids.project } : {}),
    ...(person ? { person } : {}),
  });
  if (!row) throw notFound("Workspace not found");
  if (!row.space_found) throw notFound("Space not found");
  if (!row.project_found) throw notFound("Project not found");
  if (!row.person_found) throw notFound("Person not found");
  return {
    today: row.today,
    currency: row.currency,
    // Spec §4 grouping decided by the domain rule itself, on the few distinct project statuses.
    bidStatuses: (row.meta_statuses ?? []).filter(
      (s): s is string => s !== null && projectPhase(s) === "bid",
    ),
    canViewFinancials: can(ctx.role, "canViewFinancials"),
    spaces: row.spaces ?? [],
  };
}

function isoDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The money totals of a grid row (all null without withMoney; bigint columns come as text on pg). */
type RowMoney = Pick<WorkloadTotals, "cost" | "revenue" | "unpricedCostMinutes" | "unpricedRevenueMinutes">;

const NO_MONEY: RowMoney = {
  cost: null,
  revenue: null,
  unpricedCostMinutes: null,
  unpricedRevenueMinutes: null,
};

const integerOrNull = (value: string | number | null, what: string) =>
  value === null ? null : assertMinorUnits(Number(value), what);

function moneyOf(row: WorkloadGridRow): RowMoney {
  return {
    cost: integerOrNull(row.cost, "cost"),
    revenue: integerOrNull(row.revenue, "revenue"),
    unpricedCostMinutes: integerOrNull(row.unpriced_cost_minutes, "minutes"),
    unpricedRevenueMinutes: integerOrNull(row.unpriced_revenue_minutes, "minutes"),
  };
}

/**
 * The money of several rows together: sums of their (already rounded) totals. An amount is null
 * when no row has one (not shown, or nothing priced) — as a row's own total is.
 */
function sumMoney(rows: readonly RowMoney[], withMoney: boolean): RowMoney {
  if (!withMoney) return NO_MONEY;
  const amount = (values: (number | null)[]) => {
    const priced = values.filter((v): v is number => v !== null);
    const unpriced = values.length > priced.length;
    return priced.length === 0 && unpriced ? null : sumMinorUnits(priced);
  };
  return {
    cost: amount(rows.map((r) => r.cost)),
    revenue: amount(rows.map((r) => r.revenue)),
    unpricedCostMinutes: sum(rows.map((r) => r.unpricedCostMinutes ?? 0)),
    unpricedRevenueMinutes: sum(rows.map((r) => r.unpricedRevenueMinutes ?? 0)),
  };
}

function totalsOf(
  booked: readonly number[],
  tentative: readonly number[],
  capacity: readonly number[],
  timeOff: readonly number[],
  overdueTasks: number,
  money: RowMoney,
): WorkloadTotals {
  const b = sum(booked);
  const c = sum(capacity);
  return {
    booked: b,
    tentative: sum(tentative),
    capacity: c,
    timeOff: sum(timeOff),
    utilisationBp: c > 0 ? Math.round((b * 10_000) / c) : null,
    overdueTasks,
    ...money,
  };
}

function personOf(row: WorkloadGridRow): WorkloadPerson {
  // Spec §8: username (the task's assignee data), users-table username or e-mail, e-mail, 'User {id}'.
  const { name, resolved } = resolveAssigneeName({
    id: row.person,
    username: row.task_username,
    user: row.known ? { username: row.pu_username, email: row.pu_email } : null,
    email: row.task_email,
  });
  return {
    id: row.person,
    name,
    resolved,
    email: row.pu_email ?? row.task_email,
    roles: row.role_tags ?? [],
    spaceIds: row.space_ids ?? [],
    booked: row.booked,
    tentative: row.tentative,
    capacity: row.capacity,
    timeOff: row.time_off,
    off: row.off ?? [],
    overdue: row.overdue_days ?? [],
    utilisationTargetBp: row.utilisation_target_bp,
    totals: totalsOf(row.booked, row.tentative, row.capacity, row.time_off, row.overdue_tasks, moneyOf(row)),
  };
}

/** The grid's filter from a validated query and the setup. */
export function workloadFilter(
  ctx: RequestContext,
  query: Pick<WorkloadQuery, "from" | "to" | "space" | "project" | "person" | "role" | "tentative">,
  setup: WorkloadSetup,
): WorkloadFilter {
  return {
    organizationId: ctx.organizationId,
    from: query.from,
    to: query.to,
    today: setup.today,
    ...(query.space ? { space: query.space } : {}),
    ...(query.project ? { project: query.project } : {}),
    ...(query.person ? { person: query.person === UNASSIGNED ? "" : query.person } : {}),
    ...(query.role ? { role: query.role } : {}),
    includeTentative: query.tentative === "true",
    bidStatuses: setup.bidStatuses,
    withMoney: setup.canViewFinancials,
  };
}

/**
 * The workload grid (spec §2, §9): every person's booked and tentative minutes per day of the
 * window against capacity, plus the Unassigned row. Every member may read it; booked hours count
 * every task of the workspace (capacity planning needs the whole picture), while money is only
 * for canViewFinancials.
 */
export async function getWorkload(ctx: RequestContext, query: WorkloadQuery): Promise<WorkloadResponse> {
  const setup = await workloadSetup(ctx, query);
  const days = isoDays(query.from, query.to);
  const filter = workloadFilter(ctx, query, setup);
  // Bookings of tasks changed since the last sync's refresh (a webhook, a template) first.
  await refreshWorkloadBookings(ctx.db, ctx.organizationId);
  // Whether some lines must be priced from the rate cards decides the statement's shape: both on
  // one snapshot, so a sync committing new lines in between cannot slip past the probe.
  const found = await readSnapshot(ctx.deps.database, async (tx) =>
    selectWorkloadGrid(tx, filter, filter.withMoney && (await anyStaleWorkloadLine(tx, ctx.organizationId))),
  );
  const zeros = days.map(() => 0);
  const people: WorkloadPerson[] = [];
  let unassigned: WorkloadResponse["unassigned"] = {
    booked: zeros,
    tentative: zeros,
    overdue: [],
    totals: totalsOf(zeros, zeros, zeros, zeros, 0, sumMoney([], setup.canViewFinancials)),
  };
  for (const row of found) {
    if (row.person === "") {
      unassigned = {
        booked: row.booked,
        tentative: row.tentative,
        overdue: row.overdue_days ?? [],
        totals: totalsOf(row.booked, row.tentative, zeros, zeros, row.overdue_tasks, moneyOf(row)),
      };
    } else {
      people.push(personOf(row));
    }
  }
  const all = [...people.map((p) => p.totals), unassigned.totals];
  const booked = sum(all.map((t) => t.booked));
  const capacity = sum(all.map((t) => t.capacity));
  const spaceIds = new Set(people.flatMap((p) => p.spaceIds));
  const spaces = setup.spaces.filter((s) => spaceIds.has(s.id));
  return {
    from: query.from,
    to: query.to,
    today: setup.today,
    days,
    holidays: holidayIndices(found),
    people,
    unassigned,
    totals: {
      booked,
      tentative: sum(all.map((t) => t.tentative)),
      capacity,
      timeOff: sum(all.map((t) => t.timeOff)),
      utilisationBp: capacity > 0 ? Math.round((booked * 10_000) / capacity) : null,
      overdueTasks: sum(all.map((t) => t.overdueTasks)),
      ...sumMoney(all, setup.canViewFinancials),
    },
    spaces,
    unresolvedNames: people.filter((p) => !p.resolved).length,
    canViewFinancials: setup.canViewFinancials,
    currency: setup.currency,
  };
}

function holidayIndices(found: readonly WorkloadGridRow[]): number[] {
  return found.find((r) => r.holidays)?.holidays ?? [];
}
