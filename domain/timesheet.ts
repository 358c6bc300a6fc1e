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

/** The message of a refused hours cell (the field's message). */
export const TIMESHEET_HOURS_MESSAGE = "Enter hours from 0 to 24 in steps of 0.5.";

/**
 * Hours as a person types them: digits with at most one decimal separator, which may be '.' or ','
 * ('2,5' is 2.5, as a comma-decimal keyboard writes it — never 25). At most two decimals, so
 * '1,000' is refused rather than guessed at. No sign, exponent ('1e1'), unit or letters: JavaScript's
 * Number() would read '1e1' as 10 and '0x10' as 16, which nobody typing hours means.
 */
const TYPED_HOURS = /^(?:\d+(?:[.,]\d{0,2})?|[.,]\d{1,2})$/;

/** A typed number with an optional leading '-' (only for {@link parseTimesheetHours}). */
const TYPED_SIGNED = /^-?(?:\d+(?:[.,]\d{0,2})?|[.,]\d{1,2})$/;

function readTyped(text: string, pattern: RegExp): number | null {
  if (!pattern.test(text)) return null;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/**
 * The number in an hours cell (spec §5): non-numeric, blank or non-finite input counts as 0.
 * Text is read as {@link timesheetHoursFromInput} reads it ('2,5' is 2.5; '1e1' is not a number).
 * The value is not clamped or rounded — use {@link isValidTimesheetHours} to check the limits.
 */
export function parseTimesheetHours(input: string | number | null | undefined): number {
  if (typeof input === "number") return Number.isFinite(input) ? input : 0;
  const text = (input ?? "").trim();
  if (text === "") return 0;
  return readTyped(text, TYPED_SIGNED) ?? 0;
}

/**
 * The hours of a cell as typed (spec §5 with issue 10 §3): blank is 0; plain hours
 * ('2,5' = '2.5' = 2.5) from 0 to 24 in steps of 0.5 are accepted; anything else — '1e1', 'abc',
 * '-1', '25', '1,25' — is `null`, refused with {@link TIMESHEET_HOURS_MESSAGE} and counted in
 * no total.
 */
export function timesheetHoursFromInput(input: string | null | undefined): number | null {
  const text = (input ?? "").trim();
  if (text === "") return 0;
  const hours = readTyped(text, TYPED_HOURS);
  return hours !== null && isValidTimesheetHours(hours) ? hours : null;
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

/** A day has no more hours than one cell may hold: typed plus ClickUp hours of a day stay within 24. */
export const TIMESHEET_DAY_HOURS_MAX = TIMESHEET_HOURS_MAX;

/** The message of a day whose hours pass {@link TIMESHEET_DAY_HOURS_MAX}. */
export const TIMESHEET_DAY_MESSAGE = `A day holds at most ${TIMESHEET_DAY_HOURS_MAX} hours, ClickUp's included.`;

/** Totals of a timesheet as displayed: only accepted hours are counted. */
export interface TimesheetTotals {
  /** yyyy-MM-dd → typed plus ClickUp hours of the day. */
  day: Record<string, number>;
  /** task id → typed plus ClickUp hours of the week. */
  row: Record<string, number>;
  week: number;
  /** Keys of cells whose text is refused ({@link timesheetHoursFromInput}); they count as 0. */
  refused: string[];
  /** Days with typed hours whose total passes {@link TIMESHEET_DAY_HOURS_MAX}, in `days` order. */
  overfullDays: string[];
}

/** ClickUp's hours of a cell as counted: negative or non-finite durations count as 0. */
function countedHours(hours: number | undefined): number {
  return typeof hours === "number" && Number.isFinite(hours) && hours > 0 ? hours : 0;
}

/**
 * The totals of the timesheet grid (issue 10 §3): per day, per task and for the week, over the
 * typed hours (`${taskId}:${yyyy-MM-dd}` → text) and the hours logged in ClickUp itself. A refused
 * cell counts as 0, so a total never shows '-1.0h' or a '25.0h' that came from '2,5'.
 */
export function timesheetTotals(
  taskIds: readonly string[],
  days: readonly string[],
  typed: Readonly<Record<string, string | undefined>>,
  clickup: Readonly<Record<string, number | undefined>>,
): TimesheetTotals {
  const day: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  const row: Record<string, number> = Object.fromEntries(taskIds.map((t) => [t, 0]));
  const typedByDay: Record<string, number> = {};
  const refused: string[] = [];
  for (const taskId of taskIds) {
    for (const d of days) {
      const key = `${taskId}:${d}`;
      const hours = timesheetHoursFromInput(typed[key]);
      if (hours === null) refused.push(key);
      const mine = hours ?? 0;
      const cell = mine + countedHours(clickup[key]);
      typedByDay[d] = (typedByDay[d] ?? 0) + mine;
      day[d] = (day[d] ?? 0) + cell;
      row[taskId] = (row[taskId] ?? 0) + cell;
    }
  }
  const week = days.reduce((sum, d) => sum + (day[d] ?? 0), 0);
  const overfullDays = days.filter(
    (d) => (typedByDay[d] ?? 0) > 0 && (day[d] ?? 0) > TIMESHEET_DAY_HOURS_MAX,
  );
  return { day, row, week, refused, overfullDays };
}

/**
 * A day's total as displayed (spec §9 one decimal plus 'h'): a day past 24 hours cannot be true,
 * so it reads 'over 24h' (beside the refusal) instead of an impossible figure.
 */
export function formatTimesheetDayTotal(hours: number): string {
  if (hours > TIMESHEET_DAY_HOURS_MAX) return `over ${TIMESHEET_DAY_HOURS_MAX}h`;
  return `${Math.max(0, Number.isFinite(hours) ? hours : 0).toFixed(1)}h`;
}

/**
 * The days of a save whose hours (saved cells plus ClickUp's own, both keyed
 * `${taskId}:${yyyy-MM-dd}`) pass {@link TIMESHEET_DAY_HOURS_MAX}; only days with saved hours
 * count. Sorted. The server refuses such a save with the same rule the dialog shows.
 */
export function timesheetOverfullDays(
  saved: Readonly<Record<string, number>>,
  clickup: Readonly<Record<string, number | undefined>>,
): string[] {
  const savedByDay = new Map<string, number>();
  for (const [key, hours] of Object.entries(saved)) {
    const parsed = parseTimesheetRowKey(key);
    if (!parsed) continue;
    savedByDay.set(parsed.isoDate, (savedByDay.get(parsed.isoDate) ?? 0) + countedHours(hours));
  }
  const clickupByDay = new Map<string, number>();
  for (const [key, hours] of Object.entries(clickup)) {
    const parsed = parseTimesheetRowKey(key);
    if (!parsed) continue;
    clickupByDay.set(parsed.isoDate, (clickupByDay.get(parsed.isoDate) ?? 0) + countedHours(hours));
  }
  return [...savedByDay]
    .filter(([d, hours]) => hours > 0 && hours + (clickupByDay.get(d) ?? 0) > TIMESHEET_DAY_HOURS_MAX)
    .map(([d]) => d)
    .sort();
}
