import { clockStartingAt, parseInstant, systemClock, type Clock } from "../server/lib/clock";

/**
 * The tests' clock. scripts/test-dates.sh runs the date-sensitive tests with AGENCY_HUB_NOW set
 * to a Monday, a Sunday, a month's last day, 31 December and 29 February; such a test takes its
 * "now" from here and states its expectations relative to it, never as literal dates.
 */
export function envTestNow(): Date | undefined {
  const value = process.env.AGENCY_HUB_NOW?.trim();
  if (!value) return undefined;
  const date = parseInstant(value);
  if (!date) throw new Error(`AGENCY_HUB_NOW must be an ISO 8601 instant with a time zone (got ${value})`);
  return date;
}

/** The fixed instant a date-sensitive test runs at: AGENCY_HUB_NOW when set, else `fallback`. */
export function testNow(fallback: Date | number): Date {
  return envTestNow() ?? new Date(fallback);
}

/** A running clock for an app under test: from AGENCY_HUB_NOW when set, else the machine's. */
export function testClock(): Clock {
  const start = envTestNow();
  return start ? clockStartingAt(start) : systemClock;
}
