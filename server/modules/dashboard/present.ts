import { msToMinutes, toDate } from "@domain/index";
import type { DashboardTask, ProjectItem } from "./contract";
import type { DashboardTaskRow, ProjectItemRow } from "./repo";

const iso = (value: Date | string | null): string | null => toDate(value)?.toISOString() ?? null;

function customFieldsOf(raw: unknown): DashboardTask["customFields"] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is Record<string, unknown> => typeof f === "object" && f !== null)
    .map((f) => ({ id: String(f.id ?? ""), name: String(f.name ?? ""), value: f.value ?? null }));
}

/** The task in ClickUp: the synced url, else ClickUp's task permalink. */
export function taskUrl(id: string, url: string | null): string {
  return url && /^https?:\/\//.test(url) ? url : `https://app.clickup.com/t/${encodeURIComponent(id)}`;
}

/** The folder in ClickUp (needs the ClickUp team id); null without one. */
export function folderUrl(teamId: string | null, folderId: string): string | null {
  return teamId
    ? `https://app.clickup.com/${encodeURIComponent(teamId)}/v/f/${encodeURIComponent(folderId)}`
    : null;
}

export function presentTask(row: DashboardTaskRow): DashboardTask {
  return {
    id: row.id,
    name: row.name,
    status: { status: row.status ?? "" },
    dueDate: iso(row.due_date),
    startDate: iso(row.start_date),
    folderId: row.folder_id,
    folderName: row.folder_name,
    spaceName: row.space_name,
    customItemId: row.custom_item_id,
    parentTaskId: row.parent_task_id,
    customFields: customFieldsOf(row.custom_fields),
    timeEstimateMinutes: msToMinutes(row.time_estimate_ms),
    timeSpentMinutes: msToMinutes(row.time_spent_ms),
    hoursPerDayEstimate: row.hours_per_day_estimate === null ? null : Number(row.hours_per_day_estimate),
    hoursLogged: Number(row.hours_logged),
    url: taskUrl(row.id, row.url),
  };
}

export function presentProjectItem(row: ProjectItemRow): ProjectItem {
  return {
    id: row.id,
    name: row.name,
    dueDate: iso(row.due_date),
    status: { status: row.status ?? "" },
    customItemId: row.custom_item_id,
    customFields: customFieldsOf(row.custom_fields),
    url: taskUrl(row.id, null),
  };
}
