import { percentComplete } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import type { HealthRow, ProjectHealthResponse, ProjectIdParam } from "./contract";
import { requireMetaTask } from "./get-project";
import { hours, personName } from "./names";
import { hoursScope } from "./hours-scope";
import { estimateRows, folderHours, namedPeople, timeReportCells, type NamedPerson } from "./repo";

/**
 * Project health: estimated against logged hours per assignee, over the tasks the caller may
 * count (spec §6). Estimates come from the tasks assigned to a person (each assignee carries the
 * task's full estimate, as the workload does); logged hours from that person's time entries.
 */
export async function getProjectHealth(
  ctx: RequestContext,
  input: ProjectIdParam,
): Promise<ProjectHealthResponse> {
  const [meta, scope] = await Promise.all([
    requireMetaTask(ctx.db, ctx.organizationId, input.projectId),
    resolveTaskScope(ctx),
  ]);
  const zero = { estimatedHours: 0, loggedHours: 0, varianceHours: 0, percentUsed: 0 };
  if (!meta.folder_id) return { rows: [], totals: zero, revenueAvailable: false, ...hoursScope(null) };
  const [cells, estimates, { coverage }] = await Promise.all([
    timeReportCells(ctx.db, scope, meta.folder_id),
    estimateRows(ctx.db, scope, meta.folder_id),
    folderHours(ctx.db, scope, meta.folder_id),
  ]);
  // What the figures sum, by the header's rule (the whole project, or the N of M tasks seen).
  const base = { revenueAvailable: false, ...hoursScope(coverage) };
  const acc = new Map<
    string,
    { person: NamedPerson; estimated: number; logged: number; tasks: Set<string> }
  >();
  const get = (person: NamedPerson) => {
    let entry = acc.get(person.id);
    if (!entry) {
      entry = { person, estimated: 0, logged: 0, tasks: new Set() };
      acc.set(person.id, entry);
    }
    return entry;
  };
  const named = await namedPeople(ctx.db, ctx.organizationId, [
    ...cells.map((c) => c.user_id),
    ...estimates.flatMap((e) => e.assignee_ids),
  ]);
  const person = (id: string): NamedPerson => named.get(id) ?? { id, username: null, email: null };
  let totalEstimated = 0;
  let totalLogged = 0;
  for (const e of estimates) {
    const estimate = Number(e.estimate_hours);
    totalEstimated += estimate;
    for (const id of e.assignee_ids) {
      const entry = get(person(id));
      entry.estimated += estimate;
      entry.tasks.add(e.id);
    }
  }
  for (const c of cells) {
    const value = Number(c.hours);
    totalLogged += value;
    get(person(c.user_id)).logged += value;
  }
  const rows: HealthRow[] = [...acc.entries()].map(([id, v]) => {
    return {
      assigneeId: id,
      name: personName(v.person),
      taskCount: v.tasks.size,
      estimatedHours: hours(v.estimated),
      loggedHours: hours(v.logged),
      varianceHours: hours(v.logged - v.estimated),
      percentUsed: percentComplete(v.logged, v.estimated),
    };
  });
  rows.sort(
    (a, b) =>
      b.estimatedHours - a.estimatedHours || b.loggedHours - a.loggedHours || a.name.localeCompare(b.name),
  );
  return {
    rows,
    totals: {
      estimatedHours: hours(totalEstimated),
      loggedHours: hours(totalLogged),
      varianceHours: hours(totalLogged - totalEstimated),
      percentUsed: percentComplete(totalLogged, totalEstimated),
    },
    ...base,
  };
}
