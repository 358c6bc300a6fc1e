import { notifyWorkspaceChanged } from "../live/repo";
import {
  buildTimesheetEntries,
  msToHours,
  parseTimesheetRowKey,
  TIMESHEET_DAY_MESSAGE,
  timesheetOverfullDays,
  timesheetRowKey,
  toIsoDate,
  weekWindow,
} from "@domain/index";
import { transaction } from "../../db/executor";
import { requestBudgetLabourRefresh } from "../../jobs/refresh-budget-labour";
import { enqueueWriteBack as enqueueWriteBackJob } from "../../jobs/write-back-time-entries";
import { badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { selectWeek } from "./approval-repo";
import { toWeekState } from "./approval-views";
import type { SaveTimesheetRequest, SaveTimesheetResponse } from "./contract";
import { readTimesheet, resolveTimeLogger } from "./get-timesheet";
import {
  deleteOwnEntries,
  insertOwnEntry,
  lockOwnWeekEntries,
  updateOwnEntry,
  type OwnEntryRow,
} from "./repo";

/** Runs the write-back of one person's pending entries (a job, or inline when no queue is wired). */
export type EnqueueWriteBack = (payload: { organizationId: string; userId: string }) => Promise<void>;

export interface SaveTimesheetOptions {
  /** Override the write-back queue (default: registerWriteBackQueue's, else in-process). */
  enqueueWriteBack?: EnqueueWriteBack;
}

/**
 * Save the week (spec §5, §7) without ever losing time: for every (task, day) cell of the week
 * the timesheet's own entries are replaced by one entry of the entered hours (09:00Z, billable,
 * 'Time logged via timesheet'); cells left out or at 0 lose only the timesheet's own entries.
 * Entries logged in ClickUp itself are never touched. Unchanged cells are left alone so nothing
 * is rewritten in ClickUp. One transaction holds the entries, the audit_events row of the
 * changed cells and the live-update notification (delivered on commit); the ClickUp write-back
 * follows as a job.
 */
export async function saveTimesheet(
  ctx: RequestContext,
  input: SaveTimesheetRequest,
  options: SaveTimesheetOptions = {},
): Promise<SaveTimesheetResponse> {
  const logger = await resolveTimeLogger(ctx);
  const { scope } = logger;
  const window = weekWindow(input.weekStart);
  if (toIsoDate(window.start) !== input.weekStart) {
    throw badRequest("weekStart must be a Monday", [{ field: "weekStart", message: "must be a Monday" }]);
  }

  // Only tasks that are rows of this week's timesheet may be logged against.
  const current = await readTimesheet(ctx.db, logger, input.weekStart);
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

  // A day holds at most 24 hours, ClickUp's own included: the dialog's rule, checked again here.
  const clickupHours = Object.fromEntries(Object.entries(current.cells).map(([k, c]) => [k, c.clickupHours]));
  const [overfull] = timesheetOverfullDays(input.cells, clickupHours);
  if (overfull) {
    const key = Object.keys(input.cells).find(
      (k) => parseTimesheetRowKey(k)?.isoDate === overfull && (input.cells[k] ?? 0) > 0,
    );
    throw badRequest(`Invalid cells: ${overfull} adds up to more than 24 hours`, [
      { field: `cells.${key ?? overfull}`, message: TIMESHEET_DAY_MESSAGE },
    ]);
  }

  const wanted = new Map(
    buildTimesheetEntries(input.cells).map((e) => [timesheetRowKey(e.taskId, e.startTime), e]),
  );
  const writeBack = logger.writeBackEnabled ? "pending" : "none";
  const changes = { inserted: 0, updated: 0, deleted: 0, unchanged: 0 };

  await transaction(ctx.deps.database, async (tx) => {
    // A submitted or approved week keeps its hours (409): read under a share lock, so a decision
    // taken meanwhile either waits for this save or is seen by it.
    const week = toWeekState(
      await selectWeek(tx, scope.organizationId, scope.clickupUserId, input.weekStart, "share"),
    );
    if (week.editRefusal) throw conflict(week.editRefusal);
    const own = await lockOwnWeekEntries(
      tx,
      scope.organizationId,
      scope.clickupUserId,
      window.start,
      window.endExclusive,
    );
    const byKey = new Map<string, OwnEntryRow[]>();
    for (const row of own) {
      const key = timesheetRowKey(row.task_id, row.start_time);
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    /** Hours of the cells this save changes, before and after (the audit trail). */
    const before: Record<string, number> = {};
    const after: Record<string, number> = {};
    const changed = (key: string, rows: readonly OwnEntryRow[]) => {
      before[key] = rows.reduce((sum, r) => sum + msToHours(r.duration_ms), 0);
      after[key] = msToHours(wanted.get(key)?.durationMs ?? 0);
    };
    const toDelete: string[] = [];
    for (const [key, rows] of byKey) {
      const entry = wanted.get(key);
      if (!entry) {
        toDelete.push(...rows.map((r) => r.id));
        changed(key, rows);
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
      if (!same || extra.length > 0) changed(key, rows);
    }
    for (const [key, entry] of wanted) {
      if (byKey.has(key)) continue;
      await insertOwnEntry(tx, scope.organizationId, scope.clickupUserId, ctx.userId, writeBack, {
        id: newId(),
        ...entry,
      });
      changes.inserted += 1;
      changed(key, []);
    }
    await deleteOwnEntries(tx, scope.organizationId, toDelete, writeBack);
    changes.deleted = toDelete.length;

    if (Object.keys(after).length > 0) {
      await recordChange(ctx, tx, {
        object: "timesheet_week",
        id: `${scope.clickupUserId}:${input.weekStart}`,
        action: "saved",
        before: { cells: before },
        after: { cells: after },
      });
      await notifyWorkspaceChanged(tx, scope.organizationId);
    }
  });

  const touched = changes.inserted + changes.updated + changes.deleted > 0;
  if (touched && writeBack === "pending") {
    const enqueue = options.enqueueWriteBack ?? ((payload) => enqueueWriteBackJob(ctx.deps, payload));
    await enqueue({ organizationId: scope.organizationId, userId: ctx.userId }).catch((err: unknown) =>
      ctx.log.error({ err }, "could not queue the time-entry write-back"),
    );
  }
  if (touched)
    await requestBudgetLabourRefresh(ctx.deps, scope.organizationId).catch((err: unknown) =>
      ctx.log.error({ err }, "could not queue the budget labour refresh"),
    );
  return { ...(await readTimesheet(ctx.db, logger, input.weekStart)), changes };
}
