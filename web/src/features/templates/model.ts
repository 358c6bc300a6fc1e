import { ITEM_TYPE, itemTypeLabel } from "@domain/task-types";
import {
  offsetDate,
  validateTemplateTree,
  type TemplateAssignee,
  type TemplateList,
  type TemplateTask,
  type TemplateTree,
} from "@domain/templates";
import { hoursTextToMinutes, minutesToHoursText } from "@/features/settings/hours";

/*
 * The tree editor's model (PRODUCT.md → Templates): a template as the fields show it — numbers as
 * the text typed, tags as one comma-separated line, the assignee as one select value — and the
 * pure operations on it (add, remove, move, indent, outdent). Tasks of a list are kept in outline
 * order: a parent, then its subtasks (each with theirs), then the next task of its level. The
 * rules of a valid tree are the domain's (validateTemplateTree); problems are keyed by the tree's
 * field path, the same path the API's 400 names ("lists.0.tasks.3.dueOffsetDays").
 */

export interface DraftTask {
  key: string;
  name: string;
  description: string;
  customItemId: number | null;
  /** Offsets as typed (whole days from the project start, may be empty). */
  start: string;
  due: string;
  /** Hours as typed ('1.5'); whole minutes in the tree. */
  estimate: string;
  /** '' none, 'role:<tag>' or 'person:<clickupUserId>'. */
  assignee: string;
  /** Comma-separated. */
  tags: string;
  parentKey: string | null;
}

export interface DraftList {
  key: string;
  name: string;
  start: string;
  end: string;
  tasks: DraftTask[];
}

export interface Draft {
  name: string;
  description: string;
  /** The "Client" custom-field default of the meta task. */
  client: string;
  jobCodePattern: string;
  /** Field defaults other than Client, kept as they came. */
  otherDefaults: TemplateTree["fieldDefaults"];
  lists: DraftList[];
}

/** One problem under one field: `field` is the tree path ("lists.0.name") or "name"/"description". */
export interface DraftProblem {
  field: string;
  message: string;
}

export const CLIENT_FIELD = "Client";

/** The select's item types: the spec §3/§9 labels; 1001 (the project meta task) only where allowed. */
export const ITEM_TYPE_OPTIONS: { value: number | null; label: string }[] = [
  { value: null, label: itemTypeLabel(null) },
  ...[
    ITEM_TYPE.milestone,
    ITEM_TYPE.deliverable,
    ITEM_TYPE.actionItem,
    ITEM_TYPE.assignment,
    ITEM_TYPE.assignmentFreelance,
    ITEM_TYPE.activity,
    ITEM_TYPE.asset,
  ].map((value) => ({ value, label: itemTypeLabel(value) })),
];
export const META_TASK_LABEL = "Project";

const isClient = (field: string) => field.trim().toLowerCase() === CLIENT_FIELD.toLowerCase();
const numText = (n: number | null) => (n === null ? "" : String(n));

export function assigneeValue(assignee: TemplateAssignee | null): string {
  if (!assignee) return "";
  return assignee.kind === "role" ? `role:${assignee.tag}` : `person:${assignee.clickupUserId}`;
}

export function parseAssignee(value: string): TemplateAssignee | null {
  if (value.startsWith("role:") && value.length > 5) return { kind: "role", tag: value.slice(5) };
  if (value.startsWith("person:") && value.length > 7)
    return { kind: "person", clickupUserId: value.slice(7) };
  return null;
}

/** Comma-separated tags → the tree's list (trimmed, no blanks, no repeats). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** Hours text of a task estimate ('1.5', up to 1,000 h) → whole minutes, null for empty, NaN when unreadable. */
export function estimateTextToMinutes(text: string): number | null {
  if (!text.trim()) return null;
  return hoursTextToMinutes(text, 4) ?? Number.NaN;
}

/** A whole number of days as typed ('-3', '10'); null for empty, NaN when not a whole number. */
export function offsetTextToDays(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  return /^[-−]?\d{1,4}$/.test(t) ? Number(t.replace("−", "-")) : Number.NaN;
}

/** Tasks in outline order (a parent, then its subtasks), keeping the order within each level. */
export function outlineOrder<T extends { key: string; parentKey: string | null }>(tasks: readonly T[]): T[] {
  const keys = new Set(tasks.map((t) => t.key));
  const children = new Map<string | null, T[]>();
  for (const t of tasks) {
    const parent =
      t.parentKey !== null && keys.has(t.parentKey) && t.parentKey !== t.key ? t.parentKey : null;
    children.set(parent, [...(children.get(parent) ?? []), t]);
  }
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (t: T) => {
    if (seen.has(t.key)) return;
    seen.add(t.key);
    out.push(t);
    for (const c of children.get(t.key) ?? []) visit(c);
  };
  for (const root of children.get(null) ?? []) visit(root);
  for (const t of tasks) visit(t); // tasks caught in a parent loop keep their place at the end
  return out;
}

