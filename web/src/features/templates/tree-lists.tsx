import { useState } from "react";
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  ChevronRight,
  IndentDecrease,
  IndentIncrease,
  Plus,
  Trash2,
} from "lucide-react";
import { formatDetailDay } from "@domain/format";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError, InputField, SELECT_CLASS, fieldA11y } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import {
  ITEM_TYPE_OPTIONS,
  META_TASK_LABEL,
  canIndent,
  canMoveList,
  canMoveTask,
  canOutdent,
  depths,
  isMeta,
  offsetRange,
  offsetTextToDays,
  type Draft,
  type DraftList,
  type DraftTask,
} from "./model";

/** What the editor's buttons ask for; the editor applies it to the draft and moves the focus. */
export type TreeAction =
  | { type: "list"; li: number; patch: Partial<Omit<DraftList, "tasks">> }
  | { type: "task"; li: number; ti: number; patch: Partial<DraftTask> }
  | { type: "add-task"; li: number; parent?: number }
  | { type: "remove-task"; li: number; ti: number }
  | { type: "move-task"; li: number; ti: number; by: -1 | 1 }
  | { type: "indent"; li: number; ti: number }
  | { type: "outdent"; li: number; ti: number }
  | { type: "move-list"; li: number; by: -1 | 1 }
  | { type: "remove-list"; li: number };

export interface AssigneeOptions {
  roles: string[];
  people: { id: string; name: string }[];
}

type ErrorOf = (field: string) => string | undefined;

const days = (text: string) => {
  const n = offsetTextToDays(text);
  return n === null || Number.isNaN(n) ? null : n;
};

/** 'Mon, Mar 2, 2026' → 'Mar 2, 2026': the preview dates stay short in a row. */
const shortDay = (iso: string) => formatDetailDay(iso).replace(/^\w+, /, "");

