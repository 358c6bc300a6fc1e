import type { DateInput } from "./dates";
import {
  CAPACITY_HOURS_PER_DAY,
  LOAD_BAR_FULL_HOURS,
  LOAD_BLUE_MAX_HOURS,
  LOAD_GREEN_MAX_HOURS,
  LOAD_ORANGE_MAX_HOURS,
} from "./constants";
import { customFieldText, type CustomField } from "./custom-fields";
import { taskCoversDay } from "./task-range";

export { CAPACITY_HOURS_PER_DAY };

const HOURS_PER_DAY_FIELD_FRAGMENTS = ["h/d est", "hours/day", "hrs/day"] as const;
const LEADING_NUMBER = /^\s*(\d+(?:[.,]\d+)?|[.,]\d+)/;

/** Parse a non-negative hour figure from a number, a numeric string ('4', '2.5', '2,5', '3 hrs') or `{ text }`. */
export function parseHours(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  const text = customFieldText(value);
  if (text === null) return null;
  const match = LEADING_NUMBER.exec(text);
  if (!match?.[1]) return null;
  return Number(match[1].replace(",", "."));
}

/**
 * Hours-per-day estimate of a task (spec §3): the value of the first custom field whose name
 * contains 'h/d est', 'hours/day' or 'hrs/day' (case-insensitive) and holds a usable number;
 * `null` when there is none. Negative or non-numeric values are ignored.
 */
export function hoursPerDayEstimate(customFields: readonly CustomField[] | null | undefined): number | null {
  for (const field of customFields ?? []) {
    const name = (field.name ?? "").toLowerCase();
    if (!HOURS_PER_DAY_FIELD_FRAGMENTS.some((fragment) => name.includes(fragment))) continue;
    const hours = parseHours(field.value);
    if (hours !== null) return hours;
  }
  return null;
}

/** The task fields the capacity rules read. */
export interface CapacityTask {
  startDate?: DateInput;
  dueDate?: DateInput;
  hoursPerDayEstimate: number | null | undefined;
}

/**
 * Hours booked on `day`: the sum of hoursPerDayEstimate over tasks whose effective range
 * (7-day assumptions, spec §9) covers that UTC calendar day. Drives 'Nh booked' per day column.
 */
export function bookedHoursOnDay(tasks: readonly CapacityTask[], day: DateInput): number {
  let total = 0;
  for (const task of tasks) {
    const hours = task.hoursPerDayEstimate;
    if (hours === null || hours === undefined || !Number.isFinite(hours) || hours <= 0) continue;
    if (taskCoversDay(task.startDate, task.dueDate, day)) total += hours;
  }
  return total;
}

/**
 * 'Booked Today' (spec §9): today's booked hours ÷ 8 as a rounded percentage (may exceed 100).
 */
export function bookedTodayPercent(tasks: readonly CapacityTask[], today: DateInput): number {
  return bookedPercentOfCapacity(bookedHoursOnDay(tasks, today));
}

/**
 * Booked hours as a rounded percentage of the 8-hour day (spec §9), for hours already summed
 * (e.g. in SQL). 4 h → 50, 8 h → 100, 12 h → 150; missing or negative → 0.
 */
export function bookedPercentOfCapacity(hours: number | null | undefined): number {
  if (typeof hours !== "number" || !Number.isFinite(hours) || hours <= 0) return 0;
  return Math.round((hours / CAPACITY_HOURS_PER_DAY) * 100);
}

export type LoadColor = "green" | "blue" | "orange" | "red";

/** Daily load colour (spec §9): up to 4 h green, up to 8 h blue, up to 10 h orange, above 10 h red. */
export function dailyLoadColor(hours: number): LoadColor {
  if (hours <= LOAD_GREEN_MAX_HOURS) return "green";
  if (hours <= LOAD_BLUE_MAX_HOURS) return "blue";
  if (hours <= LOAD_ORANGE_MAX_HOURS) return "orange";
  return "red";
}

/** Width of the daily load bar in percent (spec §9): full at 12 h, clamped to 0–100. */
export function loadBarPercent(hours: number): number {
  if (Number.isNaN(hours) || hours <= 0) return 0;
  return Math.min(100, (hours / LOAD_BAR_FULL_HOURS) * 100);
}

/** More than 8 h in a day shows the destructive colour (spec §9); exactly 8 h does not. */
export function isOverCapacity(hours: number): boolean {
  return hours > CAPACITY_HOURS_PER_DAY;
}
