import { z } from "zod";
import { ITEM_TYPE } from "./task-types";
import { isoDaySchema } from "./iso-day";
import { addDays, calendarDaysBetween, toDate, toIsoDate, type DateInput } from "./dates";

/*
 * Folder templates (PRODUCT.md → Templates; issue 13). A template is a tree of lists and tasks,
 * stored whole as JSON in folder_template_versions.tree (one immutable row per version). The
 * tree, its schema and every rule about it live here, shared by the templates API, the "create
 * project from template" runs and the web's tree editor. Pure: no I/O, no clock.
 *
 * Dates: a template holds day offsets from the project start (0 = the start day); a run turns
 * them into date-only days (YYYY-MM-DD), calendar days in UTC like the rest of the domain.
 */

/** Limits of one tree (the API refuses more; the editor shows them). */
export const TEMPLATE_LIMITS = {
  lists: 50,
  tasks: 1000,
  name: 200,
  description: 10_000,
  /** Offsets are −3650…3650 days (ten years either side of the start). */
  offsetDays: 3650,
  /** 1,000 hours in minutes. */
  estimateMinutes: 60_000,
  tagsPerTask: 20,
  tag: 100,
  fieldDefaults: 50,
  fieldName: 100,
  fieldValue: 500,
  jobCodePattern: 100,
  key: 64,
} as const;

/** A folder template's tree, stored whole as JSON in folder_template_versions.tree. */
export interface TemplateTree {
  /** Creation order. */
  lists: TemplateList[];
  /** Custom-field defaults applied to the meta task (by field name, as the synced custom_fields know them), e.g. Client. */
  fieldDefaults: Array<{ field: string; value: string }>;
  /** Proposed job code for a new project, tokens {YYYY} {YY} {MM} {CLIENT} (first 3 letters, upper) {SEQ} (3 digits), or null. */
  jobCodePattern: string | null;
}

export interface TemplateList {
  /** Unique in the tree (lists and tasks together), stable across versions ("l1", "l2", … or a uuid). */
  key: string;
  /** May contain {project}, {client}, {jobCode}. */
  name: string;
  /** The list's range, days from the project start (0 = start day). */
  startOffsetDays: number;
  /** ≥ startOffsetDays. */
  endOffsetDays: number;
  /** Creation order; {@link creationOrder} puts a parent before its subtasks whatever the order here. */
  tasks: TemplateTask[];
}

export type TemplateAssignee = { kind: "role"; tag: string } | { kind: "person"; clickupUserId: string };

export interface TemplateTask {
  /** Unique in the whole tree. */
  key: string;
  /** May contain {project}, {client}, {jobCode}. */
  name: string;
  description: string | null;
  /**
   * 1001 project meta task (at most one: the first task of the first list), 1 milestone,
   * 2 deliverable, 3 action item, 1014 assignment, 1031 freelance assignment, 1009 asset,
   * 1033 activity, null a plain task.
   */
  customItemId: number | null;
  /** Within the list's range. */
  startOffsetDays: number | null;
  /** Within the list's range, ≥ startOffsetDays. */
  dueOffsetDays: number | null;
  /** Integer ≥ 0. */
  estimateMinutes: number | null;
  assignee: TemplateAssignee | null;
  tags: string[];
  /** Another task of the SAME list; no cycles. */
  parentKey: string | null;
}

// ── zod schema ────────────────────────────────────────────────────────────────────────────────

const L = TEMPLATE_LIMITS;

export const templateKeySchema = z
  .string()
  .min(1, "must not be empty")
  .max(L.key)
  .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _");

const nodeNameSchema = z.string().trim().min(1, "must not be empty").max(L.name);
const offsetSchema = z.number().int("must be a whole number of days").min(-L.offsetDays).max(L.offsetDays);

export const templateAssigneeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("role"), tag: z.string().trim().min(1, "must not be empty").max(L.tag) }),
  z.strictObject({
    kind: z.literal("person"),
    clickupUserId: z.string().trim().min(1, "must not be empty").max(L.key),
  }),
]);