export function toDraft(template: { name: string; description: string | null; tree: TemplateTree }): Draft {
  const { tree } = template;
  return {
    name: template.name,
    description: template.description ?? "",
    client: tree.fieldDefaults.find((d) => isClient(d.field))?.value ?? "",
    jobCodePattern: tree.jobCodePattern ?? "",
    otherDefaults: tree.fieldDefaults.filter((d) => !isClient(d.field)),
    lists: tree.lists.map((l) => ({
      key: l.key,
      name: l.name,
      start: String(l.startOffsetDays),
      end: String(l.endOffsetDays),
      tasks: outlineOrder(l.tasks).map((t) => ({
        key: t.key,
        name: t.name,
        description: t.description ?? "",
        customItemId: t.customItemId,
        start: numText(t.startOffsetDays),
        due: numText(t.dueOffsetDays),
        estimate: t.estimateMinutes === null ? "" : minutesToHoursText(t.estimateMinutes),
        assignee: assigneeValue(t.assignee),
        tags: t.tags.join(", "),
        parentKey: t.parentKey,
      })),
    })),
  };
}

/** The starting point of a new template: one list with the project meta task. */
export function newDraft(): Draft {
  return {
    name: "",
    description: "",
    client: "",
    jobCodePattern: "",
    otherDefaults: [],
    lists: [
      {
        key: "l1",
        name: "Project",
        start: "0",
        end: "30",
        tasks: [
          { ...blankTask("t1"), name: "{project}", customItemId: ITEM_TYPE.project, start: "0", due: "30" },
        ],
      },
    ],
  };
}

function blankTask(key: string, parentKey: string | null = null): DraftTask {
  return {
    key,
    name: "",
    description: "",
    customItemId: null,
    start: "",
    due: "",
    estimate: "",
    assignee: "",
    tags: "",
    parentKey,
  };
}

/**
 * The draft as the API's tree, with every problem the editor can tell before saving: unreadable
 * numbers first, then the domain's rules (cycles, offsets outside the list, missing names…).
 */
export function fromDraft(draft: Draft): {
  name: string;
  description: string | null;
  tree: TemplateTree;
  problems: DraftProblem[];
} {
  const problems: DraftProblem[] = [];
  const num = (text: string, field: string, message: string): number | null => {
    const n = field.endsWith("estimateMinutes") ? estimateTextToMinutes(text) : offsetTextToDays(text);
    if (n !== null && Number.isNaN(n)) {
      problems.push({ field, message });
      return null;
    }
    return n;
  };
  const lists = draft.lists.map((l, li): TemplateList => {
    const at = `lists.${li}`;
    return {
      key: l.key,
      name: l.name.trim(),
      startOffsetDays: num(l.start, `${at}.startOffsetDays`, DAYS_MESSAGE) ?? 0,
      endOffsetDays: num(l.end, `${at}.endOffsetDays`, DAYS_MESSAGE) ?? 0,
      tasks: l.tasks.map((t, ti): TemplateTask => {
        const tat = `${at}.tasks.${ti}`;
        return {
          key: t.key,
          name: t.name.trim(),
          description: t.description.trim() ? t.description : null,
          customItemId: t.customItemId,
          startOffsetDays: num(t.start, `${tat}.startOffsetDays`, DAYS_MESSAGE),
          dueOffsetDays: num(t.due, `${tat}.dueOffsetDays`, DAYS_MESSAGE),
          estimateMinutes: num(t.estimate, `${tat}.estimateMinutes`, ESTIMATE_MESSAGE),
          assignee: parseAssignee(t.assignee),
          tags: parseTags(t.tags),
          parentKey: t.parentKey,
        };
      }),
    };
  });
  const tree: TemplateTree = {
    lists,
    fieldDefaults: [
      ...(draft.client.trim() ? [{ field: CLIENT_FIELD, value: draft.client.trim() }] : []),
      ...draft.otherDefaults,
    ],
    jobCodePattern: draft.jobCodePattern.trim() || null,
  };
  if (!draft.name.trim()) problems.push({ field: "name", message: "must not be empty" });
  if (lists.length === 0) problems.push({ field: "lists", message: "a template needs at least one list" });
  const taken = new Set(problems.map((p) => p.field));
  for (const p of validateTemplateTree(tree)) {
    if (!taken.has(p.field)) {
      problems.push({ field: p.field, message: p.reason });
      taken.add(p.field);
    }
  }
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    tree,
    problems: problems.map((p) => ({ ...p, message: readable(p.message) })),
  };
}

export const DAYS_MESSAGE = "enter a whole number of days, e.g. 3";
export const ESTIMATE_MESSAGE = "enter hours as a number, e.g. 1.5";

