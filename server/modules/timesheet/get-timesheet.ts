import { addDays, msToHours, timesheetRowKey, toIsoDate, weekWindow } from "@domain/index";
import type { AppDeps } from "../../context";
import { conflict, forbidden } from "../../lib/errors";
import { taskUrl } from "../dashboard/present";
import { selectWeekTasks } from "../dashboard/repo";
import type { Viewer } from "../dashboard/viewer";
import type { TimesheetCell, TimesheetResponse, TimesheetRow, WriteBackStatus } from "./contract";
import { selectTaskNames, selectWeekEntries } from "./repo";

const STATUS_RANK: Record<WriteBackStatus, number> = { none: 0, synced: 1, pending: 2, failed: 3 };

/** The viewer may log time: not impersonating (spec §2, §6) and connected to ClickUp. */
export function assertCanLogTime(viewer: Viewer): NonNullable<Viewer["scope"]> {
  if (viewer.impersonating) throw forbidden("Time logging is disabled while impersonating");
  if (!viewer.scope) throw conflict("Connect your ClickUp account to log time");
  return viewer.scope;
}

/**
 * The weekly timesheet (spec §2, §7): one row per task the person works on that week (assigned
 * tasks whose range touches the week, plus any task they logged time on), a cell per task and
 * day with the timesheet's own hours and, separately, hours logged in ClickUp itself.
 */
export async function getTimesheet(
  deps: Pick<AppDeps, "database" | "now">,
  viewer: Viewer,
  weekDate: string | undefined,
): Promise<TimesheetResponse> {
  const scope = assertCanLogTime(viewer);
  const window = weekWindow(weekDate ?? deps.now());
  const weekStart = toIsoDate(window.start) as string;
  const days = Array.from({ length: 7 }, (_, i) => toIsoDate(addDays(window.start, i)) as string);
  const [weekTasks, entries] = await Promise.all([
    selectWeekTasks(deps.database, scope, weekStart, days[6] as string),
    selectWeekEntries(
      deps.database,
      scope.organizationId,
      scope.providerUserId,
      window.start,
      window.endExclusive,
    ),
  ]);

  const rows: TimesheetRow[] = weekTasks.map((t) => ({
    taskId: t.id,
    taskName: t.name,
    folderName: t.folder_name,
    url: taskUrl(t.id, t.url),
  }));
  const known = new Set(rows.map((r) => r.taskId));
  const extraIds = [...new Set(entries.map((e) => e.task_id))].filter((id) => !known.has(id));
  const extra = await selectTaskNames(deps.database, scope.organizationId, extraIds);
  const extraById = new Map(extra.map((t) => [t.id, t]));
  for (const id of extraIds) {
    const t = extraById.get(id);
    rows.push({
      taskId: id,
      taskName: t?.name ?? `Task ${id}`,
      folderName: t?.folder_name ?? "No Project",
      url: taskUrl(id, t?.url ?? null),
    });
  }

  const cells: Record<string, TimesheetCell> = {};
  for (const e of entries) {
    const key = timesheetRowKey(e.task_id, e.start_time);
    const cell = (cells[key] ??= { hours: 0, clickupHours: 0, writeBack: "none", writeBackError: null });
    const hours = msToHours(e.duration_ms);
    if (e.source === "timesheet") {
      cell.hours += hours;
      if (STATUS_RANK[e.write_back_status] > STATUS_RANK[cell.writeBack]) {
        cell.writeBack = e.write_back_status;
        cell.writeBackError = e.write_back_error;
      }
    } else {
      cell.clickupHours += hours;
    }
  }
  return {
    weekStart,
    days,
    rows,
    cells,
    writeBackEnabled: Boolean(viewer.connection?.has_token),
  };
}