export const templateTaskSchema = z.strictObject({
  key: templateKeySchema,
  name: nodeNameSchema,
  description: z.string().max(L.description).nullable(),
  customItemId: z.number().int().min(0).max(1_000_000).nullable(),
  startOffsetDays: offsetSchema.nullable(),
  dueOffsetDays: offsetSchema.nullable(),
  estimateMinutes: z.number().int("must be whole minutes").min(0).max(L.estimateMinutes).nullable(),
  assignee: templateAssigneeSchema.nullable(),
  tags: z.array(z.string().trim().min(1, "must not be empty").max(L.tag)).max(L.tagsPerTask),
  parentKey: templateKeySchema.nullable(),
});

export const templateListSchema = z.strictObject({
  key: templateKeySchema,
  name: nodeNameSchema,
  startOffsetDays: offsetSchema,
  endOffsetDays: offsetSchema,
  tasks: z.array(templateTaskSchema).max(L.tasks),
});

/** The shape alone (types, lengths, ranges); {@link templateTreeSchema} adds the tree rules. */
export const templateTreeShapeSchema = z.strictObject({
  lists: z.array(templateListSchema).min(1, "a template needs at least one list").max(L.lists),
  fieldDefaults: z
    .array(
      z.strictObject({
        field: z.string().trim().min(1, "must not be empty").max(L.fieldName),
        value: z.string().max(L.fieldValue),
      }),
    )
    .max(L.fieldDefaults),
  jobCodePattern: z.string().trim().max(L.jobCodePattern).nullable(),
});

/**
 * A template tree as the API accepts it: the shape, then every {@link validateTemplateTree}
 * problem as an issue at its field path (so a 400 names `tree.lists.0.tasks.3.dueOffsetDays`).
 */
export const templateTreeSchema = templateTreeShapeSchema.superRefine((tree, ctx) => {
  for (const problem of validateTemplateTree(tree)) {
    ctx.addIssue({ code: "custom", path: problem.path, message: problem.reason });
  }
});

// ── validation ────────────────────────────────────────────────────────────────────────────────

export interface TemplateProblem {
  /** Path inside the tree, e.g. ["lists", 0, "tasks", 3, "dueOffsetDays"]. */
  path: (string | number)[];
  /** The same path as text: "lists.0.tasks.3.dueOffsetDays" (the API's field naming). */
  field: string;
  reason: string;
}

function problem(path: (string | number)[], reason: string): TemplateProblem {
  return { path, field: path.join("."), reason };
}

/**
 * Every rule of a tree that its shape cannot say: unique keys, list ranges, task offsets inside
 * their list's range and due not before start, parents in the same list without cycles, at most
 * one meta task (1001) and only as the first task of the first list, the task limit, names not
 * blank. An empty list means the tree is valid.
 */
export function validateTemplateTree(tree: TemplateTree): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const seen = new Set<string>();
  const claim = (key: string, path: (string | number)[]) => {
    if (seen.has(key)) problems.push(problem(path, `duplicate key "${key}"`));
    seen.add(key);
  };
  let taskCount = 0;
  let metaSeen = false;
  // Where each task key lives (first occurrence), for parent checks.
  const listOfTask = new Map<string, number>();
  tree.lists.forEach((list, li) =>
    list.tasks.forEach((t) => listOfTask.has(t.key) || listOfTask.set(t.key, li)),
  );

  tree.lists.forEach((list, li) => {
    const at = (...rest: (string | number)[]) => ["lists", li, ...rest];
    claim(list.key, at("key"));
    if (!list.name.trim()) problems.push(problem(at("name"), "must not be empty"));
    if (list.endOffsetDays < list.startOffsetDays) {
      problems.push(problem(at("endOffsetDays"), "must not be before the list's startOffsetDays"));
    }
    const inRange = (d: number) => d >= list.startOffsetDays && d <= list.endOffsetDays;
    const range = `${list.startOffsetDays}…${list.endOffsetDays}`;
    const parents = new Map(list.tasks.map((t) => [t.key, t.parentKey] as const));

    list.tasks.forEach((task, ti) => {
      const tat = (field: string) => at("tasks", ti, field);
      taskCount++;
      claim(task.key, tat("key"));
      if (!task.name.trim()) problems.push(problem(tat("name"), "must not be empty"));
      if (task.startOffsetDays !== null && !inRange(task.startOffsetDays)) {
        problems.push(problem(tat("startOffsetDays"), `must be within the list's range (${range})`));
      }
      if (task.dueOffsetDays !== null && !inRange(task.dueOffsetDays)) {
        problems.push(problem(tat("dueOffsetDays"), `must be within the list's range (${range})`));
      }
      if (
        task.startOffsetDays !== null &&
        task.dueOffsetDays !== null &&
        task.dueOffsetDays < task.startOffsetDays
      ) {
        problems.push(problem(tat("dueOffsetDays"), "must not be before startOffsetDays"));
      }
      if (task.customItemId === ITEM_TYPE.project) {
        if (metaSeen)
          problems.push(problem(tat("customItemId"), "only one project meta task (1001) is allowed"));
        else if (li !== 0 || ti !== 0) {
          problems.push(
            problem(
              tat("customItemId"),
              "the project meta task (1001) must be the first task of the first list",
            ),
          );
        }
        if (task.parentKey !== null)
          problems.push(problem(tat("parentKey"), "the project meta task cannot be a subtask"));
        metaSeen = true;
      }
      if (task.parentKey !== null) {
        const parentList = listOfTask.get(task.parentKey);
        if (task.parentKey === task.key) {
          problems.push(problem(tat("parentKey"), "a task cannot be its own parent"));
        } else if (parentList === undefined) {
          problems.push(problem(tat("parentKey"), `no task has the key "${task.parentKey}"`));
        } else if (parentList !== li) {
          problems.push(problem(tat("parentKey"), "the parent must be a task of the same list"));
        } else if (inCycle(task.key, parents)) {
          problems.push(problem(tat("parentKey"), "parents form a cycle"));
        }
      }
    });
  });
  if (taskCount > L.tasks) problems.push(problem(["lists"], `a template holds at most ${L.tasks} tasks`));
  return problems;
}

