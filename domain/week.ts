import { addDays, MS_PER_DAY, toDate, utcDayStartMs, type DateInput } from "./dates";

/**
 * Weeks start on Monday (spec §9 "Weekly window is Monday to Sunday on the dashboard").
 * `weekStartsOn` exists only for the alternative Sunday-to-Saturday reading of the workload
 * rules the spec mentions; everything defaults to Monday. All calculations are in UTC.
 */
export type WeekStartsOn = 0 | 1;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function requireDate(input: DateInput, what: string): Date {
  const date = toDate(input);
  if (!date) throw new RangeError(`${what}: invalid date ${String(input)}`);
  return date;
}

/**
 * 00:00:00.000Z of the first day of the week containing `date` (Monday by default).
 * Throws a RangeError for an invalid date: a week cannot be computed from nothing.
 */
export function startOfWeek(date: DateInput, weekStartsOn: WeekStartsOn = 1): Date {
  const day = requireDate(date, "startOfWeek");
  const dayStart = utcDayStartMs(day) as number;
  const offset = (day.getUTCDay() - weekStartsOn + 7) % 7;
  return new Date(dayStart - offset * MS_PER_DAY);
}

/** A week window: `start` Monday 00:00:00Z, `end` Sunday 23:59:59Z, `endExclusive` next Monday 00:00Z. */
export interface WeekWindow {
  start: Date;
  /** Inclusive end at whole-second precision, exactly as the spec words it (Sunday 23:59:59Z). */
  end: Date;
  /** Half-open end for SQL (`start_time >= start AND start_time < endExclusive`), misses nothing. */
  endExclusive: Date;
}

/**
 * The timesheet week window (spec §7): Monday 00:00:00Z to Sunday 23:59:59Z of the week containing
 * `date`. Prefer `endExclusive` in queries so entries in the final second are not dropped.
 */
export function weekWindow(date: DateInput, weekStartsOn: WeekStartsOn = 1): WeekWindow {
  const start = startOfWeek(date, weekStartsOn);
  const endExclusive = addDays(start, 7);
  return { start, end: new Date(endExclusive.getTime() - 1000), endExclusive };
}

/**
 * The day columns of the My Week calendar (spec §2): Monday to Friday, or Monday to Sunday with
 * weekends, each at 00:00Z. `weekStart` may be any day of the week; it is normalised to Monday.
 */
export function weekDays(weekStart: DateInput, includeWeekends: boolean): Date[] {
  const monday = startOfWeek(weekStart);
  const count = includeWeekends ? 7 : 5;
  return Array.from({ length: count }, (_, i) => addDays(monday, i));
}

/** `MMM d` in UTC, English month abbreviations. */
function formatMonthDay(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * The My Week range label, format 'MMM d - MMM d, yyyy' (spec §2), from the week's Monday to its
 * Friday (or Sunday with weekends). The year is the last shown day's: 'Dec 29 - Jan 2, 2026'.
 */
export function formatWeekRange(weekStart: DateInput, includeWeekends = false): string {
  const days = weekDays(weekStart, includeWeekends);
  const first = days[0] as Date;
  const last = days[days.length - 1] as Date;
  return `${formatMonthDay(first)} - ${formatMonthDay(last)}, ${last.getUTCFullYear()}`;
}

/** True when `date` lies in the same (Monday-start) week as `now`; the 'Today' button shows otherwise. */
export function isCurrentWeek(date: DateInput, now: DateInput): boolean {
  return startOfWeek(date).getTime() === startOfWeek(now).getTime();
}

/** Monday of the week before/after (`direction` -1 / +1) the week containing `weekStart`. */
export function shiftWeek(weekStart: DateInput, direction: number): Date {
  return addDays(startOfWeek(weekStart), 7 * direction);
}
