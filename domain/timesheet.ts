import { z } from "zod";
import { toDate, toIsoDate, utcDayStartMs, type DateInput } from "./dates";
import {
  MS_PER_HOUR,
  TIMESHEET_ENTRY_START_HOUR_UTC,
  TIMESHEET_HOURS_MAX,
  TIMESHEET_HOURS_MIN,
  TIMESHEET_HOURS_STEP,
} from "./constants";

/** Description of every entry the timesheet writes (spec §7). */
export const TIMESHEET_DESCRIPTION = "Time logged via timesheet";

/** Input constraints of an hours cell (spec §5): numeric, step 0.5, min 0, max 24. */
export const TIMESHEET_HOURS_INPUT = {
  min: TIMESHEET_HOURS_MIN,
  max: TIMESHEET_HOURS_MAX,
  step: TIMESHEET_HOURS_STEP,
} as const;

/** Server-side validation of one saved cell: 0 < hours ≤ 24 in steps of 0.5. */
export const timesheetHoursSchema = z
  .number()
  .gt(TIMESHEET_HOURS_MIN)
  .max(TIMESHEET_HOURS_MAX)
  .multipleOf(TIMESHEET_HOURS_STEP);

/**
 * The number in an hours cell (spec §5): non-numeric, blank or non-finite input counts as 0.
 * The value is not clamped or rounded — use {@link isValidTimesheetHours} to check the limits.
 */
export function parseTimesheetHours(input: string | number | null | undefined): number {
  if (typeof input === "number") return Number.isFinite(input) ? input : 0;
  const text = (input ?? "").trim();
  if (text === "") return 0;
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/** Within 0–24 and a multiple of 0.5 (spec §5). */
export function isValidTimesheetHours(hours: number): boolean {
  return (
    Number.isFinite(hours) &&
    hours >= TIMESHEET_HOURS_MIN &&
    hours <= TIMESHEET_HOURS_MAX &&
    Number.isInteger(hours / TIMESHEET_HOURS_STEP)
  );
}

/** Only values above 0 are saved (spec §5). */
export function shouldSaveHours(hours: number): boolean {
  return Number.isFinite(hours) && hours > 0;
}

/** duration_ms = hours × 3,600,000, rounded (spec §7). */
export function durationMsFromHours(hours: number): number {
  return Math.round(hours * MS_PER_HOUR);
}

/** 09:00:00Z of the entry's UTC calendar day (spec §7). Throws a RangeError for an invalid day. */
export function entryStartTime(day: DateInput): Date {
  const dayStart = utcDayStartMs(day);
  if (dayStart === null) throw new RangeError(`entryStartTime: invalid date ${String(day)}`);
  return new Date(dayStart + TIMESHEET_ENTRY_START_HOUR_UTC * MS_PER_HOUR);
}

/** Row key of a cell: `${taskId}:${yyyy-MM-dd}` (UTC day). */
export function timesheetRowKey(taskId: string | number, day: DateInput): string {
  const iso = toIsoDate(day);
  if (iso === null) throw new RangeError(`timesheetRowKey: invalid date ${String(day)}`);
  return `${String(taskId)}:${iso}`;
}

/**
 * Split a row key: the task id is the first segment (spec §7), the date the rest.
 * `null` when there is no ':' or either part is empty.
 */
export function parseTimesheetRowKey(key: string): { taskId: string; isoDate: string } | null {
  const index = key.indexOf(":");
  if (index <= 0) return null;
  const taskId = key.slice(0, index);
  const isoDate = key.slice(index + 1);
  if (isoDate === "" || toDate(isoDate) === null) return null;
  return { taskId, isoDate };
}

/** A time entry the timesheet inserts (spec §7). */
export interface TimesheetEntryDraft {
  taskId: string;
  startTime: Date;
  endTime: Date;
  durationMs: number;
  billable: true;
  description: typeof TIMESHEET_DESCRIPTION;
}

/**
 * The rows to insert when saving (spec §7): one per cell whose parsed hours are above 0, starting
 * 09:00Z that day and ending 09:00 plus the hours, billable, with the timesheet description.
 * Cells with unparseable keys are skipped. Limits are not enforced here (validate first).
 */
export function buildTimesheetEntries(
  cells: Readonly<Record<string, string | number | null | undefined>>,
): TimesheetEntryDraft[] {
  const entries: TimesheetEntryDraft[] = [];
  for (const [key, raw] of Object.entries(cells)) {
    const hours = parseTimesheetHours(raw);
    if (!shouldSaveHours(hours)) continue;
    const parsed = parseTimesheetRowKey(key);
    if (!parsed) continue;
    const startTime = entryStartTime(parsed.isoDate);
    const durationMs = durationMsFromHours(hours);
    entries.push({
      taskId: parsed.taskId,
      startTime,
      endTime: new Date(startTime.getTime() + durationMs),
      durationMs,
      billable: true,
      description: TIMESHEET_DESCRIPTION,
    });
  }
  return entries;
}

/**
 * Existing entries of the week folded into cell values (hours per `${taskId}:${date}`, summed
 * when a task has several entries on one day), for loading the timesheet.
 */
export function timesheetCellsFromEntries(
  entries: ReadonlyArray<{
    taskId: string | number;
    startTime: DateInput;
    durationMs: number | string | null;
  }>,
): Record<string, number> {
  const cells: Record<string, number> = {};
  for (const entry of entries) {
    if (toDate(entry.startTime) === null) continue;
    const key = timesheetRowKey(entry.taskId, entry.startTime);
    const ms = Number(entry.durationMs ?? 0);
    cells[key] = (cells[key] ?? 0) + (Number.isFinite(ms) ? ms / MS_PER_HOUR : 0);
  }
  return cells;
}

/** Total hours of a day across cells (the footer of a timesheet column). */
export function timesheetDayTotal(cells: Readonly<Record<string, string | number>>, day: DateInput): number {
  const iso = toIsoDate(day);
  let total = 0;
  for (const [key, raw] of Object.entries(cells)) {
    if (parseTimesheetRowKey(key)?.isoDate === iso) total += parseTimesheetHours(raw);
  }
  return total;
}