/** True when following parentKey from `key` comes back to `key`. */
function inCycle(key: string, parents: ReadonlyMap<string, string | null>): boolean {
  let current = parents.get(key) ?? null;
  for (let steps = 0; current !== null && steps <= parents.size; steps++) {
    if (current === key) return true;
    current = parents.get(current) ?? null;
  }
  return false;
}

// ── helpers the runs reuse ────────────────────────────────────────────────────────────────────

/** The day `offset` days after `startDate` (YYYY-MM-DD → YYYY-MM-DD, calendar days in UTC). */
export function offsetDate(startDate: string, offset: number): string {
  const start = isoDaySchema.safeParse(startDate).success ? toDate(`${startDate}T00:00:00Z`) : null;
  if (!start) throw new Error(`Not a date: ${startDate}`);
  return addDays(start, offset).toISOString().slice(0, 10);
}

export interface TaskDates {
  startDate: string | null;
  dueDate: string | null;
}

/** Each task's start and due day (YYYY-MM-DD, null where the template has no offset), by task key. */
export function taskDates(tree: TemplateTree, startDate: string): Map<string, TaskDates> {
  const out = new Map<string, TaskDates>();
  for (const list of tree.lists) {
    for (const task of list.tasks) {
      out.set(task.key, {
        startDate: task.startOffsetDays === null ? null : offsetDate(startDate, task.startOffsetDays),
        dueDate: task.dueOffsetDays === null ? null : offsetDate(startDate, task.dueOffsetDays),
      });
    }
  }
  return out;
}

export interface PlaceholderValues {
  project: string;
  client?: string | null;
  jobCode?: string | null;
}

/**
 * The text with {project}, {client} and {jobCode} (any letter case) replaced; a missing value
 * becomes empty. Other braces stay as written. The result is trimmed.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replace(/\{(project|client|jobcode)\}/gi, (_, token: string) => {
      const name = token.toLowerCase();
      if (name === "project") return values.project;
      if (name === "client") return values.client ?? "";
      return values.jobCode ?? "";
    })
    .trim();
}

/**
 * A proposed job code from the template's pattern: {YYYY} {YY} {MM} of `date` (YYYY-MM-DD),
 * {CLIENT} the client's first three letters or digits in upper case (XXX without a client),
 * {SEQ} the sequence number in three digits. Null without a pattern.
 */
