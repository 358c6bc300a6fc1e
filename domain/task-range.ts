import { addDays, toDate, utcDayStartMs, type DateInput } from "./dates";
import { ASSUMED_TASK_DURATION_DAYS } from "./constants";

/** The span a task occupies on the calendar. */
export interface TaskRange {
  start: Date;
  end: Date;
}

/**
 * A task's effective range (spec §9): with both dates, start to due; with only a start date it
 * is assumed to run 7 days (end = start + 7 × 24 h); with only a due date it starts 7 days
 * earlier; with neither there is no range (`null`). An inverted range (start after due) is
 * returned as given and covers no day.
 */
export function effectiveTaskRange(start: DateInput, due: DateInput): TaskRange | null {
  const startDate = toDate(start);
  const dueDate = toDate(due);
  if (startDate && dueDate) return { start: startDate, end: dueDate };
  if (startDate) return { start: startDate, end: addDays(startDate, ASSUMED_TASK_DURATION_DAYS) };
  if (dueDate) return { start: addDays(dueDate, -ASSUMED_TASK_DURATION_DAYS), end: dueDate };
  return null;
}

/**
 * True when `day`'s UTC calendar day lies within the range's first and last calendar days,
 * inclusive (a task due at 10:00 still covers its whole due day).
 */
export function rangeCoversDay(range: TaskRange | null, day: DateInput): boolean {
  if (!range) return false;
  const dayMs = utcDayStartMs(day);
  if (dayMs === null) return false;
  const first = utcDayStartMs(range.start) as number;
  const last = utcDayStartMs(range.end) as number;
  return first <= dayMs && dayMs <= last;
}

/** True when a task with these dates covers `day` under the 7-day assumptions of {@link effectiveTaskRange}. */
export function taskCoversDay(start: DateInput, due: DateInput, day: DateInput): boolean {
  return rangeCoversDay(effectiveTaskRange(start, due), day);
}
