/*
 * Time-sync validation rules (issue 16 point 8), shared by the server and the web page: the
 * longest range one check call covers, the days of a range, and how the browser cuts a range
 * into chunks.
 */

const DAY = 86_400_000;

/** The longest range (days) one check or re-sync call covers. */
export const TIME_SYNC_MAX_DAYS = 31;

/** The days a chunk of the browser's check covers. */
export const TIME_SYNC_CHUNK_DAYS = 7;

function dayMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How many days from…to covers, both included (0 or less when to is before from). */
export function timeSyncRangeDays(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY) + 1;
}

/** Every day of from…to, in order. */
export function daysOfRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY) out.push(isoOf(t));
  return out;
}

/** The range cut into consecutive chunks of at most `size` days. */
export function timeSyncChunks(
  from: string,
  to: string,
  size = TIME_SYNC_CHUNK_DAYS,
): { from: string; to: string }[] {
  const days = daysOfRange(from, to);
  const out: { from: string; to: string }[] = [];
  for (let i = 0; i < days.length; i += size) {
    out.push({ from: days[i]!, to: days[Math.min(days.length, i + size) - 1]! });
  }
  return out;
}

/** The default range: the 14 days ending on the workspace's today. */
export function defaultTimeSyncRange(today: string): { from: string; to: string } {
  return { from: isoOf(dayMs(today) - 13 * DAY), to: today };
}

/** Minutes shown for a duration (rounded to the nearest minute). */
export function minutesOf(ms: number): number {
  return Math.round(ms / 60_000);
}