export function suggestJobCode(
  pattern: string | null,
  values: { client?: string | null; date: string; seq: number },
): string | null {
  if (pattern === null || pattern.trim() === "") return null;
  const [yyyy = "", mm = ""] = values.date.split("-");
  const client =
    (values.client ?? "")
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 3)
      .toUpperCase() || "XXX";
  const seq = String(Math.max(0, Math.trunc(values.seq))).padStart(3, "0");
  return pattern
    .replace(/\{YYYY\}/g, yyyy)
    .replace(/\{YY\}/g, yyyy.slice(2))
    .replace(/\{MM\}/g, mm)
    .replace(/\{CLIENT\}/g, client)
    .replace(/\{SEQ\}/g, seq)
    .trim();
}

/** One object a run creates; `key` is its template_run_items.node_key. */
export type CreationStep =
  | { kind: "folder"; key: "folder" }
  | { kind: "list"; key: string; list: TemplateList }
  | { kind: "task"; key: string; list: TemplateList; task: TemplateTask };

/** The run item key of a list or task node. */
export const listNodeKey = (list: Pick<TemplateList, "key">) => `list:${list.key}`;
export const taskNodeKey = (task: Pick<TemplateTask, "key">) => `task:${task.key}`;

/**
 * The order a run creates a (valid) tree in: the folder, then each list followed by its tasks,
 * a parent before its subtasks (otherwise in the template's order), the meta task first of all
 * tasks. Every object once.
 */
export function creationOrder(tree: TemplateTree): CreationStep[] {
  const steps: CreationStep[] = [{ kind: "folder", key: "folder" }];
  for (const list of tree.lists) {
    steps.push({ kind: "list", key: listNodeKey(list), list });
    const byKey = new Map(list.tasks.map((t) => [t.key, t] as const));
    const emitted = new Set<string>();
    const visit = (task: TemplateTask, path: Set<string>) => {
      if (emitted.has(task.key) || path.has(task.key)) return;
      path.add(task.key);
      const parent = task.parentKey === null ? undefined : byKey.get(task.parentKey);
      if (parent) visit(parent, path);
      emitted.add(task.key);
      steps.push({ kind: "task", key: taskNodeKey(task), list, task });
    };
    const ordered = [
      ...list.tasks.filter((t) => t.customItemId === ITEM_TYPE.project),
      ...list.tasks.filter((t) => t.customItemId !== ITEM_TYPE.project),
    ];
    for (const task of ordered) visit(task, new Set());
  }
  return steps;
}

/** Objects a run creates: the folder, its lists and its tasks. */
export function countObjects(tree: TemplateTree): number {
  return 1 + tree.lists.length + countTasks(tree);
}

export function countTasks(tree: TemplateTree): number {
  return tree.lists.reduce((n, list) => n + list.tasks.length, 0);
}

// ── a synced project → a tree ─────────────────────────────────────────────────────────────────

export interface ProjectTaskInput {
  id: string;
  name: string;
  description: string | null;
  customItemId: number | null;
  startDate: DateInput;
  dueDate: DateInput;
  timeEstimateMs: number | null;
  /** ClickUp user ids, first one first. */
  assigneeIds: string[];
  tags: string[];
  parentId: string | null;
}

export interface ProjectListInput {
  id: string;
  name: string;
  tasks: ProjectTaskInput[];
}

export interface ProjectInput {
  /** The folder's lists in ClickUp order, each with its tasks in ClickUp order. */
  lists: ProjectListInput[];
  /** person_settings.role_tags by ClickUp user id. */
  roleTags: ReadonlyMap<string, readonly string[]>;
  fieldDefaults?: TemplateTree["fieldDefaults"];
  jobCodePattern?: string | null;
}

const clampOffset = (d: number) => Math.max(-L.offsetDays, Math.min(L.offsetDays, d));
const clip = (text: string, max: number) => text.slice(0, max);

/**
 * A synced project as a template tree: its lists and tasks in order, dates as offsets from the
 * project start (the meta task's start, else its due, else the earliest task date), the first
 * assignee as a role tag when that person has exactly one role tag (else the person), the meta
 * task moved to the front (its list first). List ranges span their tasks' offsets. The result
 * passes {@link validateTemplateTree} (parents outside the list are dropped, names filled in,
 * lengths clipped, a second meta task becomes a plain task).
 */
