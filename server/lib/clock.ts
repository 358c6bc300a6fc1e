/**
 * The server's clock (AppDeps.now). Normally the machine's; with a start instant (the
 * AGENCY_HUB_NOW test clock, server/config.ts) it reads that instant at creation and then
 * advances in real time, so sessions, jobs and timeouts keep working while every "today" and
 * "this week" the app computes falls on the date the tests chose.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that reads `start` now and advances with the machine's clock. */
export function clockStartingAt(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return () => new Date(realNow() + offset);
}

/**
 * An ISO 8601 instant with a time zone (`2027-02-28T09:30:00Z`, `2028-02-29T23:30:00+01:00`),
 * or null: a bare date or local time would mean a different day on another machine.
 */
export function parseInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const [y, m, d] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // Date.parse rolls 2027-02-29 over to 1 March; the calendar date must exist as written.
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return date;
}
