import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import type { ProjectIdParam, ProjectTimeReportResponse, TimeReportRow } from "./contract";
import { requireMetaTask } from "./get-project";
import { hours, personName } from "./names";
import { hoursScope } from "./hours-scope";
import { estimateRows, folderHours, namedPeople, timeReportCells } from "./repo";

function addTo(map: Map<string, TimeReportRow>, id: string, name: string): TimeReportRow {
  let row = map.get(id);
  if (!row) {
    row = { id, name, weeks: {}, loggedHours: 0, estimatedHours: 0 };
    map.set(id, row);
  }
  return row;
}

function roundRow(row: TimeReportRow): TimeReportRow {
  const weeks: Record<string, number> = {};
  for (const [week, value] of Object.entries(row.weeks)) weeks[week] = hours(value);
  return { ...row, weeks, loggedHours: hours(row.loggedHours), estimatedHours: hours(row.estimatedHours) };
}

/**
 * Time report: hours logged per person and per task per ISO week against estimates. Only the
 * tasks the caller may count (spec §6): admins every task of the folder, others their own or
 * permitted ones. A person's estimate is the sum of the estimates of the tasks assigned to them.
 */
export async function getProjectTimeReport(
  ctx: RequestContext,
  input: ProjectIdParam,
): Promise<ProjectTimeReportResponse> {
  const [meta, scope] = await Promise.all([
    requireMetaTask(ctx.db, ctx.organizationId, input.projectId),
    resolveTaskScope(ctx),
  ]);
  const empty = { weeks: {}, loggedHours: 0, estimatedHours: 0 };
  if (!meta.folder_id) return { weeks: [], people: [], tasks: [], totals: empty, ...hoursScope(null) };
  const [cells, estimates, { coverage }] = await Promise.all([
    timeReportCells(ctx.db, scope, meta.folder_id),
    estimateRows(ctx.db, scope, meta.folder_id),
    // Owners and admins sum the whole project (no coverage to count): one statement less.
    scope.seesAll ? { coverage: null } : folderHours(ctx.db, scope, meta.folder_id),
  ]);
  const taskInfo = new Map(estimates.map((e) => [e.id, e]));
  const named = await namedPeople(ctx.db, ctx.organizationId, [
    ...cells.map((c) => c.user_id),
    ...estimates.flatMap((e) => e.assignee_ids),
  ]);
  const nameOf = (id: string) => personName(named.get(id) ?? { id, username: null, email: null });

  const people = new Map<string, TimeReportRow>();
  const tasks = new Map<string, TimeReportRow>();
  const totals = { weeks: {} as Record<string, number>, loggedHours: 0, estimatedHours: 0 };
  const weeks = new Set<string>();
  for (const cell of cells) {
    const value = Number(cell.hours);
    weeks.add(cell.week);
    const person = addTo(people, cell.user_id, nameOf(cell.user_id));
    person.weeks[cell.week] = (person.weeks[cell.week] ?? 0) + value;
    person.loggedHours += value;
    const info = taskInfo.get(cell.task_id);
    const task = addTo(tasks, cell.task_id, info?.name ?? cell.task_id);
    task.weeks[cell.week] = (task.weeks[cell.week] ?? 0) + value;
    task.loggedHours += value;
    totals.weeks[cell.week] = (totals.weeks[cell.week] ?? 0) + value;
    totals.loggedHours += value;
  }
  for (const e of estimates) {
    const estimate = Number(e.estimate_hours);
    if (estimate <= 0) continue;
    addTo(tasks, e.id, e.name).estimatedHours += estimate;
    totals.estimatedHours += estimate;
    for (const id of e.assignee_ids) addTo(people, id, nameOf(id)).estimatedHours += estimate;
  }
  const byLogged = (a: TimeReportRow, b: TimeReportRow) =>
    b.loggedHours - a.loggedHours || b.estimatedHours - a.estimatedHours || a.name.localeCompare(b.name);
  return {
    weeks: [...weeks].sort(),
    people: [...people.values()].sort(byLogged).map(roundRow),
    tasks: [...tasks.values()].sort(byLogged).map(roundRow),
    totals: roundRow({ id: "", name: "", ...totals }),
    // What the figures sum, by the header's rule (the whole project, or the N of M tasks seen).
    ...hoursScope(coverage),
  };
}