/** The domain's reasons name fields by their API names; the editor's labels read better. */
function readable(message: string): string {
  return message
    .replace(/the list's startOffsetDays/g, "the list's first day")
    .replace(/startOffsetDays/g, "the start day")
    .replace(/…/g, " to ");
}

/**
 * A server field path onto the editor's: 'tree.lists[0].tasks[3].dueOffsetDays' and
 * 'tree.lists.0.tasks.3.dueOffsetDays' → 'lists.0.tasks.3.dueOffsetDays'; 'tree.fieldDefaults.0.value'
 * → 'client'; 'name' stays 'name'.
 */
export function editorField(serverField: string): string {
  const path = serverField
    .replace(/\[(\d+)\]/g, ".$1")
    .replace(/^\./, "")
    .replace(/^tree\./, "");
  if (path.startsWith("fieldDefaults")) return "client";
  return path;
}

// ── outline operations (pure; each returns a new draft) ─────────────────────────────────────────

/** Depth of each task of a list: 0 for a top-level task, 1 for its subtasks… */
export function depths(tasks: readonly { key: string; parentKey: string | null }[]): number[] {
  const parents = new Map(tasks.map((t) => [t.key, t.parentKey] as const));
  return tasks.map((t) => {
    let d = 0;
    let p = t.parentKey;
    while (p !== null && parents.has(p) && d <= tasks.length) {
      d++;
      p = parents.get(p) ?? null;
    }
    return d;
  });
}

/** The index just after a task's subtasks (its block is [index, end)). */
export function subtreeEnd(tasks: readonly DraftTask[], index: number): number {
  const d = depths(tasks);
  let end = index + 1;
  while (end < tasks.length && (d[end] ?? 0) > (d[index] ?? 0)) end++;
  return end;
}

/** Index of the task just above at the same level under the same parent, or -1. */
function previousSibling(tasks: readonly DraftTask[], index: number): number {
  const d = depths(tasks);
  for (let j = index - 1; j >= 0; j--) {
    if ((d[j] ?? 0) < (d[index] ?? 0)) return -1;
    if (d[j] === d[index]) return j;
  }
  return -1;
}

export const isMeta = (task: DraftTask) => task.customItemId === ITEM_TYPE.project;

/** A key no list or task of the draft uses yet ('t7', 'l3'). */
export function newKey(draft: Draft, prefix: "t" | "l"): string {
  const used = new Set(draft.lists.flatMap((l) => [l.key, ...l.tasks.map((t) => t.key)]));
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function withList(draft: Draft, li: number, change: (list: DraftList) => DraftList): Draft {
  return { ...draft, lists: draft.lists.map((l, i) => (i === li ? change(l) : l)) };
}

export function updateList(draft: Draft, li: number, patch: Partial<Omit<DraftList, "tasks">>): Draft {
  return withList(draft, li, (l) => ({ ...l, ...patch }));
}

export function updateTask(draft: Draft, li: number, ti: number, patch: Partial<DraftTask>): Draft {
  return withList(draft, li, (l) => ({
    ...l,
    tasks: l.tasks.map((t, i) => (i === ti ? { ...t, ...patch } : t)),
  }));
}

/** A new list after the last, its range starting where the last one ends. */
export function addList(draft: Draft): Draft {
  const last = draft.lists.at(-1);
  const from = last ? (offsetTextToDays(last.end) ?? 0) : 0;
  const start = Number.isNaN(from) ? 0 : from;
  return {
    ...draft,
    lists: [
      ...draft.lists,
      { key: newKey(draft, "l"), name: "", start: String(start), end: String(start + 7), tasks: [] },
    ],
  };
}

export function removeList(draft: Draft, li: number): Draft {
  return { ...draft, lists: draft.lists.filter((_, i) => i !== li) };
}

export function canMoveList(draft: Draft, li: number, by: -1 | 1): boolean {
  const to = li + by;
  if (to < 0 || to >= draft.lists.length) return false;
  // The list holding the project meta task stays first.
  return !(draft.lists[li]?.tasks.some(isMeta) || draft.lists[to]?.tasks.some(isMeta));
}

export function moveList(draft: Draft, li: number, by: -1 | 1): Draft {
  if (!canMoveList(draft, li, by)) return draft;
  const lists = [...draft.lists];
  const [list] = lists.splice(li, 1);
  if (list) lists.splice(li + by, 0, list);
  return { ...draft, lists };
}

/** A new task at the end of the list, or (with `parentIndex`) as the last subtask of that task. */
export function addTask(draft: Draft, li: number, parentIndex?: number): { draft: Draft; index: number } {
  const key = newKey(draft, "t");
  const list = draft.lists[li];
  if (!list) return { draft, index: -1 };
  const parent = parentIndex === undefined ? undefined : list.tasks[parentIndex];
  const at = parent && parentIndex !== undefined ? subtreeEnd(list.tasks, parentIndex) : list.tasks.length;
  const task = blankTask(key, parent?.key ?? null);
  const tasks = [...list.tasks.slice(0, at), task, ...list.tasks.slice(at)];
  return { draft: withList(draft, li, (l) => ({ ...l, tasks })), index: at };
}

/** Remove a task with its subtasks. */
export function removeTask(draft: Draft, li: number, ti: number): Draft {
  return withList(draft, li, (l) => {
    const end = subtreeEnd(l.tasks, ti);
    return { ...l, tasks: [...l.tasks.slice(0, ti), ...l.tasks.slice(end)] };
  });
}

export function canMoveTask(draft: Draft, li: number, ti: number, by: -1 | 1): boolean {
  const tasks = draft.lists[li]?.tasks ?? [];
  const task = tasks[ti];
  if (!task || isMeta(task)) return false;
  if (by === -1) {
    const j = previousSibling(tasks, ti);
    return j >= 0 && !isMeta(tasks[j]!);
  }
  const end = subtreeEnd(tasks, ti);
  const d = depths(tasks);
  return end < tasks.length && d[end] === d[ti];
}

/** Swap a task (with its subtasks) with the one above or below it at the same level. */
export function moveTask(draft: Draft, li: number, ti: number, by: -1 | 1): { draft: Draft; index: number } {
  if (!canMoveTask(draft, li, ti, by)) return { draft, index: ti };
  const tasks = draft.lists[li]!.tasks;
  const [first, second] = by === -1 ? [previousSibling(tasks, ti), ti] : [ti, subtreeEnd(tasks, ti)];
  const secondEnd = subtreeEnd(tasks, second);
  const a = tasks.slice(first, second);
  const b = tasks.slice(second, secondEnd);
  const next = [...tasks.slice(0, first), ...b, ...a, ...tasks.slice(secondEnd)];
  const index = by === -1 ? first : first + b.length;
  return { draft: withList(draft, li, (l) => ({ ...l, tasks: next })), index };
}

export function canIndent(draft: Draft, li: number, ti: number): boolean {
  const tasks = draft.lists[li]?.tasks ?? [];
  const task = tasks[ti];
  const above = tasks[previousSibling(tasks, ti)];
  // The project meta task is never a subtask, and holds none (it stands for the whole project).
  return Boolean(task) && !isMeta(task!) && above !== undefined && !isMeta(above);
}

/** Make a task the last subtask of the task above it at its level. */
export function indentTask(draft: Draft, li: number, ti: number): Draft {
  if (!canIndent(draft, li, ti)) return draft;
  const tasks = draft.lists[li]!.tasks;
  const parent = tasks[previousSibling(tasks, ti)]!;
  return updateTask(draft, li, ti, { parentKey: parent.key });
}

export function canOutdent(draft: Draft, li: number, ti: number): boolean {
  return (draft.lists[li]?.tasks[ti]?.parentKey ?? null) !== null;
}

/** Lift a subtask one level: it (with its subtasks) follows its former parent's block. */
export function outdentTask(draft: Draft, li: number, ti: number): { draft: Draft; index: number } {
  if (!canOutdent(draft, li, ti)) return { draft, index: ti };
  const tasks = draft.lists[li]!.tasks;
  const task = tasks[ti]!;
  const parentIndex = tasks.findIndex((t) => t.key === task.parentKey);
  const parent = tasks[parentIndex];
  const end = subtreeEnd(tasks, ti);
  const block = tasks
    .slice(ti, end)
    .map((t, i) => (i === 0 ? { ...t, parentKey: parent?.parentKey ?? null } : t));
  const rest = [...tasks.slice(0, ti), ...tasks.slice(end)];
  const parentEnd = parentIndex >= 0 ? subtreeEnd(rest, parentIndex) : rest.length;
  const next = [...rest.slice(0, parentEnd), ...block, ...rest.slice(parentEnd)];
  return { draft: withList(draft, li, (l) => ({ ...l, tasks: next })), index: parentEnd };
}

// ── display ───────────────────────────────────────────────────────────────────────────────────

/**
 * A range of offsets as the editor shows it: 'Day 3 → Day 10', one day alone 'Day 3', with a
 * preview start date the real days ('Mar 4 → Mar 11, 2026' via `formatDay`); '' when both are empty.
 */
export function offsetRange(
  start: number | null,
  due: number | null,
  previewStart: string | null,
  formatDay: (isoDay: string) => string,
): string {
  const one = (n: number) => (previewStart ? formatDay(offsetDate(previewStart, n)) : `Day ${n}`);
  if (start === null && due === null) return "";
  if (start === null) return `→ ${one(due!)}`;
  if (due === null || due === start) return due === null ? `${one(start)} →` : one(start);
  return `${one(start)} → ${one(due)}`;
}