/** One list of the template: its name, day range and tasks as an outline. */
export function ListSection({
  draft,
  li,
  errorOf,
  previewStart,
  assignees,
  onAction,
}: {
  draft: Draft;
  li: number;
  errorOf: ErrorOf;
  previewStart: string | null;
  assignees: AssigneeOptions;
  onAction: (action: TreeAction) => void;
}) {
  const list = draft.lists[li]!;
  const at = `lists.${li}`;
  const label = list.name.trim() || `List ${li + 1}`;
  const depthOf = depths(list.tasks);
  const range = offsetRange(days(list.start), days(list.end), previewStart, shortDay);
  return (
    <section
      aria-label={`List ${label}`}
      data-testid="template-list"
      data-list-key={list.key}
      className="rounded-xl border bg-card shadow-xs"
    >
      <div className="flex flex-col gap-3 border-b p-3 md:flex-row md:items-start md:p-4">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_6rem_6rem]">
          <InputField
            id={`${list.key}-name`}
            label="List name"
            fieldClassName="col-span-2 md:col-span-1"
            value={list.name}
            data-field={`${at}.name`}
            error={errorOf(`${at}.name`)}
            onChange={(e) => onAction({ type: "list", li, patch: { name: e.target.value } })}
          />
          <InputField
            id={`${list.key}-start`}
            label="First day"
            inputMode="numeric"
            value={list.start}
            data-field={`${at}.startOffsetDays`}
            error={errorOf(`${at}.startOffsetDays`)}
            onChange={(e) => onAction({ type: "list", li, patch: { start: e.target.value } })}
          />
          <InputField
            id={`${list.key}-end`}
            label="Last day"
            inputMode="numeric"
            value={list.end}
            data-field={`${at}.endOffsetDays`}
            error={errorOf(`${at}.endOffsetDays`)}
            onChange={(e) => onAction({ type: "list", li, patch: { end: e.target.value } })}
          />
        </div>
        <div className="flex items-center justify-between gap-1 md:flex-col md:items-end">
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="list-range">
            {range}
          </span>
          <div className="flex gap-1">
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move list ${label} up`}
              data-action="list-up"
              disabled={!canMoveList(draft, li, -1)}
              onClick={() => onAction({ type: "move-list", li, by: -1 })}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move list ${label} down`}
              data-action="list-down"
              disabled={!canMoveList(draft, li, 1)}
              onClick={() => onAction({ type: "move-list", li, by: 1 })}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove list ${label}`}
              disabled={list.tasks.some(isMeta)}
              onClick={() => onAction({ type: "remove-list", li })}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
      </div>
      {list.tasks.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted-foreground">No tasks yet: add the first one.</p>
      ) : (
        <ol aria-label={`Tasks of ${label}`} className="divide-y">
          {list.tasks.map((task, ti) => (
            <TaskRow
              key={task.key}
              draft={draft}
              li={li}
              ti={ti}
              task={task}
              depth={depthOf[ti] ?? 0}
              errorOf={errorOf}
              previewStart={previewStart}
              assignees={assignees}
              onAction={onAction}
            />
          ))}
        </ol>
      )}
      <div className="p-3 md:px-4">
        <Button
          type="button"
          variant="outline"
          size="sm"
          data-action="add-task"
          onClick={() => onAction({ type: "add-task", li })}
        >
          <Plus aria-hidden /> Add task to {label}
        </Button>
      </div>
    </section>
  );
}

function TaskRow({
  draft,
  li,
  ti,
  task,
  depth,
  errorOf,
  previewStart,
  assignees,
  onAction,
}: {
  draft: Draft;
  li: number;
  ti: number;
  task: DraftTask;
  depth: number;
  errorOf: ErrorOf;
  previewStart: string | null;
  assignees: AssigneeOptions;
  onAction: (action: TreeAction) => void;
}) {
  const [open, setOpen] = useState(Boolean(task.description));
  const at = `lists.${li}.tasks.${ti}`;
  const id = (field: string) => `${task.key}-${field}`;
  const label = task.name.trim() || `Task ${ti + 1}`;
  const set = (patch: Partial<DraftTask>) => onAction({ type: "task", li, ti, patch });
  const meta = isMeta(task);
  // The meta task may only be the first task of the first list; elsewhere it is not offered.
  const metaAllowed = meta || (li === 0 && ti === 0);
  const range = offsetRange(days(task.start), days(task.due), previewStart, shortDay);
  const startError = errorOf(`${at}.startOffsetDays`);
  const dueError = errorOf(`${at}.dueOffsetDays`);
  const typeError = errorOf(`${at}.customItemId`) ?? errorOf(`${at}.parentKey`) ?? errorOf(`${at}.key`);
  const knownRole = (tag: string) => assignees.roles.includes(tag);
  const knownPerson = (uid: string) => assignees.people.some((p) => p.id === uid);
  const extra =
    task.assignee.startsWith("role:") && !knownRole(task.assignee.slice(5))
      ? { value: task.assignee, label: task.assignee.slice(5) }
      : task.assignee.startsWith("person:") && !knownPerson(task.assignee.slice(7))
        ? { value: task.assignee, label: `User ${task.assignee.slice(7)}` }
        : null;

  return (
    <li
      data-testid="task-row"
      data-task-key={task.key}
      data-depth={depth}
      aria-label={depth > 0 ? `${label} (subtask, level ${depth + 1})` : label}
      className={cn("p-3 md:px-4", meta && "bg-muted/40")}
    >
      <div
        className="space-y-3 border-l-2 border-transparent"
        style={depth > 0 ? { paddingLeft: `${Math.min(depth, 4) * 1.25}rem` } : undefined}
      >
        <div className="flex flex-col gap-3 md:flex-row md:items-start">
          <div
            className={cn(
              "grid min-w-0 flex-1 grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_11rem]",
              depth > 0 && "border-l-2 border-muted pl-3",
            )}
          >
            <InputField
              id={id("name")}
              label={depth > 0 ? "Subtask name" : "Task name"}
              value={task.name}
              data-field={`${at}.name`}
              error={errorOf(`${at}.name`)}
              onChange={(e) => set({ name: e.target.value })}
            />
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor={id("type")}>Type</Label>
              <select
                id={id("type")}
                className={SELECT_CLASS}
                value={task.customItemId === null ? "" : String(task.customItemId)}
                data-field={`${at}.customItemId`}
                {...fieldA11y(id("type"), typeError)}
                onChange={(e) => set({ customItemId: e.target.value === "" ? null : Number(e.target.value) })}
              >
                {metaAllowed ? <option value="1001">{META_TASK_LABEL}</option> : null}
                {ITEM_TYPE_OPTIONS.map((o) => (
                  <option key={o.label} value={o.value === null ? "" : String(o.value)}>
                    {o.label}
                  </option>
                ))}
              </select>
              <FieldError id={id("type")} message={typeError} />
            </div>
          </div>
          <div
            className="flex flex-wrap items-center gap-1 md:pt-6"
            role="group"
            aria-label={`Arrange ${label}`}
          >
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move ${label} up`}
              data-action="up"
              disabled={!canMoveTask(draft, li, ti, -1)}
              onClick={() => onAction({ type: "move-task", li, ti, by: -1 })}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Move ${label} down`}
              data-action="down"
              disabled={!canMoveTask(draft, li, ti, 1)}
              onClick={() => onAction({ type: "move-task", li, ti, by: 1 })}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Make ${label} a subtask`}
              data-action="indent"
              disabled={!canIndent(draft, li, ti)}
              onClick={() => onAction({ type: "indent", li, ti })}
            >
              <IndentIncrease aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Lift ${label} one level`}
              data-action="outdent"
              disabled={!canOutdent(draft, li, ti)}
              onClick={() => onAction({ type: "outdent", li, ti })}
            >
              <IndentDecrease aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Add a subtask to ${label}`}
              data-action="add-subtask"
              disabled={meta}
              onClick={() => onAction({ type: "add-task", li, parent: ti })}
            >
              <Plus aria-hidden />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove ${label}`}
              data-action="remove"
              disabled={meta}
              onClick={() => onAction({ type: "remove-task", li, ti })}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
        <div
          className={cn(
            "grid grid-cols-2 gap-3 md:grid-cols-[5rem_5rem_minmax(8rem,auto)_6rem_minmax(0,12rem)_minmax(0,1fr)]",
            depth > 0 && "border-l-2 border-muted pl-3",
          )}
        >
          <InputField
            id={id("start")}
            label="Start day"
            inputMode="numeric"
            value={task.start}
            data-field={`${at}.startOffsetDays`}
            {...fieldA11y(id("start"), startError)}
            onChange={(e) => set({ start: e.target.value })}
          />
          <InputField
            id={id("due")}
            label="Due day"
            inputMode="numeric"
            value={task.due}
            data-field={`${at}.dueOffsetDays`}
            {...fieldA11y(id("due"), dueError)}
            onChange={(e) => set({ due: e.target.value })}
          />
          <p
            className="col-span-2 self-end pb-2 text-sm text-muted-foreground tabular-nums md:col-span-1"
            data-testid="task-range"
          >
            {range || "No dates"}
          </p>
          <InputField
            id={id("estimate")}
            label="Estimate (h)"
            inputMode="decimal"
            placeholder="—"
            value={task.estimate}
            data-field={`${at}.estimateMinutes`}
            error={errorOf(`${at}.estimateMinutes`)}
            onChange={(e) => set({ estimate: e.target.value })}
          />
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={id("assignee")}>Assignee</Label>
            <select
              id={id("assignee")}
              className={SELECT_CLASS}
              value={task.assignee}
              data-field={`${at}.assignee`}
              {...fieldA11y(id("assignee"), errorOf(`${at}.assignee`))}
              onChange={(e) => set({ assignee: e.target.value })}
            >
              <option value="">Nobody</option>
              {extra ? <option value={extra.value}>{extra.label}</option> : null}
              {assignees.roles.length ? (
                <optgroup label="Role">
                  {assignees.roles.map((r) => (
                    <option key={r} value={`role:${r}`}>
                      {r}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {assignees.people.length ? (
                <optgroup label="Person">
                  {assignees.people.map((p) => (
                    <option key={p.id} value={`person:${p.id}`}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            <FieldError id={id("assignee")} message={errorOf(`${at}.assignee`)} />
          </div>
          <InputField
            id={id("tags")}
            label="Tags"
            placeholder="comma-separated"
            fieldClassName="col-span-2 md:col-span-1"
            value={task.tags}
            data-field={`${at}.tags`}
            error={errorOf(`${at}.tags`)}
            onChange={(e) => set({ tags: e.target.value })}
          />
          {startError || dueError ? (
            // The two day fields are narrow: their messages take the row's width, under them.
            <div className="col-span-full -mt-1 space-y-1">
              <FieldError id={id("start")} message={startError && `Start day ${startError}`} />
              <FieldError id={id("due")} message={dueError && `Due day ${dueError}`} />
            </div>
          ) : null}
        </div>
        <div className={cn(depth > 0 && "pl-3")}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? id("description") : undefined}
            className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            onClick={() => setOpen(!open)}
          >
            {open ? (
              <ChevronDown aria-hidden className="size-4" />
            ) : (
              <ChevronRight aria-hidden className="size-4" />
            )}
            Description{!open && task.description.trim() ? " (1)" : ""}
          </button>
          {open ? (
            <div className="mt-2">
              <Textarea
                id={id("description")}
                aria-label={`Description of ${label}`}
                value={task.description}
                data-field={`${at}.description`}
                {...fieldA11y(id("description"), errorOf(`${at}.description`))}
                onChange={(e) => set({ description: e.target.value })}
              />
              <FieldError id={id("description")} message={errorOf(`${at}.description`)} />
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}
