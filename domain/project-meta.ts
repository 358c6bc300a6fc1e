import { customFieldText, type CustomField } from "./custom-fields";

/** Job code of a project (spec §3 meta task): its custom id, else its name. */
export function projectJobCode(customId: string | null | undefined, name: string): string {
  const code = customId?.trim();
  return code ? code : name;
}

/** Workload job code (spec §3): the task's own job code, else its folder's; `null` when neither. */
export function workloadJobCode(
  taskJobCode: string | null | undefined,
  folderJobCode: string | null | undefined,
): string | null {
  return taskJobCode?.trim() || folderJobCode?.trim() || null;
}

/** Project header facts read from the meta task's custom field values (spec §7). */
export interface ProjectHeaderFields {
  client: string | null;
  statusUpdate: string | null;
  clickupFolderId: string | null;
}

/**
 * Read the project header from custom field values (spec §7), by field name, case-insensitive:
 * a name containing both 'clickup' and 'folder' gives the folder id (all quote characters
 * stripped); otherwise one containing 'client' gives the client; otherwise one containing
 * 'status' gives the producer status update. Each target takes the first field with a non-empty
 * value.
 */
export function projectHeaderFields(fields: readonly CustomField[] | null | undefined): ProjectHeaderFields {
  const result: ProjectHeaderFields = { client: null, statusUpdate: null, clickupFolderId: null };
  for (const field of fields ?? []) {
    const name = (field.name ?? "").toLowerCase();
    const text = customFieldText(field.value);
    if (text === null) continue;
    if (name.includes("clickup") && name.includes("folder")) {
      const id = text.replace(/["'`]/g, "").trim();
      if (result.clickupFolderId === null && id !== "") result.clickupFolderId = id;
    } else if (name.includes("client")) {
      result.client ??= text;
    } else if (name.includes("status")) {
      result.statusUpdate ??= text;
    }
  }
  return result;
}

/** Workload entry id (spec §3): task id and assignee id joined by '-'. */
export function workloadEntryId(taskId: string | number, assigneeId: string | number): string {
  return `${String(taskId)}-${String(assigneeId)}`;
}

/** Estimated cost (spec §3 workload): estimate hours × client rate; a missing rate costs 0. */
export function estimatedCost(estimateHours: number, clientRate: number | null | undefined): number {
  if (clientRate === null || clientRate === undefined || !Number.isFinite(clientRate)) return 0;
  return estimateHours * clientRate;
}
