import { dropDownOptions } from "./custom-fields";
import { errors } from "./errors";
import type { FieldValue, SimTask } from "./model";
import type { SimState } from "./state";

/**
 * Filters, ordering and paging of `GET /list/{id}/task` and `GET /team/{id}/task`
 * (clickup-api.md §3.1). Pages hold 100 tasks, `page` is 0-based, closed tasks, subtasks and
 * archived tasks are excluded unless asked for.
 */

export const TASK_PAGE_SIZE = 100;

export type TaskOrder = "id" | "created" | "updated" | "due_date";

export interface CustomFieldFilter {
  field_id: string;
  operator: string;
  value?: unknown;
}

export interface TaskQuery {
  page: number;
  orderBy: TaskOrder;
  reverse: boolean;
  subtasks: boolean;
  includeClosed: boolean;
  archived: boolean;
  statuses: string[];
  assignees: number[];
  tags: string[];
  customItems: number[];
  spaceIds: string[];
  projectIds: string[];
  listIds: string[];
  parent: string | null;
  customFields: CustomFieldFilter[];
  dueDateGt: number | null;
  dueDateLt: number | null;
  dateCreatedGt: number | null;
  dateCreatedLt: number | null;
  dateUpdatedGt: number | null;
  dateUpdatedLt: number | null;
  dateDoneGt: number | null;
  dateDoneLt: number | null;
}

function bool(params: URLSearchParams, name: string): boolean {
  const v = params.get(name);
  return v === "true" || v === "1";
}

/** `name[]` repeated (the documented form), also tolerating `name` without brackets. */
function array(params: URLSearchParams, name: string): string[] {
  return [...params.getAll(`${name}[]`), ...params.getAll(name)]
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function ms(params: URLSearchParams, name: string): number | null {
  const v = params.get(name);
  if (v === null || v === "") return null;
  const n = Number(v);
  if (!Number.isFinite(n)) throw errors.badRequest(`${name} must be a number of milliseconds`, "INPUT_002");
  return n;
}

export function parseTaskQuery(params: URLSearchParams): TaskQuery {
  const page = Number(params.get("page") ?? "0");
  if (!Number.isInteger(page) || page < 0)
    throw errors.badRequest("page must be a non-negative integer", "INPUT_003");
  const orderRaw = params.get("order_by") ?? "created";
  const orderBy: TaskOrder =
    orderRaw === "id" || orderRaw === "updated" || orderRaw === "due_date" ? orderRaw : "created";
  let customFields: CustomFieldFilter[] = [];
  const cf = params.get("custom_fields");
  if (cf) {
    try {
      const parsed: unknown = JSON.parse(cf);
      if (!Array.isArray(parsed)) throw new Error("not an array");
      customFields = parsed as CustomFieldFilter[];
    } catch {
      throw errors.badRequest("custom_fields must be a JSON array", "INPUT_004");
    }
  }
  const single = params.get("custom_field");
  if (single) {
    try {
      customFields.push(JSON.parse(single) as CustomFieldFilter);
    } catch {
      throw errors.badRequest("custom_field must be JSON", "INPUT_004");
    }
  }
  return {
    page,
    orderBy,
    reverse: bool(params, "reverse"),
    subtasks: bool(params, "subtasks"),
    includeClosed: bool(params, "include_closed"),
    archived: bool(params, "archived"),
    statuses: array(params, "statuses").map((s) => s.toLowerCase()),
    assignees: array(params, "assignees").map(Number).filter(Number.isFinite),
    tags: array(params, "tags").map((t) => t.toLowerCase()),
    customItems: array(params, "custom_items").map(Number).filter(Number.isFinite),
    spaceIds: array(params, "space_ids"),
    projectIds: array(params, "project_ids"),
    listIds: array(params, "list_ids"),
    parent: params.get("parent"),
    customFields,
    dueDateGt: ms(params, "due_date_gt"),
    dueDateLt: ms(params, "due_date_lt"),
    dateCreatedGt: ms(params, "date_created_gt"),
    dateCreatedLt: ms(params, "date_created_lt"),
    dateUpdatedGt: ms(params, "date_updated_gt"),
    dateUpdatedLt: ms(params, "date_updated_lt"),
    dateDoneGt: ms(params, "date_done_gt"),
    dateDoneLt: ms(params, "date_done_lt"),
  };
}

/** Cache key of everything but the page, so paging through a result reuses one filter pass. */
export function queryKey(q: TaskQuery): string {
  const { page: _page, ...rest } = q;
  return JSON.stringify(rest);
}

function gt(value: number | null, bound: number | null): boolean {
  return bound === null || (value !== null && value > bound);
}
function lt(value: number | null, bound: number | null): boolean {
  return bound === null || (value !== null && value < bound);
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fieldMatches(state: SimState, task: SimTask, f: CustomFieldFilter): boolean {
  const field = state.fields.get(f.field_id);
  const stored: FieldValue | undefined = task.fields?.[f.field_id];
  const op = String(f.operator ?? "=").toUpperCase();
  if (op === "IS NULL") return stored === undefined;
  if (op === "IS NOT NULL") return stored !== undefined;
  if (stored === undefined || !field)
    return op === "!=" || op === "!==" || op === "NOT ANY" || op === "NOT ALL";
  // Compare in a "read" representation: drop-downs by option uuid or orderindex, others raw.
  const normalise = (v: unknown): unknown => {
    if (field.type === "drop_down") {
      const option = dropDownOptions(field).find((o) => o.id === v || o.orderindex === Number(v));
      return option?.id ?? v;
    }
    if (field.type === "checkbox") return v === true || v === "true";
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) && typeof stored === "number")
      return Number(v);
    return v;
  };
  const value = f.value;
  const storedList: unknown[] = Array.isArray(stored) ? stored : [stored];
  const wanted: unknown[] = (Array.isArray(value) ? value : [value]).map(normalise);
  switch (op) {
    case "=":
      if (typeof stored === "string" && typeof value === "string" && field.type !== "drop_down")
        return stored.toLowerCase().includes(value.toLowerCase());
      return storedList.some((s) => wanted.includes(s));
    case "==":
      return storedList.length === wanted.length && storedList.every((s) => wanted.includes(s));
    case "!=":
    case "!==":
      return !storedList.some((s) => wanted.includes(s));
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const a = Number(stored);
      const b = Number(normalise(value));
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
    }
    case "RANGE": {
      const a = Number(stored);
      let low: number;
      let high: number;
      if (Array.isArray(value)) [low, high] = [Number(value[0]), Number(value[1])];
      else {
        const v = (value ?? {}) as { low_value?: unknown; high_value?: unknown };
        [low, high] = [Number(v.low_value), Number(v.high_value)];
      }
      return a >= low && a <= high;
    }
    case "ANY":
      return storedList.some((s) => wanted.includes(s));
    case "ALL":
      return wanted.every((w) => storedList.includes(w));
    case "NOT ANY":
      return !storedList.some((s) => wanted.includes(s));
    case "NOT ALL":
      return !wanted.every((w) => storedList.includes(w));
    default:
      return false;
  }
}

