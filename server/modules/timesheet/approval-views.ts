import { timesheetWeekEditRefusal } from "@domain/timesheet-approval";
import type { LockedChange, TimesheetWeekState } from "./contract";
import type { LockedChangeRow, WeekRow } from "./approval-repo";

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A week's approval state; a week never acted on is open at version 0. */
export function toWeekState(row: WeekRow | undefined): TimesheetWeekState {
  if (!row) {
    return {
      status: "open",
      version: 0,
      submittedAt: null,
      submittedByName: null,
      decidedAt: null,
      decidedByName: null,
      comment: null,
      editRefusal: null,
    };
  }
  return {
    status: row.status,
    version: Number(row.version),
    submittedAt: iso(row.submitted_at),
    submittedByName: row.submitted_by_name,
    decidedAt: iso(row.decided_at),
    decidedByName: row.decided_by_name,
    comment: row.comment,
    editRefusal: timesheetWeekEditRefusal(row.status),
  };
}

function entry(json: LockedChangeRow["before"], taskName: string | null) {
  if (!json) return null;
  return {
    taskId: json.taskId ?? null,
    taskName,
    start: new Date(json.start).toISOString(),
    durationMs: Number(json.durationMs),
    billable: json.billable === true,
  };
}

export function toLockedChange(row: LockedChangeRow): LockedChange {
  return {
    id: row.id,
    clickupUserId: row.clickup_user_id,
    personName: row.person_name,
    weekStart: row.week_start,
    timeEntryId: row.time_entry_id,
    change: row.change,
    before: entry(row.before, row.before_task_name),
    after: entry(row.after, row.after_task_name),
    detectedAt: new Date(row.detected_at).toISOString(),
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedByName: row.acknowledged_by_name,
  };
}
