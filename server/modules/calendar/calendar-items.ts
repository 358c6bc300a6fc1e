import { calendarKind, projectColorIndex } from "@domain/calendar";
import { parseAssignees, resolveAssigneeName, type Assignee } from "@domain/assignee";
import { isFinishedStatus } from "@domain/status";
import type { Executor } from "../../db/executor";
import type { TaskScope } from "../accessible-tasks/task-scope";
import { providerUsers, type ProviderUserRow } from "../projects/repo";
import type { CalendarItem, CalendarMetaTask, CalendarProject } from "./contract";
import {
  selectCalendarItems,
  selectCalendarMetaTasks,
  type CalendarItemFilter,
  type CalendarItemRow,
  type CalendarMetaRow,
} from "./repo";

/**
 * One SQL row, its meta task's id and its parsed assignees (with the workspace's ClickUp users by
 * id) → a contract item (null when the row is not a calendar kind after all).
 */
export function toCalendarItem(
  row: CalendarItemRow,
  metaTaskId: string | null,
  assignees: readonly Assignee[],
  users: ReadonlyMap<string, ProviderUserRow>,
): CalendarItem | null {
  const kind = calendarKind({ name: row.name, customItemId: row.custom_item_id });
  if (kind === null) return null;
  return {
    id: row.id,
    name: row.name,
    dueDate: row.due_date,
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
    metaTaskId,
    url: row.url,
    assignees: assignees.map((a) => resolveAssigneeName({ ...a, user: users.get(a.id) ?? null }).name),
  };
}

export interface CalendarItems {
  items: CalendarItem[];
  projects: Array<Omit<CalendarProject, "count">>;
  metaTasks: Array<Omit<CalendarMetaTask, "count">>;
}

/** Item rows → contract items, the assignees' names from one lookup of the ids they hold. */
export async function toCalendarItems(
  executor: Executor,
  organizationId: string,
  found: ReadonlyArray<CalendarItemRow & { meta_id: string | null }>,
): Promise<CalendarItem[]> {
  const assigneesOf = found.map((r) => parseAssignees(r.assignees_array));
  const ids = [...new Set(assigneesOf.flatMap((list) => list.map((a) => a.id)))];
  const users = new Map((await providerUsers(executor, organizationId, ids)).map((u) => [u.id, u]));
  return found.flatMap((row, i) => toCalendarItem(row, row.meta_id, assigneesOf[i]!, users) ?? []);
}

/** By name (English collation), then id. */
export const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The calendar items of a window (or one task) visible in `scope`, with the projects and meta
 * tasks they belong to: one statement for the items, one for their meta tasks (the rule of
 * domain/calendar.ts: the nearest 1001 ancestor, else the project's meta task).
 */
export async function loadCalendarItems(
  executor: Executor,
  scope: TaskScope,
  timeZone: string,
  filter: CalendarItemFilter,
): Promise<CalendarItems & { rows: CalendarItemRow[] }> {
  const found = await selectCalendarItems(executor, scope, timeZone, filter);
  const folderIds = [...new Set(found.flatMap((r) => (r.folder_id ? [r.folder_id] : [])))];
  const parented = found.flatMap((r) =>
    r.parent_task_id ? [{ itemId: r.id, parentId: r.parent_task_id }] : [],
  );
  const assigneesOf = found.map((r) => parseAssignees(r.assignees_array));
  const assigneeIds = [...new Set(assigneesOf.flatMap((list) => list.map((a) => a.id)))];
  const [metaRows, people] = await Promise.all([
    selectCalendarMetaTasks(executor, scope, folderIds, parented),
    providerUsers(executor, scope.organizationId, assigneeIds),
  ]);
  const users = new Map(people.map((u) => [u.id, u]));
  const ancestorOf = new Map<string, CalendarMetaRow>();
  const metaOfFolder = new Map<string, CalendarMetaRow>();
  for (const m of metaRows) {
    if (m.item_id) ancestorOf.set(m.item_id, m);
    else if (m.for_folder_id) metaOfFolder.set(m.for_folder_id, m);
  }
  const items: CalendarItem[] = [];
  const projects = new Map<string, Omit<CalendarProject, "count">>();
  const metaTasks = new Map<string, Omit<CalendarMetaTask, "count">>();
  const kept: CalendarItemRow[] = [];
  for (const [i, row] of found.entries()) {
    // The nearest 1001 ancestor (none when the caller may not see it), else the project's.
    const ancestor = row.parent_task_id ? ancestorOf.get(row.id) : undefined;
    const meta = ancestor
      ? ancestor.visible
        ? ancestor
        : null
      : ((row.folder_id ? metaOfFolder.get(row.folder_id) : undefined) ?? null);
    const item = toCalendarItem(row, meta?.id ?? null, assigneesOf[i]!, users);
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
    if (meta && !metaTasks.has(meta.id))
      metaTasks.set(meta.id, { id: meta.id, name: meta.name, projectId: meta.folder_id });
  }
  return {
    items,
    rows: kept,
    projects: [...projects.values()].sort(byNameThenId),
    metaTasks: [...metaTasks.values()].sort(byNameThenId),
  };
}
