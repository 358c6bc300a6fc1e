/** Time units and the demo calendar: every date is a day offset from the Monday of `now()`'s week. */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Dates without a time are stored as 04:00 in the setter's timezone (§0); 09:00Z ≈ 04:00 New York. */
export const DATE_ONLY_OFFSET = 9 * HOUR;
/** Work starts at 13:00Z (08:00/09:00 New York) in generated time entries. */
export const WORKDAY_START = 13 * HOUR;

export function mondayOf(ms: number): number {
  const d = new Date(ms);
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return dayStart - ((d.getUTCDay() + 6) % 7) * DAY;
}

/** Weekdays in [fromDay, toDay] (day offsets from a Monday). */
export function workdays(fromDay: number, toDay: number): number {
  let n = 0;
  for (let d = fromDay; d <= toDay; d++) if (((d % 7) + 7) % 7 < 5) n++;
  return Math.max(1, n);
}
