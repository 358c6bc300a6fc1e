import { resolveAssigneeName } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import {
  UNASSIGNED,
  type WorkloadEntriesQuery,
  type WorkloadEntriesResponse,
  type WorkloadEntry,
  type WorkloadTimeEntriesQuery,
  type WorkloadTimeEntriesResponse,
} from "./contract";
import {
  selectWorkloadEntries,
  selectWorkloadTimeEntries,
  type WorkloadEntryRow,
  type WorkloadTimeEntryRow,
} from "./entries-repo";
import { workloadSetup } from "./get-workload";

const MS_PER_HOUR = 3_600_000;
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The query's window: `day` alone, or from/to, or none. */
function windowOf(query: { day?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  if (query.day) return { from: query.day, to: query.day };
  if (query.from && query.to) return { from: query.from, to: query.to };
  return {};
}

function tagsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((t) =>
      typeof t === "string" ? t : t && typeof t === "object" && "name" in t ? String(t.name) : null,
    )
    .filter((t): t is string => t !== null && t !== "");
}

function entryOf(row: WorkloadEntryRow): WorkloadEntry {
  const assignee = row.assignee_id
    ? resolveAssigneeName({
        id: row.assignee_id,
        username: row.task_username,
        user: row.known ? { username: row.pu_username, email: row.pu_email } : null,
        email: row.task_email,
      }).name
    : null;
  const estimateMs = num(row.time_estimate_ms) ?? 0;
  return {
    id: `${row.task_id}-${row.assignee_id ?? UNASSIGNED}`,
    name: row.name,
    custom_id: row.custom_id,
    job_code: row.job_code,
    status: row.status,
    start_date: row.start_day,
    due_date: row.due_day,
    space_id: row.space_id,
    folder_id: row.folder_id,
    assignee_id: row.assignee_id,
    assignee_name: assignee,
    estimated_time_total: estimateMs / MS_PER_HOUR,
    tags: tagsOf(row.tags),
    total_time_logged_hours: (num(row.logged_ms) ?? 0) / MS_PER_HOUR,
    space_name: row.space_name,
    folder_name: row.folder_name,
    assignee_rate: num(row.assignee_rate),
    estimated_cost: num(row.estimated_cost),
    actual_cost: num(row.actual_cost),
    url: row.url,
    tentative: row.tentative,
    overdue: row.overdue,
    hours_per_day_estimate: row.hpd === null ? null : Number(row.hpd),
  };
}

/**
 * Spec §3 Workload entries behind a cell, a person or a project, under the caller's task
 * visibility (spec §6: members see only the tasks they may; `hidden` counts the rest). Money
 * (assignee_rate, estimated_cost, actual_cost) only for canViewFinancials, priced by the rate
 * cards (domain/rates.ts rules; the estimate and the rate on the task's first day).
 */
export async function listWorkloadEntries(
  ctx: RequestContext,
  query: WorkloadEntriesQuery,
): Promise<WorkloadEntriesResponse> {
  const setup = await workloadSetup(ctx, query);
  const scope = await resolveTaskScope(ctx);
  const { page, hidden } = await selectWorkloadEntries(
    ctx.db,
    {
      organizationId: ctx.organizationId,
      ...windowOf(query),
      today: setup.today,
      ...(query.space ? { space: query.space } : {}),
      ...(query.project ? { project: query.project } : {}),
      ...(query.person ? { person: query.person === UNASSIGNED ? "" : query.person } : {}),
      ...(query.role ? { role: query.role } : {}),
      includeTentative: query.tentative === "true",
      bidStatuses: setup.bidStatuses,
      withMoney: setup.canViewFinancials,
    },
    scope,
    query,
  );
  return {
    items: page.items.map(entryOf),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    hidden,
    canViewFinancials: setup.canViewFinancials,
    currency: setup.currency,
  };
}

function timeEntryOf(row: WorkloadTimeEntryRow) {
  return {
    id: row.id,
    task_id: row.task_id,
    task_name: row.task_name,
    assignee_id: row.user_id,
    assignee_name: resolveAssigneeName({
      id: row.user_id,
      username: row.task_username,
      user: { username: row.pu_username, email: row.pu_email },
      email: row.task_email,
    }).name,
    hours_logged: Number(row.duration_ms) / MS_PER_HOUR,
    actual_client_revenue: num(row.actual_client_revenue),
    start_time: new Date(row.start_time).toISOString(),
    internal_rate: num(row.internal_rate),
    client_rate: num(row.client_rate),
  };
}

/**
 * Spec §3 Detailed time entries of a cell, a person or a project (window on the entry's
 * workspace day), under the caller's task visibility; rates and revenue only for
 * canViewFinancials (the rate in force on the entry's day).
 */
export async function listWorkloadTimeEntries(
  ctx: RequestContext,
  query: WorkloadTimeEntriesQuery,
): Promise<WorkloadTimeEntriesResponse> {
  const setup = await workloadSetup(ctx, query);
  const scope = await resolveTaskScope(ctx);
  const { page, hidden } = await selectWorkloadTimeEntries(
    ctx.db,
    {
      organizationId: ctx.organizationId,
      ...windowOf(query),
      ...(query.space ? { space: query.space } : {}),
      ...(query.project ? { project: query.project } : {}),
      ...(query.person ? { person: query.person } : {}),
      withMoney: setup.canViewFinancials,
    },
    scope,
    query,
  );
  return {
    items: page.items.map(timeEntryOf),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    hidden,
    canViewFinancials: setup.canViewFinancials,
    currency: setup.currency,
  };
}
