/**
 * Date normalisation and calendar-day arithmetic shared by every rule.
 *
 * Conventions (apply to the whole domain):
 * - Rules never read the clock: callers pass `now` / `today`.
 * - "Today", "overdue", "within N days" and week windows compare **calendar days in UTC**
 *   (the spec gives no time zone; UTC keeps server SQL and browser rendering identical).
 * - Any date may arrive as an ISO string, epoch milliseconds (number, or a numeric string as
 *   ClickUp sends them), a `Date`, or be missing. {@link toDate} is the one place that parses them.
 */

/** Every shape a date can take on the way in (ClickUp ms strings, ISO strings, Date, missing). */
export type DateInput = Date | string | number | null | undefined;

export const MS_PER_DAY = 86_400_000;

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/**
 * Normalise a date input to a valid `Date`, or `null` when missing or unparseable.
 * Numeric strings are epoch milliseconds (ClickUp), other strings go through `Date.parse`
 * (a date-only ISO string such as `2025-03-10` is UTC midnight).
 */
export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined) return null;
  let ms: number;
  if (input instanceof Date) {
    ms = input.getTime();
  } else if (typeof input === "number") {
    ms = input;
  } else {
    const text = input.trim();
    if (text === "") return null;
    ms = NUMERIC.test(text) ? Number(text) : Date.parse(text);
  }
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** Epoch milliseconds of 00:00:00.000Z of the input's UTC calendar day, or `null`. */
export function utcDayStartMs(input: DateInput): number | null {
  const date = toDate(input);
  if (!date) return null;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** 00:00:00.000Z of the input's UTC calendar day, or `null`. */
export function startOfUtcDay(input: DateInput): Date | null {
  const ms = utcDayStartMs(input);
  return ms === null ? null : new Date(ms);
}

/** The date shifted by whole days (24 h each; UTC has no DST). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * MS_PER_DAY);
}

/**
 * Whole calendar days (UTC) from `from` to `to`: 0 for the same day, 1 for tomorrow, -1 for yesterday.
 * `null` when either date is missing.
 */
export function calendarDaysBetween(from: DateInput, to: DateInput): number | null {
  const a = utcDayStartMs(from);
  const b = utcDayStartMs(to);
  if (a === null || b === null) return null;
  return Math.round((b - a) / MS_PER_DAY);
}

/** True when both inputs fall on the same UTC calendar day. */
export function isSameUtcDay(a: DateInput, b: DateInput): boolean {
  return calendarDaysBetween(a, b) === 0;
}

/** `yyyy-MM-dd` of the input's UTC calendar day (used in row keys and date-only fields), or `null`. */
export function toIsoDate(input: DateInput): string | null {
  const date = toDate(input);
  return date ? date.toISOString().slice(0, 10) : null;
}

/**
 * Overdue = the due date's calendar day is before today's (spec §9 "Overdue tasks (due before
 * today) are highlighted"). A task due today is not overdue; an undated task never is.
 */
export function isOverdue(due: DateInput, today: DateInput): boolean {
  const days = calendarDaysBetween(today, due);
  return days !== null && days < 0;
}

/**
 * Whole calendar days from today until the due date (negative when overdue), `null` when undated
 * (spec §3 User task `daysUntilDue`).
 */
export function daysUntilDue(due: DateInput, today: DateInput): number | null {
  return calendarDaysBetween(today, due);
}

/**
 * Comparator for due dates: earliest first, undated (or unparseable) last, two undated equal.
 * Use with `Array.prototype.sort` (stable, so ties keep input order).
 */
export function compareDueDates(a: DateInput, b: DateInput): number {
  const x = toDate(a)?.getTime();
  const y = toDate(b)?.getTime();
  if (x === undefined) return y === undefined ? 0 : 1;
  if (y === undefined) return -1;
  return x - y;
}
