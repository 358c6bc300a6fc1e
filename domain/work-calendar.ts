import { z } from "zod";
import { CAPACITY_HOURS_PER_DAY } from "./constants";

/*
 * A workspace's working calendar and a person's capacity (spec §9 "Capacity 8 hours per day";
 * PRODUCT.md → Workload, Settings → Organization). At run time the SQL function
 * workload_capacity() (migration 0008) is the one implementation over stored rows; this is the
 * same rule for one day, for tests and the browser's forms.
 *
 * Days of the week are ISO numbers: 1 Monday … 7 Sunday (PostgreSQL extract(isodow)).
 */

export const DEFAULT_MINUTES_PER_DAY = CAPACITY_HOURS_PER_DAY * 60;
export const MAX_MINUTES_PER_DAY = 24 * 60;
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;

export const WEEK_STARTS = ["monday", "sunday"] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];
export const weekStartSchema = z.enum(WEEK_STARTS);

export const TIME_OFF_TYPES = ["holiday", "sick", "other"] as const;
export type TimeOffType = (typeof TIME_OFF_TYPES)[number];
export const timeOffTypeSchema = z.enum(TIME_OFF_TYPES);

/** Minutes of work per day: a whole number from 0 to 1,440 (hours per day within 0–24). */
export const minutesPerDaySchema = z
  .number()
  .int("must be a whole number of minutes")
  .min(0, "hours per day must be between 0 and 24")
  .max(MAX_MINUTES_PER_DAY, "hours per day must be between 0 and 24");

/** ISO weekday numbers, each once, at least none (a workspace may pause all work). */
export const workingDaysSchema = z
  .array(
    z.number().int().min(1, "must be 1 (Monday) to 7 (Sunday)").max(7, "must be 1 (Monday) to 7 (Sunday)"),
  )
  .max(7)
  .refine((days) => new Set(days).size === days.length, "must not repeat a day")
  .transform((days) => [...days].sort((a, b) => a - b));

/** A workspace time zone: an IANA name Intl knows ("UTC", "Europe/Berlin"). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be a known IANA time zone (e.g. UTC, Europe/Berlin)");

/** ISO weekday (1 Monday … 7 Sunday) of a yyyy-MM-dd day. */
export function isoWeekday(day: string): number {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid day ${day}`);
  return ((date.getUTCDay() + 6) % 7) + 1;
}

export interface DayCapacityInput {
  /** yyyy-MM-dd */
  day: string;
  workingDays: readonly number[];
  isHoliday: boolean;
  /** The person's minutes per day (override, else the workspace default). */
  minutesPerDay: number;
  /** Time off covering the day: none, a full day or a half day. */
  timeOff: "none" | "full" | "half";
}

export interface DayCapacity {
  isWorkingDay: boolean;
  isHoliday: boolean;
  /** Minutes time off removes from this day (0 on non-working days and holidays). */
  timeOffMinutes: number;
  /** Minutes available: minutes per day minus time off on a working non-holiday day, else 0. */
  capacityMinutes: number;
}

/** True when `day` is one of the workspace's working weekdays. */
export function isWorkingDay(day: string, workingDays: readonly number[]): boolean {
  return workingDays.includes(isoWeekday(day));
}

/**
 * Capacity of one person on one day: 0 on a non-working day or a holiday; otherwise the minutes
 * per day less time off (a half day removes half, rounded down to the minute), never below 0.
 */
export function dayCapacity(input: DayCapacityInput): DayCapacity {
  const isWorking = isWorkingDay(input.day, input.workingDays);
  if (!isWorking || input.isHoliday) {
    return { isWorkingDay: isWorking, isHoliday: input.isHoliday, timeOffMinutes: 0, capacityMinutes: 0 };
  }
  const minutes = Math.max(0, input.minutesPerDay);
  const off = input.timeOff === "full" ? minutes : input.timeOff === "half" ? Math.floor(minutes / 2) : 0;
  return {
    isWorkingDay: true,
    isHoliday: false,
    timeOffMinutes: off,
    capacityMinutes: Math.max(0, minutes - off),
  };
}
