import { milestoneType, type MilestoneType } from "./milestones";
import { isItemType, ITEM_TYPE, type ItemTypeInput } from "./task-types";

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
