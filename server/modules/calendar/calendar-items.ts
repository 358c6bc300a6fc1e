import { calendarKind, projectColorIndex } from "@domain/calendar";
import { parseAssignees, resolveAssigneeName } from "@domain/assignee";
import { isFinishedStatus } from "@domain/status";
import type { Executor } from "../../db/executor";
import type { TaskScope } from "../accessible-tasks/task-scope";
import type { CalendarItem, CalendarMetaTask, CalendarProject } from "./contract";
import { selectCalendarItems, type CalendarItemFilter, type CalendarItemRow } from "./repo";

/** One SQL row → a contract item (null when the row is not a calendar kind after all). */
export function toCalendarItem(row: CalendarItemRow): CalendarItem | null {
  const kind = calendarKind({ name: row.name, customItemId: row.custom_item_id });
  if (kind === null) return null;
  const users = new Map(row.users.map((u) => [u.id, u]));
  return {
    id: row.id,
    name: row.name,
    dueDate: new Date(row.due_date).toISOString(),
    day: row.day,
    status: row.status,
    statusColor: row.status_color,
    statusType: row.status_type,
    finished: isFinishedStatus(row.status),
    kind,
    customItemId: row.custom_item_id,
    projectId: row.folder_id,
    projectName: row.folder_name,
    spaceId: row.space_id,
    spaceName: row.space_name,
    listName: row.list_name,
    metaTaskId: row.meta_id,
    url: row.url,
    assignees: parseAssignees(row.assignees_array).map(
      (a) => resolveAssigneeName({ ...a, user: users.get(a.id) ?? null }).name,
    ),
  };
}

export interface CalendarItems {
  items: CalendarItem[];
  projects: CalendarProject[];
  metaTasks: CalendarMetaTask[];
}

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The calendar items of a window (or one task) visible in `scope`, with the projects and meta
 * tasks they belong to (one statement; the two lists are the distinct values of its rows).
 */
export async function loadCalendarItems(
  executor: Executor,
  scope: TaskScope,
  timeZone: string,
  filter: CalendarItemFilter,
): Promise<CalendarItems & { rows: CalendarItemRow[] }> {
  const found = await selectCalendarItems(executor, scope, timeZone, filter);
  const items: CalendarItem[] = [];
  const projects = new Map<string, CalendarProject>();
  const metaTasks = new Map<string, CalendarMetaTask>();
  const kept: CalendarItemRow[] = [];
  for (const row of found) {
    const item = toCalendarItem(row);
    if (!item) continue;
    items.push(item);
    kept.push(row);
    if (row.folder_id && !projects.has(row.folder_id))
      projects.set(row.folder_id, {
        id: row.folder_id,
        name: row.folder_name ?? row.folder_id,
        spaceId: row.space_id,
        spaceName: row.space_name,
        colorIndex: projectColorIndex(row.folder_id),
      });
    if (row.meta_id && !metaTasks.has(row.meta_id))
      metaTasks.set(row.meta_id, {
        id: row.meta_id,
        name: row.meta_name ?? row.meta_id,
        projectId: row.meta_folder_id,
      });
  }
  return {
    items,
    rows: kept,
    projects: [...projects.values()].sort(byNameThenId),
    metaTasks: [...metaTasks.values()].sort(byNameThenId),
  };
}
