import { zonedInstant } from "@domain/calendar";
import { ITEM_TYPE } from "@domain/task-types";
import {
  creationOrder,
  fillPlaceholders,
  listNodeKey,
  offsetDate,
  taskDates,
  taskNodeKey,
  type CreationStep,
  type TemplateTree,
} from "@domain/templates";
import type { NewCuTask } from "../../integrations/clickup/client";
import type { FieldRow, PersonRow } from "./repo";

/*
 * What a run sends to ClickUp for each node of a template tree, worked out before any call: names
 * with placeholders filled, dates (template offsets from the start day, as midnight of that day
 * in the workspace time zone, date-only), estimates, assignees, custom fields of the meta task.
 * Also the notes: what is skipped without stopping the run (a role nobody has, a person who left,
 * a custom field ClickUp does not have). The job and GET /api/template-runs/{id} share it.
 *
 * Role assignees: the first person by name (then id) whose role tags (Settings → People) contain
 * the tag, letter case ignored — deterministic, so a retry assigns the same person.
 */

export interface RunInput {
  name: string;
  client: string | null;
  jobCode: string | null;
  startDate: string;
}

export interface PlanFacts {
  timeZone: string;
  people: PersonRow[];
  fields: FieldRow[];
}

export type PlannedStep =
  | { kind: "folder"; key: "folder"; name: string }
  | { kind: "list"; key: string; name: string; dueDate: number }
  | { kind: "task"; key: string; listKey: string; parentKey: string | null; task: NewCuTask };

export interface RunPlan {
  steps: PlannedStep[];
  notes: string[];
}

/** Midnight of `day` (YYYY-MM-DD) in the zone, in ms: ClickUp's date-only date (…_time false). */
export function dayStartMs(day: string, timeZone: string): number {
  return zonedInstant(day, { hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone).getTime();
}

const lower = (s: string) => s.trim().toLowerCase();

interface DropDownOption {
  id?: unknown;
  name?: unknown;
  label?: unknown;
}

/** A custom field value in ClickUp's write encoding, or a reason it cannot be written. */
function encodeField(field: FieldRow, value: string): { value: unknown } | { skip: string } {
  const cfg = (field.type_config ?? {}) as { options?: DropDownOption[] };
  switch (field.field_type) {
    case "text":
    case "short_text":
    case "url":
    case "email":
    case "phone":
      return { value };
    case "number":
    case "currency": {
      const n = Number(value);
      return Number.isFinite(n) && value.trim() !== ""
        ? { value: n }
        : { skip: `"${value}" is not a number` };
    }
    case "drop_down":
    case "labels": {
      const option = (cfg.options ?? []).find(
        (o) => typeof (o.name ?? o.label) === "string" && lower(String(o.name ?? o.label)) === lower(value),
      );
      if (!option || typeof option.id !== "string") return { skip: `it has no option "${value}"` };
      return { value: field.field_type === "labels" ? [option.id] : option.id };
    }
    default:
      return { skip: `fields of type ${field.field_type} cannot be filled from a template` };
  }
}

/** The whole run, in creation order (domain/templates.ts creationOrder). The tree must be valid. */
export function planRun(tree: TemplateTree, run: RunInput, facts: PlanFacts): RunPlan {
  const notes: string[] = [];
  const values = { project: run.name, client: run.client, jobCode: run.jobCode };
  const dates = taskDates(tree, run.startDate);
  const ms = (day: string | null) => (day === null ? null : dayStartMs(day, facts.timeZone));
  const memberIds = new Set(facts.people.map((p) => p.id));
  const byRole = new Map<string, string | null>();
  const roleHolder = (tag: string): string | null => {
    const key = lower(tag);
    if (!byRole.has(key)) {
      const person = facts.people.find((p) => (p.role_tags ?? []).some((t) => lower(t) === key));
      byRole.set(key, person?.id ?? null);
      if (!person) notes.push(`Nobody has the role "${tag}": its tasks are unassigned.`);
    }
    return byRole.get(key) ?? null;
  };
  const leftPeople = new Set<string>();

  // Custom fields of the meta task: the template's defaults, then Client and Job Code of the run.
  const wanted: Array<{ field: string; value: string }> = [...tree.fieldDefaults];
  const setWanted = (field: string, value: string | null) => {
    if (value === null) return;
    const i = wanted.findIndex((w) => lower(w.field) === lower(field));
    if (i >= 0) wanted.splice(i, 1);
    wanted.push({ field, value });
  };
  setWanted("Client", run.client);
  setWanted("Job Code", run.jobCode);
  const metaFields: Array<{ id: string; value: unknown }> = [];
  const hasMeta = tree.lists.some((l) => l.tasks.some((t) => t.customItemId === ITEM_TYPE.project));
  for (const w of wanted) {
    const value = fillPlaceholders(w.value, values);
    if (value === "") continue;
    if (!hasMeta) {
      notes.push(`Field "${w.field}" skipped: the template has no project meta task.`);
      continue;
    }
    const field = facts.fields.find((f) => lower(f.name) === lower(w.field));
    if (!field) {
      notes.push(`Field "${w.field}" skipped: ClickUp has no custom field of that name.`);
      continue;
    }
    const encoded = encodeField(field, value);
    if ("skip" in encoded) notes.push(`Field "${w.field}" skipped: ${encoded.skip}.`);
    else metaFields.push({ id: field.id, value: encoded.value });
  }

  const steps = creationOrder(tree).map((step: CreationStep): PlannedStep => {
    if (step.kind === "folder") return { kind: "folder", key: "folder", name: run.name };
    if (step.kind === "list")
      return {
        kind: "list",
        key: step.key,
        name: fillPlaceholders(step.list.name, values),
        dueDate: dayStartMs(offsetDate(run.startDate, step.list.endOffsetDays), facts.timeZone),
      };
    const t = step.task;
    let assignee: string | null = null;
    if (t.assignee?.kind === "role") assignee = roleHolder(t.assignee.tag);
    else if (t.assignee?.kind === "person") {
      if (memberIds.has(t.assignee.clickupUserId)) assignee = t.assignee.clickupUserId;
      else if (!leftPeople.has(t.assignee.clickupUserId)) {
        leftPeople.add(t.assignee.clickupUserId);
        notes.push(
          `ClickUp user ${t.assignee.clickupUserId} is no longer in the workspace: their tasks are unassigned.`,
        );
      }
    }
    const d = dates.get(t.key);
    const description = t.description === null ? "" : fillPlaceholders(t.description, values);
    const task: NewCuTask = {
      name: fillPlaceholders(t.name, values),
      ...(description ? { description } : {}),
      customItemId: t.customItemId,
      assignees: assignee ? [assignee] : [],
      tags: t.tags,
      timeEstimateMs: t.estimateMinutes === null ? null : t.estimateMinutes * 60_000,
      startDate: ms(d?.startDate ?? null),
      dueDate: ms(d?.dueDate ?? null),
      ...(t.customItemId === ITEM_TYPE.project && metaFields.length ? { customFields: metaFields } : {}),
    };
    return {
      kind: "task",
      key: step.key,
      listKey: listNodeKey(step.list),
      parentKey: t.parentKey === null ? null : taskNodeKey({ key: t.parentKey }),
      task,
    };
  });
  return { steps, notes };
}
