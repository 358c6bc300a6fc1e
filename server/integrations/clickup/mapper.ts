import { asArray, asObject, numOrNull, strOrNull } from "./decode";
import type { CuTask, CuTaskField } from "./types";

/**
 * ClickUp task → our row shapes. Custom-field values are kept raw (custom_field_values.value.raw)
 * and as display text (value.text, and tasks.custom_fields[].value), decoding ClickUp's
 * encodings: drop-down index → option name, labels/users/tasks → names, numbers from strings,
 * checkbox strings → booleans, dates → ISO day (clickup-api.md §3.5).
 */

export interface TaskRow {
  id: string;
  name: string;
  description: string | null;
  status: string | null;
  statusType: string | null;
  statusColor: string | null;
  folderId: string | null;
  spaceId: string | null;
  listId: string | null;
  listName: string | null;
  folderName: string | null;
  customItemId: number | null;
  customId: string | null;
  startDate: string | null;
  dueDate: string | null;
  timeEstimateMs: number | null;
  timeSpentMs: number | null;
  assigneesArray: Array<{ id: string; username: string | null; email: string | null }>;
  assigneeId: string | null;
  assigneeName: string | null;
  tags: string[];
  customFields: Array<{ id: string; name: string; type: string; value: unknown }>;
  parentTaskId: string | null;
  priority: string | null;
  url: string | null;
  archived: boolean;
  dateCreated: string | null;
  dateUpdated: string | null;
  dateClosed: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function fieldDisplayValue(field: CuTaskField): unknown {
  const v = field.value;
  const config = asObject(field.typeConfig);
  switch (field.type) {
    case "number":
    case "currency":
    case "emoji":
    case "formula": {
      const n = numOrNull(v);
      return n ?? v;
    }
    case "checkbox":
      return v === true || v === "true";
    case "date": {
      const n = numOrNull(v);
      return n === null ? v : new Date(n).toISOString().slice(0, 10);
    }
    case "drop_down": {
      const options = asArray(config.options).map(asObject);
      const n = numOrNull(v);
      const option = options.find((o) => o.id === v || (n !== null && numOrNull(o.orderindex) === n));
      return option ? (strOrNull(option.name) ?? v) : v;
    }
    case "labels": {
      const options = asArray(config.options).map(asObject);
      return asArray(v)
        .map((idValue) => strOrNull(options.find((o) => o.id === idValue)?.label) ?? strOrNull(idValue))
        .filter(Boolean)
        .join(", ");
    }
    case "users":
      return asArray(v)
        .map((u) => strOrNull(asObject(u).username) ?? strOrNull(asObject(u).email))
        .filter(Boolean)
        .join(", ");
    case "tasks":
      return asArray(v)
        .map((t) => strOrNull(asObject(t).name))
        .filter(Boolean)
        .join(", ");
    case "manual_progress":
      return numOrNull(asObject(v).percent_completed) ?? numOrNull(asObject(v).current);
    case "automatic_progress":
      return numOrNull(asObject(v).percent_complete);
    case "location":
      return strOrNull(asObject(v).formatted_address);
    default:
      return v;
  }
}

/** Stored form of one custom_field_values row: display text plus the raw ClickUp value. */
export function fieldValueRecord(field: CuTaskField): { text: string | null; raw: unknown } {
  const display = fieldDisplayValue(field);
  const text =
    display === null || display === undefined
      ? null
      : typeof display === "object"
        ? JSON.stringify(display)
        : String(display);
  return { text, raw: field.value };
}

export function taskRow(t: CuTask): TaskRow {
  const first = t.assignees[0];
  const setFields = t.customFields.filter((f) => f.hasValue);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    status: t.status?.status ?? null,
    statusType: t.status?.type ?? null,
    statusColor: t.status?.color ?? null,
    folderId: t.folderId,
    spaceId: t.spaceId,
    listId: t.listId,
    listName: t.listName,
    folderName: t.folderName,
    customItemId: t.customItemId,
    customId: t.customId,
    startDate: iso(t.startDate),
    dueDate: iso(t.dueDate),
    timeEstimateMs: t.timeEstimate === null ? null : Math.round(t.timeEstimate),
    timeSpentMs: t.timeSpent === null ? null : Math.round(t.timeSpent),
    assigneesArray: t.assignees.map((a) => ({ id: a.id, username: a.username, email: a.email })),
    assigneeId: first?.id ?? null,
    assigneeName: first ? (first.username ?? first.email) : null,
    tags: t.tags,
    customFields: setFields.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      value: fieldDisplayValue(f),
    })),
    parentTaskId: t.parentId,
    priority: t.priority,
    url: t.url,
    archived: t.archived,
    dateCreated: iso(t.dateCreated),
    dateUpdated: iso(t.dateUpdated),
    dateClosed: iso(t.dateClosed),
  };
}