export function treeFromProject(project: ProjectInput): TemplateTree {
  const all = project.lists.flatMap((l) => l.tasks);
  const meta = all.find((t) => t.customItemId === ITEM_TYPE.project);
  const dayOf = (d: DateInput) => toIsoDate(d);
  let start = meta ? (dayOf(meta.startDate) ?? dayOf(meta.dueDate)) : null;
  if (start === null) {
    const days = all
      .flatMap((t) => [dayOf(t.startDate), dayOf(t.dueDate)])
      .filter((d): d is string => d !== null);
    start = days.sort()[0] ?? null;
  }
  const offsetOf = (d: DateInput): number | null => {
    const day = dayOf(d);
    if (day === null || start === null) return null;
    return clampOffset(calendarDaysBetween(`${start}T00:00:00Z`, `${day}T00:00:00Z`) ?? 0);
  };

  const sourceLists = [...project.lists];
  if (meta) {
    const at = sourceLists.findIndex((l) => l.tasks.includes(meta));
    const [metaList] = sourceLists.splice(at, 1);
    if (metaList)
      sourceLists.unshift({ ...metaList, tasks: [meta, ...metaList.tasks.filter((t) => t !== meta)] });
  }

  let n = 0;
  const taskKeys = new Map<string, string>();
  for (const list of sourceLists) for (const t of list.tasks) taskKeys.set(t.id, `t${++n}`);

  const lists = sourceLists.slice(0, L.lists).map((list, li): TemplateList => {
    const ids = new Set(list.tasks.map((t) => t.id));
    const tasks = list.tasks.slice(0, L.tasks).map((t): TemplateTask => {
      let startOffset = offsetOf(t.startDate);
      const dueOffset = offsetOf(t.dueDate);
      if (startOffset !== null && dueOffset !== null && dueOffset < startOffset) startOffset = dueOffset;
      const isMeta = t === meta;
      return {
        key: taskKeys.get(t.id)!,
        name: clip(t.name.trim() || "Untitled task", L.name),
        description: t.description ? clip(t.description, L.description) : null,
        customItemId: t.customItemId === ITEM_TYPE.project && !isMeta ? null : t.customItemId,
        startOffsetDays: startOffset,
        dueOffsetDays: dueOffset,
        estimateMinutes:
          t.timeEstimateMs === null || t.timeEstimateMs <= 0
            ? null
            : Math.min(L.estimateMinutes, Math.round(t.timeEstimateMs / 60_000)),
        assignee: assigneeOf(t.assigneeIds[0], project.roleTags),
        tags: [...new Set(t.tags.map((tag) => clip(tag.trim(), L.tag)).filter(Boolean))].slice(
          0,
          L.tagsPerTask,
        ),
        parentKey:
          !isMeta && t.parentId !== null && t.parentId !== t.id && ids.has(t.parentId)
            ? (taskKeys.get(t.parentId) ?? null)
            : null,
      };
    });
    breakCycles(tasks);
    const offsets = tasks
      .flatMap((t) => [t.startOffsetDays, t.dueOffsetDays])
      .filter((d): d is number => d !== null);
    return {
      key: `l${li + 1}`,
      name: clip(list.name.trim() || "Untitled list", L.name),
      startOffsetDays: offsets.length ? Math.min(...offsets) : 0,
      endOffsetDays: offsets.length ? Math.max(...offsets) : 0,
      tasks,
    };
  });
  return {
    lists: lists.length
      ? lists
      : [{ key: "l1", name: "Tasks", startOffsetDays: 0, endOffsetDays: 0, tasks: [] }],
    fieldDefaults: project.fieldDefaults ?? [],
    jobCodePattern: project.jobCodePattern ?? null,
  };
}

function assigneeOf(
  userId: string | undefined,
  roleTags: ReadonlyMap<string, readonly string[]>,
): TemplateAssignee | null {
  if (!userId) return null;
  const tags = roleTags.get(userId) ?? [];
  const [only] = tags;
  if (tags.length === 1 && only) return { kind: "role", tag: clip(only, L.tag) };
  return { kind: "person", clickupUserId: clip(userId, L.key) };
}

/** Synced data can hold a parent loop; cut it where it closes. */
function breakCycles(tasks: TemplateTask[]): void {
  const parents = new Map(tasks.map((t) => [t.key, t.parentKey] as const));
  for (const task of tasks) {
    if (task.parentKey !== null && inCycle(task.key, parents)) {
      task.parentKey = null;
      parents.set(task.key, null);
    }
  }
}
