import {
  buildTimesheetEntries,
  parseTimesheetRowKey,
  timesheetRowKey,
  toIsoDate,
  weekWindow,
} from "@domain/index";
import type { AppDeps } from "../../context";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Viewer } from "../dashboard/viewer";
import type { SaveTimesheetResponse } from "./contract";
import { assertCanLogTime, getTimesheet } from "./get-timesheet";
import {
  deleteOwnEntries,
  insertOwnEntry,
  lockOwnWeekEntries,
  notifyWorkspaceChanged,
  updateOwnEntry,
  type OwnEntryRow,
} from "./repo";

/** Runs the write-back of one person's pending entries (a job, or inline when no queue is wired). */
export type EnqueueWriteBack = (payload: { organizationId: string; userId: string }) => Promise<void>;

/**
 * Save the week (spec §5, §7) without ever losing time: for every (task, day) cell of the week
 * the timesheet's own entries are replaced by one entry of the entered hours (09:00Z, billable,
 * 'Time logged via timesheet'); cells left out or at 0 lose only the timesheet's own entries.
 * Entries logged in ClickUp itself are never touched. Unchanged cells are left alone so nothing
 * is rewritten in ClickUp. One transaction; the ClickUp write-back follows as a job.
 */
export async function saveTimesheet(
  deps: Pick<AppDeps, "database" | "now" | "logger">,
  viewer: Viewer,
  input: { weekStart: string; cells: Record<string, number> },
  enqueueWriteBack: EnqueueWriteBack | undefined,
): Promise<SaveTimesheetResponse> {
  const scope = assertCanLogTime(viewer);
  const window = weekWindow(input.weekStart);
  if (toIsoDate(window.start) !== input.weekStart) {
    throw badRequest("weekStart must be a Monday", [{ field: "weekStart", message: "must be a Monday" }]);
  }

  // Only tasks that are rows of this week's timesheet may be logged against.
  const current = await getTimesheet(deps, viewer, input.weekStart);
  const rowIds = new Set(current.rows.map((r) => r.taskId));
  const days = new Set(current.days);
  for (const key of Object.keys(input.cells)) {
    const parsed = parseTimesheetRowKey(key);
    if (!parsed || !days.has(parsed.isoDate)) {
      throw badRequest(`Invalid cells: ${key} is not a day of this week`, [
        { field: `cells.${key}`, message: "must be taskId:yyyy-MM-dd within the week" },
      ]);
    }
    if (!rowIds.has(parsed.taskId)) {
      throw badRequest(`Invalid cells: task ${parsed.taskId} is not on this timesheet`, [
        { field: `cells.${key}`, message: "task is not on this week's timesheet" },
      ]);
    }
  }

  const wanted = new Map(
    buildTimesheetEntries(input.cells).map((e) => [timesheetRowKey(e.taskId, e.startTime), e]),
  );
  const writeBack = viewer.connection?.has_token ? "pending" : "none";
  const changes = { inserted: 0, updated: 0, deleted: 0, unchanged: 0 };

  await deps.database.db.transaction(async (tx) => {
    const own = await lockOwnWeekEntries(
      tx,
      scope.organizationId,
      scope.providerUserId,
      window.start,
      window.endExclusive,
    );
    const byKey = new Map<string, OwnEntryRow[]>();
    for (const row of own) {
      const key = timesheetRowKey(row.task_id, row.start_time);
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    const toDelete: string[] = [];
    for (const [key, rows] of byKey) {
      const entry = wanted.get(key);
      if (!entry) {
        toDelete.push(...rows.map((r) => r.id));
        continue;
      }
      const [keep, ...extra] = rows as [OwnEntryRow, ...OwnEntryRow[]];
      toDelete.push(...extra.map((r) => r.id));
      const same =
        Number(keep.duration_ms) === entry.durationMs &&
        new Date(keep.start_time).getTime() === entry.startTime.getTime();
      if (same) changes.unchanged += 1;
      else {
        await updateOwnEntry(tx, scope.organizationId, keep.id, writeBack, entry);
        changes.updated += 1;
      }
    }
    for (const [key, entry] of wanted) {
      if (byKey.has(key)) continue;
      await insertOwnEntry(tx, scope.organizationId, scope.providerUserId, viewer.actorUserId, writeBack, {
        id: newId(),
        ...entry,
      });
      changes.inserted += 1;
    }
    await deleteOwnEntries(tx, scope.organizationId, toDelete, writeBack);
    changes.deleted = toDelete.length;
  });

  const touched = changes.inserted + changes.updated + changes.deleted > 0;
  if (touched) {
    await notifyWorkspaceChanged(deps.database, scope.organizationId);
    if (writeBack === "pending" && enqueueWriteBack) {
      await enqueueWriteBack({ organizationId: scope.organizationId, userId: viewer.actorUserId }).catch(
        (err: unknown) => deps.logger.error({ err }, "could not queue the time-entry write-back"),
      );
    }
  }
  return { ...(await getTimesheet(deps, viewer, input.weekStart)), changes };
}
