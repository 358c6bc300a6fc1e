import { CALENDAR_MAX_HIDDEN, CALENDAR_NO_PROJECT, CALENDAR_SEARCH_MAX } from "@domain/calendar";
import { addDays, startOfWeek, toIsoDate, type WeekStartsOn } from "@domain/index";
import { windowLabel } from "@/features/workload/view";
import type { CalendarItem, CalendarMetaTask, CalendarProject } from "./api";

/*
 * Pure rules of the Milestones screen: which days a view shows, its label, the API window, and
 * the query parameters that carry the sidebar's visibility, search and focus to the server
 * (which filters and counts in SQL).
 */

export const VIEW_MODES = ["month", "week", "list"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const VIEW_LABEL: Record<ViewMode, string> = { month: "Month", week: "Week", list: "List" };

/** The key of the items that sit in no folder (folderless lists), in the visibility map. */
export const NO_PROJECT = CALENDAR_NO_PROJECT;
export const NO_PROJECT_LABEL = "No project";

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => toIsoDate(date) as string;

/** yyyy-MM-dd that is a real day. */
export function isIsoDay(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && toIsoDate(utc(value)) === value;
}

function monthBounds(day: string): { first: string; last: string } {
  const d = utc(day);
  return {
    first: iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))),
    last: iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0))),
  };
}

/** The 42 days (6 weeks) of the month grid around `day`, from the week start on or before the 1st. */
export function monthGridDays(day: string, starts: WeekStartsOn): string[] {
  const first = startOfWeek(utc(monthBounds(day).first), starts);
  return Array.from({ length: 42 }, (_, i) => iso(addDays(first, i)));
}

/** The 7 days of the week around `day`. */
export function weekDaysOf(day: string, starts: WeekStartsOn): string[] {
  const first = startOfWeek(utc(day), starts);
  return Array.from({ length: 7 }, (_, i) => iso(addDays(first, i)));
}

/** The days GET /api/calendar is asked for (inclusive): the grid, the week, or the month of the list. */
export function viewRange(mode: ViewMode, day: string, starts: WeekStartsOn): { from: string; to: string } {
  if (mode === "month") {
    const days = monthGridDays(day, starts);
    return { from: days[0] as string, to: days[days.length - 1] as string };
  }
  if (mode === "week") {
    const days = weekDaysOf(day, starts);
    return { from: days[0] as string, to: days[6] as string };
  }
  const { first, last } = monthBounds(day);
  return { from: first, to: last };
}

/** The toolbar's label: 'March 2025' for a month or list, 'Mar 3 - Mar 9, 2025' for a week. */
export function viewLabel(mode: ViewMode, day: string, starts: WeekStartsOn): string {
  if (mode === "week") return windowLabel("2w", viewRange("week", day, starts));
  return windowLabel("month", { from: monthBounds(day).first, to: monthBounds(day).last });
}

/** The day the previous (-1) or next (+1) month or week opens on. */
export function shiftDate(mode: ViewMode, day: string, direction: 1 | -1): string {
  if (mode === "week") return iso(addDays(utc(day), 7 * direction));
  const d = utc(day);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + direction, 1)));
}

/** Whether `today` is inside what the view shows (the Today button then has nothing to do). */
export function showsDay(mode: ViewMode, day: string, today: string, starts: WeekStartsOn): boolean {
  if (mode === "month") return monthBounds(day).first === monthBounds(today).first;
  const { from, to } = viewRange(mode, day, starts);
  return today >= from && today <= to;
}

/** What the sidebar decides about items. */
export interface ItemFilter {
  searchTerm: string;
  /** folder id (or NO_PROJECT) → false when hidden; a missing key is visible. */
  visibleFolders: Record<string, boolean>;
  /** meta task id → false when hidden. */
  visibleMetaTasks: Record<string, boolean>;
  selectedFolder: string | null;
  selectedMetaTask: string | null;
}

export const projectKey = (projectId: string | null) => projectId ?? NO_PROJECT;

const matches = (text: string | null | undefined, term: string) =>
  (text ?? "").toLocaleLowerCase().includes(term);

const hidden = (visible: Record<string, boolean>) =>
  Object.keys(visible)
    .filter((key) => visible[key] === false)
    .sort()
    .slice(0, CALENDAR_MAX_HIDDEN);

/**
 * GET /api/calendar's filter parameters for the sidebar's state: the search (trimmed), the
 * hidden projects and meta tasks, the focused project or meta task (the server keeps an item
 * whose name, project or meta task contains the term, drops hidden ones, keeps only the focus).
 */
export function filterParams(filter: ItemFilter): Record<string, string> {
  const params: Record<string, string> = {};
  const term = filter.searchTerm.trim().slice(0, CALENDAR_SEARCH_MAX);
  if (term) params.q = term;
  const projects = hidden(filter.visibleFolders);
  if (projects.length) params.hideProjects = projects.join(",");
  const metas = hidden(filter.visibleMetaTasks);
  if (metas.length) params.hideMetaTasks = metas.join(",");
  if (filter.selectedFolder !== null) params.project = filter.selectedFolder;
  if (filter.selectedMetaTask !== null) params.metaTask = filter.selectedMetaTask;
  return params;
}

/** Whether the sidebar hides, focuses or searches anything. */
export function isFiltered(filter: ItemFilter): boolean {
  return Object.keys(filterParams(filter)).length > 0;
}

/** A sidebar entry: a project with its meta tasks, both narrowed by the search. */
export interface SidebarProject {
  key: string;
  name: string;
  colorIndex: number;
  spaceName: string | null;
  /** Its items in the range that the search matches. */
  count: number;
  metaTasks: CalendarMetaTask[];
}

/**
 * The sidebar's projects (plus 'No project' when a folderless item exists) with their meta
 * tasks, as the server counted them under the search (it sends only the projects and meta tasks
 * with matching items); a search keeps a project whose name, one of whose meta tasks or one of
 * whose items matches, and within it the meta tasks that match (all of them when the project's
 * name does).
 */
export function sidebarProjects(
  projects: readonly CalendarProject[],
  metaTasks: readonly CalendarMetaTask[],
  noProjectCount: number,
  searchTerm: string,
): SidebarProject[] {
  const term = searchTerm.trim().toLocaleLowerCase();
  const all: SidebarProject[] = projects.map((p) => ({
    key: p.id,
    name: p.name,
    colorIndex: p.colorIndex,
    spaceName: p.spaceName,
    count: p.count,
    metaTasks: metaTasks.filter((m) => m.projectId === p.id),
  }));
  if (noProjectCount > 0 || metaTasks.some((m) => m.projectId === null)) {
    all.push({
      key: NO_PROJECT,
      name: NO_PROJECT_LABEL,
      colorIndex: 0,
      spaceName: null,
      count: noProjectCount,
      metaTasks: metaTasks.filter((m) => m.projectId === null),
    });
  }
  if (!term) return all;
  return all.flatMap((project) => {
    if (matches(project.name, term)) return [project];
    const metas = project.metaTasks.filter((m) => matches(m.name, term));
    return metas.length > 0 || project.count > 0 ? [{ ...project, metaTasks: metas }] : [];
  });
}

/** Items by day, in the server's order (due instant, then name). */
export function itemsByDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const list = byDay.get(item.day);
    if (list) list.push(item);
    else byDay.set(item.day, [item]);
  }
  return byDay;
}

/** The month a day belongs to, as yyyy-MM (month grid: days outside it are dimmed). */
export const monthOf = (day: string) => day.slice(0, 7);
