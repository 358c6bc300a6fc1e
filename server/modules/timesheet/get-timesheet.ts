import { addDays, msToHours, timesheetRowKey, toIsoDate, weekWindow } from "@domain/index";
import type { Executor } from "../../db/executor";
import { conflict, forbidden } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveAssignedScope } from "../dashboard/assigned-scope";
import { taskUrl } from "../dashboard/present";
import { selectClickupProfile, selectWeekTasks, type AssignedScope } from "../dashboard/repo";
import type {
  TimesheetCell,
  TimesheetQuery,
  TimesheetResponse,
  TimesheetRow,
  WriteBackStatus,
} from "./contract";
import { selectWeek } from "./approval-repo";
import { toWeekState } from "./approval-views";
import { selectTaskNames, selectWeekEntries } from "./repo";

const STATUS_RANK: Record<WriteBackStatus, number> = { none: 0, synced: 1, pending: 2, failed: 3 };

/** Who logs time on the timesheet: the caller's ClickUp user and whether ClickUp gets a copy. */
export interface TimeLogger {
  scope: AssignedScope;
  /** The connection holds a token: entries are written back to ClickUp. */
  writeBackEnabled: boolean;
}

/**
 * The caller may log time: not impersonating (spec §2, §6) and connected to ClickUp (409
 * otherwise).
 */
export async function resolveTimeLogger(
  ctx: RequestContext,
  executor: Executor = ctx.db,
): Promise<TimeLogger> {
  if (ctx.impersonating) throw forbidden("Time logging is disabled while impersonating");
  const [scope, profile] = await Promise.all([
    resolveAssignedScope(ctx, executor),
    selectClickupProfile(executor, ctx.organizationId, ctx.userId),
  ]);
  if (!scope || !profile) throw conflict("Connect your ClickUp account to log time");
  return { scope, writeBackEnabled: profile.has_token };
}

/**
 * The weekly timesheet (spec §2, §7): one row per task the person works on that week (assigned
 * tasks whose range touches the week, plus any task they logged time on), a cell per task and
 * day with the timesheet's own hours and, separately, hours logged in ClickUp itself.
 */
export async function getTimesheet(
  ctx: RequestContext,
  input: TimesheetQuery = {},
): Promise<TimesheetResponse> {
  return readTimesheet(ctx.db, await resolveTimeLogger(ctx), input.week ?? ctx.deps.now());
}

/** The timesheet of the week containing `weekDate`, read through `executor`. */
export async function readTimesheet(
  executor: Executor,
  logger: TimeLogger,
  weekDate: string | Date,
): Promise<TimesheetResponse> {
  const { scope } = logger;
  const window = weekWindow(weekDate);
  const weekStart = toIsoDate(window.start) as string;
  const days = Array.from({ length: 7 }, (_, i) => toIsoDate(addDays(window.start, i)) as string);
  const [weekTasks, entries, week] = await Promise.all([
    selectWeekTasks(executor, scope, weekStart, days[6] as string),
    selectWeekEntries(executor, scope.organizationId, scope.clickupUserId, window.start, window.endExclusive),
    selectWeek(executor, scope.organizationId, scope.clickupUserId, weekStart),
  ]);

  const rows: TimesheetRow[] = weekTasks.map((t) => ({
    taskId: t.id,
    taskName: t.name,
    folderName: t.folder_name,
    url: taskUrl(t.id, t.url),
  }));
  const known = new Set(rows.map((r) => r.taskId));
  const extraIds = [...new Set(entries.map((e) => e.task_id))].filter((id) => !known.has(id));
  const extra = await selectTaskNames(executor, scope.organizationId, extraIds);
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
    writeBackEnabled: logger.writeBackEnabled,
    approval: toWeekState(week),
  };
}
