import { milestoneType, type MilestoneType } from "./milestones";
import { isItemType, ITEM_TYPE, type ItemTypeInput } from "./task-types";
import { dateTimeFormat } from "./intl";

/*
 * Milestones calendar rules (PRODUCT.md → Milestones, spec §3 task types, §9), shared by the
 * server (/api/calendar, the iCalendar feed) and the web screen (web/src/features/calendar).
 *
 * Items: tasks that are not deleted or archived, with a due date, that are milestone-type items
 * (custom item 1), deliverables (2) or whose name contains shoot, creative or approval
 * (case-insensitive). Their kind reuses milestoneType (the name keyword wins over the type), and a
 * deliverable that carries no keyword is 'deliverable'.
 *
 * Meta task of an item (the sidebar's second level): the item's nearest ancestor through
 * parent_task_id that is a project meta task (custom item 1001) — the item itself excluded, at
 * most CALENDAR_META_DEPTH levels up, only through tasks of the same workspace; when it has none,
 * the 1001 meta task of the item's project (folder), the oldest by creation then id when a folder
 * has several; null when the folder has none (or the item is in a folderless list).
 *
 * Day of an item: its due date's calendar day in the workspace time zone (organizations.time_zone).
 * A move keeps the time of day in that zone and changes the day only.
 */

export type CalendarKind = MilestoneType | "deliverable";

export const CALENDAR_KINDS = ["milestone", "deliverable", "shoot", "creative", "approval"] as const;

/** The longest window GET /api/calendar answers (from and to inclusive). */
export const CALENDAR_MAX_DAYS = 100;

/**
 * How many items a month cell of the calendar shows before '+N more': GET /api/calendar with
 * view=month sends only that many items per day (with each day's count), the web draws them.
 */
export const CALENDAR_MONTH_CELL_ITEMS = 3;

/** Sidebar filters sent to GET /api/calendar: at most this many hidden projects / meta tasks each. */
export const CALENDAR_MAX_HIDDEN = 500;

/** The longest search term GET /api/calendar accepts. */
export const CALENDAR_SEARCH_MAX = 100;

/** The key of the items that sit in no folder (folderless lists) in the sidebar's filters. */
export const CALENDAR_NO_PROJECT = "none";

/** How far up parent_task_id the meta-task search climbs. */
export const CALENDAR_META_DEPTH = 8;

/** The iCalendar feed covers this many days back and ahead of today (workspace zone). */
export const CALENDAR_FEED_DAYS_BACK = 60;
export const CALENDAR_FEED_DAYS_AHEAD = 365;

/** Kind of a calendar item, or null when the task is not one (spec §9 + deliverables). */
export function calendarKind(task: {
  name: string | null | undefined;
  customItemId: ItemTypeInput;
}): CalendarKind | null {
  const type = milestoneType(task);
  if (type !== null) return type;
  return isItemType(task.customItemId, ITEM_TYPE.deliverable) ? "deliverable" : null;
}

/** Number of project colours; the web maps index i to its i-th colour token. */
export const PROJECT_COLOR_COUNT = 12;

/**
 * A deterministic colour index (0 … PROJECT_COLOR_COUNT-1) per project (folder) id: FNV-1a of the
 * id's UTF-16 code units, so a project keeps its colour across sessions, views and devices.
 * Items without a project (folderless lists) use index 0 via `projectColorIndex(null)`.
 */
export function projectColorIndex(folderId: string | null | undefined): number {
  if (!folderId) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < folderId.length; i++) {
    hash ^= folderId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % PROJECT_COLOR_COUNT;
}

// ---------------------------------------------------------------------------------------------
// Days in the workspace time zone
// ---------------------------------------------------------------------------------------------

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** Wall-clock fields of an instant in a zone (ms kept from the instant). */
export function wallClock(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(ms)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - ms;
}

/** yyyy-MM-dd of an instant in a time zone (the calendar cell it sits in). */
export function dayInZone(instant: Date | string | number, timeZone: string): string {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant ${String(instant)}`);
  const w = wallClock(ms, timeZone);
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/**
 * The instant of a wall-clock time on `day` in a zone. A time that does not exist (skipped by a
 * daylight-saving jump) lands the jump's length later; an ambiguous one (repeated hour) takes the
 * earlier instant.
 */
export function zonedInstant(
  day: string,
  time: { hour: number; minute: number; second: number; millisecond: number },
  timeZone: string,
): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d, time.hour, time.minute, time.second, time.millisecond);
  // The zone's offsets half a day either side cover any one transition around this wall time.
  const before = zoneOffsetMs(local - 43_200_000, timeZone);
  const after = zoneOffsetMs(local + 43_200_000, timeZone);
  const valid = [local - before, local - after]
    .filter((ms) => ms + zoneOffsetMs(ms, timeZone) === local)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? local - before);
}

/**
 * Move a due date to another day in the workspace zone, keeping its time of day there (a task due
 * Tuesday 17:00 Berlin moved to Friday is due Friday 17:00 Berlin, across a DST change too).
 */
export function moveDueDateToDay(due: Date | string | number, day: string, timeZone: string): Date {
  const ms = new Date(due).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid due date ${String(due)}`);
  return zonedInstant(day, wallClock(ms, timeZone), timeZone);
}

/** Today (yyyy-MM-dd) in the zone. */
export function todayInZone(now: Date, timeZone: string): string {
  return dayInZone(now, timeZone);
}

/** yyyy-MM-dd plus n calendar days. */
export function addIsoDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid day ${day}`);
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}