/** Apply every filter of `q` to the candidates and sort; `visible` enforces access. */
export function filterAndSort(
  state: SimState,
  candidates: Iterable<SimTask>,
  q: TaskQuery,
  visible: (t: SimTask) => boolean,
): SimTask[] {
  const statuses = q.statuses.length ? new Set(q.statuses) : null;
  const assignees = q.assignees.length ? new Set(q.assignees) : null;
  const tags = q.tags.length ? new Set(q.tags) : null;
  const items = q.customItems.length ? new Set(q.customItems) : null;
  const spaces = q.spaceIds.length ? new Set(q.spaceIds) : null;
  const folders = q.projectIds.length ? new Set(q.projectIds) : null;
  const lists = q.listIds.length ? new Set(q.listIds) : null;
  const out: SimTask[] = [];
  for (const t of candidates) {
    if (t.deleted) continue;
    // `archived=true` returns only archived tasks; otherwise they are left out (§3.1).
    if (t.archived !== q.archived) continue;
    if (q.parent !== null) {
      if (t.parentId !== q.parent) continue;
    } else if (!q.subtasks && t.parentId !== null) continue;
    if (!q.includeClosed && !statuses && state.isClosed(t)) continue;
    if (statuses && !statuses.has(t.status)) continue;
    if (assignees && !t.assignees.some((a) => assignees.has(a))) continue;
    if (tags && !t.tags.some((tag) => tags.has(tag))) continue;
    if (items && !items.has(t.customItemId)) continue;
    if (spaces && !spaces.has(t.spaceId)) continue;
    if (folders && (t.folderId === null || !folders.has(t.folderId))) continue;
    if (lists && !lists.has(t.listId)) continue;
    if (!gt(t.dueDate, q.dueDateGt) || !lt(t.dueDate, q.dueDateLt)) continue;
    if (!gt(t.dateCreated, q.dateCreatedGt) || !lt(t.dateCreated, q.dateCreatedLt)) continue;
    // Strictly greater, as the OpenAPI document says ("date updated greater than"); clickup-api.md
    // §3.1 guesses it "appears to be inclusive" — a client must not rely on either, so the
    // simulator takes the document's word and the poll overlaps its cursor.
    if (!gt(t.dateUpdated, q.dateUpdatedGt) || !lt(t.dateUpdated, q.dateUpdatedLt)) continue;
    if (!gt(t.dateDone, q.dateDoneGt) || !lt(t.dateDone, q.dateDoneLt)) continue;
    if (q.customFields.length && !q.customFields.every((f) => fieldMatches(state, t, f))) continue;
    if (!visible(t)) continue;
    out.push(t);
  }
  const key = (t: SimTask): number => {
    switch (q.orderBy) {
      case "updated":
        return t.dateUpdated;
      case "due_date":
        return t.dueDate ?? Number.NaN;
      default:
        return t.dateCreated;
    }
  };
  // Default order is newest first; `reverse=true` flips it (§3.1). Undated tasks sort last.
  const dir = q.reverse ? 1 : -1;
  out.sort((a, b) => {
    if (q.orderBy === "id") return dir * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const ka = key(a);
    const kb = key(b);
    const na = Number.isNaN(ka);
    const nb = Number.isNaN(kb);
    if (na || nb) return na === nb ? 0 : na ? 1 : -1;
    return dir * compareNumbers(ka, kb) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  return out;
}

/**
 * Small LRU of filtered results keyed by (state version, caller, scope, query), so paging
 * through 100k tasks does not re-filter the whole workspace for every page.
 */
export class TaskQueryCache {
  private readonly entries = new Map<string, SimTask[]>();

  constructor(private readonly capacity = 32) {}

  get(key: string, compute: () => SimTask[]): SimTask[] {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
