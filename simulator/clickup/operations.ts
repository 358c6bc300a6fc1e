import { serializeFieldDefinition, webhookFieldValue } from "./custom-fields";
import { errors } from "./errors";
import type { FieldValue, Priority, SimField, SimStatus, SimTask, TimeEntryTag } from "./model";
import { PRIORITIES, userObject } from "./serialize";
import type { SimState } from "./state";
import type { TimeEntrySource } from "./time-entry-store";
import type { HistoryItem, WebhookDispatcher, WebhookEvent, WebhookEventName } from "./webhooks";

/**
 * State changes shared by the API routes and the test helpers ("as if a user did it in
 * ClickUp"). Each operation updates the records and emits the webhook fan-out ClickUp sends for
 * it (clickup-api.md §5.2): a specific event plus `taskUpdated`, `taskCreated` plus
 * `taskStatusUpdated`, `taskMoved` plus `taskUpdated`, and so on.
 */

export interface NewTaskInput {
  name: string;
  description?: string;
  status?: string;
  priority?: Priority | null;
  dueDate?: number | null;
  startDate?: number | null;
  /** Whether the time of day of the due/start date counts (default false). */
  dueDateTime?: boolean;
  startDateTime?: boolean;
  timeEstimate?: number | null;
  assignees?: number[];
  tags?: string[];
  parentId?: string | null;
  customItemId?: number;
  customId?: string | null;
  /** Custom field values in stored form, keyed by field id. */
  fields?: Record<string, FieldValue>;
}

export interface TaskPatch {
  name?: string;
  description?: string;
  status?: string;
  priority?: Priority | null;
  dueDate?: number | null;
  startDate?: number | null;
  dueDateTime?: boolean;
  startDateTime?: boolean;
  timeEstimate?: number | null;
  assignees?: { add?: number[]; rem?: number[] };
  archived?: boolean;
  parentId?: string | null;
  customItemId?: number;
}

export interface TimeEntryInput {
  teamId: string;
  /** Whose entry it is. */
  userId: number;
  start: number;
  /** ms; ignored when `end` is given. */
  duration?: number;
  end?: number;
  taskId?: string | null;
  description?: string;
  billable?: boolean;
  tags?: TimeEntryTag[];
  source?: TimeEntrySource;
}

export interface TimeEntryPatch {
  start?: number;
  end?: number;
  duration?: number;
  description?: string;
  billable?: boolean;
  taskId?: string | null;
  tags?: TimeEntryTag[];
  tagAction?: "add" | "remove" | "replace";
}

type Fanout = { specific: WebhookEventName | null; item: HistoryItem };

export class SimOperations {
  constructor(
    private readonly state: SimState,
    private readonly webhooks: WebhookDispatcher,
  ) {}

  private userJson(userId: number): Record<string, unknown> {
    const u = this.state.users.get(userId);
    return u
      ? userObject(u)
      : { id: userId, username: null, email: null, color: null, initials: null, profilePicture: null };
  }

  private item(
    task: SimTask,
    actorId: number,
    field: string,
    before: unknown,
    after: unknown,
    data: Record<string, unknown> = {},
  ): HistoryItem {
    return {
      id: this.state.ids.historyItemId(),
      type: 1,
      date: String(this.state.now()),
      field,
      parent_id: task.listId,
      data,
      source: null,
      user: this.userJson(actorId),
      before,
      after,
    };
  }

  private statusJson(s: SimStatus): Record<string, unknown> {
    return { status: s.status, color: s.color, orderindex: s.orderindex, type: s.type };
  }

  private taskEvent(
    task: SimTask,
    event: WebhookEventName,
    items?: HistoryItem[],
    data?: Record<string, unknown>,
  ): WebhookEvent {
    return {
      event,
      teamId: task.teamId,
      location: { taskId: task.id, listId: task.listId, folderId: task.folderId, spaceId: task.spaceId },
      resource: { task_id: task.id },
      historyItems: items,
      data,
    };
  }

  /** Specific events first, then one taskUpdated carrying every history item. */
  private emitFanout(task: SimTask, changes: Fanout[], data?: Record<string, unknown>): void {
    if (changes.length === 0) return;
    for (const c of changes)
      if (c.specific) this.webhooks.emit(this.taskEvent(task, c.specific, [c.item], data));
    this.webhooks.emit(
      this.taskEvent(
        task,
        "taskUpdated",
        changes.map((c) => c.item),
        data,
      ),
    );
  }

  private touch(task: SimTask): void {
    task.dateUpdated = Math.max(this.state.now(), task.dateUpdated);
    this.state.version++;
  }

  private applyStatus(task: SimTask, status: SimStatus): void {
    const at = this.state.now();
    task.status = status.status;
    if (status.type === "closed") {
      task.dateClosed = at;
      task.dateDone = task.dateDone ?? at;
    } else if (status.type === "done") {
      task.dateClosed = null;
      task.dateDone = at;
    } else {
      task.dateClosed = null;
      task.dateDone = null;
    }
  }

  resolveStatus(task: Pick<SimTask, "spaceId">, name: string): SimStatus {
    const space = this.state.requireSpace(task.spaceId);
    const status = this.state.statusOf(space, name);
    if (!status) throw errors.statusNotFound();
    return status;
  }

  // ---- tasks ----------------------------------------------------------------------------

  createTask(actorId: number, listId: string, input: NewTaskInput): SimTask {
    const list = this.state.requireList(listId);
    const space = this.state.requireSpace(list.spaceId);
    const status = input.status ? this.resolveStatus({ spaceId: space.id }, input.status) : space.statuses[0];
    if (input.parentId) {
      const parent = this.state.taskById.get(input.parentId);
      if (!parent || parent.deleted) throw errors.badRequest("Parent task not found", "CRTSK_003");
      // The parent (which may itself be a subtask) must live in the same list (observed).
      if (parent.listId !== list.id) throw errors.parentNotInList();
    }
    for (const id of input.assignees ?? [])
      if (this.state.memberRole(space.teamId, id) === null) throw errors.assigneeNotMember();
    const at = this.state.now();
    const task = this.state.addTask({
      listId,
      name: input.name,
      description: input.description,
      status: status?.status,
      dateCreated: at,
      dateClosed: status?.type === "closed" ? at : null,
      dateDone: status?.type === "closed" || status?.type === "done" ? at : null,
      creatorId: actorId,
      assignees: input.assignees ? [...new Set(input.assignees)] : [],
      tags: (input.tags ?? []).map((t) => this.state.tagStyle(t, actorId).name),
      parentId: input.parentId ?? null,
      priority: input.priority ?? null,
      dueDate: input.dueDate ?? null,
      startDate: input.startDate ?? null,
      dueDateTime: input.dueDate != null && (input.dueDateTime ?? false),
      startDateTime: input.startDate != null && (input.startDateTime ?? false),
      timeEstimate: input.timeEstimate ?? null,
      customItemId: input.customItemId ?? 0,
      customId: input.customId ?? null,
      fields: input.fields && Object.keys(input.fields).length > 0 ? { ...input.fields } : null,
    });
    const st = this.state.taskStatus(task);
    this.webhooks.emit(
      this.taskEvent(task, "taskCreated", [
        this.item(task, actorId, "task_creation", null, null, { status_type: st.type }),
      ]),
    );
    this.webhooks.emit(
      this.taskEvent(task, "taskStatusUpdated", [
        this.item(task, actorId, "status", null, this.statusJson(st), { status_type: st.type }),
      ]),
    );
    return task;
  }

  updateTask(actorId: number, task: SimTask, patch: TaskPatch): SimTask {
    const changes: Fanout[] = [];
    if (patch.name !== undefined && patch.name !== task.name) {
      changes.push({ specific: null, item: this.item(task, actorId, "name", task.name, patch.name) });
      task.name = patch.name;
    }
    if (patch.description !== undefined && patch.description !== task.description) {
      changes.push({
        specific: null,
        item: this.item(task, actorId, "content", task.description, patch.description),
      });
      task.description = patch.description;
    }
    if (patch.status !== undefined) {
      const next = this.resolveStatus(task, patch.status);
      const prev = this.state.taskStatus(task);
      if (next.status !== prev.status) {
        this.applyStatus(task, next);
        changes.push({
          specific: "taskStatusUpdated",
          item: this.item(task, actorId, "status", this.statusJson(prev), this.statusJson(next), {
            status_type: next.type,
          }),
        });
      }
    }
    if (patch.priority !== undefined && patch.priority !== task.priority) {
      const json = (p: Priority | null) =>
        p === null
          ? null
          : {
              id: String(p),
              priority: PRIORITIES[p].priority,
              color: PRIORITIES[p].color,
              orderindex: String(p),
            };
      changes.push({
        specific: "taskPriorityUpdated",
        item: this.item(task, actorId, "priority", json(task.priority), json(patch.priority)),
      });
      task.priority = patch.priority;
    }
    const nextDueTime = patch.dueDateTime ?? task.dueDateTime;
    if (
      (patch.dueDate !== undefined && patch.dueDate !== task.dueDate) ||
      (task.dueDate !== null && patch.dueDate !== null && nextDueTime !== task.dueDateTime)
    ) {
      const next = patch.dueDate === undefined ? task.dueDate : patch.dueDate;
      const nextTime = next !== null && nextDueTime;
      changes.push({
        specific: "taskDueDateUpdated",
        item: this.item(
          task,
          actorId,
          "due_date",
          task.dueDate === null ? null : String(task.dueDate),
          next === null ? null : String(next),
          { due_date_time: nextTime, old_due_date_time: task.dueDateTime },
        ),
      });
      task.dueDate = next;
      task.dueDateTime = nextTime;
    }
    const nextStartTime = patch.startDateTime ?? task.startDateTime;
    if (
      (patch.startDate !== undefined && patch.startDate !== task.startDate) ||
      (task.startDate !== null && patch.startDate !== null && nextStartTime !== task.startDateTime)
    ) {
      const next = patch.startDate === undefined ? task.startDate : patch.startDate;
      const nextTime = next !== null && nextStartTime;
      changes.push({
        specific: null,
        item: this.item(
          task,
          actorId,
          "start_date",
          task.startDate === null ? null : String(task.startDate),
          next === null ? null : String(next),
          { start_date_time: nextTime, old_start_date_time: task.startDateTime },
        ),
      });
      task.startDate = next;
      task.startDateTime = nextTime;
    }
    if (patch.timeEstimate !== undefined && patch.timeEstimate !== task.timeEstimate) {
      changes.push({
        specific: "taskTimeEstimateUpdated",
        item: this.item(
          task,
          actorId,
          "time_estimate",
          task.timeEstimate === null ? null : String(task.timeEstimate),
          patch.timeEstimate === null ? null : String(patch.timeEstimate),
          { time_estimate_string: "" },
        ),
      });
      task.timeEstimate = patch.timeEstimate;
    }
    if (patch.assignees) {
      for (const id of patch.assignees.rem ?? []) {
        if (!task.assignees.includes(id)) continue;
        task.assignees = task.assignees.filter((a) => a !== id);
        changes.push({
          specific: "taskAssigneeUpdated",
          item: this.item(task, actorId, "assignee_rem", this.userJson(id), null),
        });
      }
      for (const id of patch.assignees.add ?? []) {
        if (task.assignees.includes(id) || !this.state.users.has(id)) continue;
        task.assignees = [...task.assignees, id];
        changes.push({
          specific: "taskAssigneeUpdated",
          item: this.item(task, actorId, "assignee_add", null, this.userJson(id)),
        });
      }
    }
    if (patch.archived !== undefined && patch.archived !== task.archived) {
      // The doc lists no archive event; the simulator reports it as a taskUpdated item.
      changes.push({
        specific: null,
        item: this.item(task, actorId, "archived", task.archived, patch.archived),
      });
      task.archived = patch.archived;
    }
    if (patch.parentId !== undefined && patch.parentId !== task.parentId) {
      if (patch.parentId !== null && !this.state.taskById.has(patch.parentId))
        throw errors.badRequest("Parent task not found", "CRTSK_003");
      changes.push({
        specific: null,
        item: this.item(task, actorId, "parent", task.parentId, patch.parentId),
      });
      this.state.setParent(task, patch.parentId);
    }
    if (patch.customItemId !== undefined && patch.customItemId !== task.customItemId) {
      changes.push({
        specific: null,
        item: this.item(task, actorId, "custom_type", task.customItemId, patch.customItemId),
      });
      task.customItemId = patch.customItemId;
    }
    if (changes.length > 0) this.touch(task);
    this.emitFanout(task, changes);
    return task;
  }

  setTags(actorId: number, task: SimTask, add: string[], remove: string[]): void {
    const changes: Fanout[] = [];
    const tagJson = (name: string) => {
      const s = this.state.tagStyle(name, actorId);
      return { name: s.name, tag_fg: s.fg, tag_bg: s.bg, creator: s.creator };
    };
    for (const raw of remove) {
      const name = raw.toLowerCase();
      if (!task.tags.includes(name)) continue;
      task.tags = task.tags.filter((t) => t !== name);
      changes.push({
        specific: "taskTagUpdated",
        item: this.item(task, actorId, "tag_removed", [tagJson(name)], null),
      });
    }
    for (const raw of add) {
      const name = this.state.tagStyle(raw, actorId).name;
      if (task.tags.includes(name)) continue;
      task.tags = [...task.tags, name];
      changes.push({
        specific: "taskTagUpdated",
        item: this.item(task, actorId, "tag", null, [tagJson(name)]),
      });
    }
    if (changes.length > 0) this.touch(task);
    this.emitFanout(task, changes);
  }

  setCustomField(actorId: number, task: SimTask, field: SimField, value: FieldValue | undefined): void {
    const before = task.fields?.[field.id];
    if (value === undefined) {
      if (task.fields) delete task.fields[field.id];
    } else {
      task.fields = { ...(task.fields ?? {}), [field.id]: value };
    }
    this.touch(task);
    const item = this.item(
      task,
      actorId,
      "custom_field",
      webhookFieldValue(field, before),
      webhookFieldValue(field, value),
    );
    item.custom_field = serializeFieldDefinition(field);
    this.emitFanout(task, [{ specific: null, item }]);
  }

  moveTask(actorId: number, task: SimTask, listId: string): void {
    const from = this.state.requireList(task.listId);
    const to = this.state.requireList(listId);
    if (from.id === to.id) return;
    const listJson = (l: typeof from) => {
      const folder = l.folderId ? this.state.folders.get(l.folderId) : undefined;
      const space = this.state.spaces.get(l.spaceId);
      return {
        id: l.id,
        name: l.name,
        category: {
          id: folder?.id ?? space?.hiddenFolderId ?? "",
          name: folder?.name ?? "hidden",
          hidden: !folder,
        },
        project: { id: l.spaceId, name: space?.name ?? "" },
      };
    };
    const item = this.item(task, actorId, "section_moved", listJson(from), listJson(to));
    this.state.moveTask(task, to.id);
    for (const child of this.state.childrenByParent.get(task.id) ?? []) this.state.moveTask(child, to.id);
    this.touch(task);
    this.emitFanout(task, [{ specific: "taskMoved", item }]);
    this.webhooks.emit({
      event: "spaceUpdated",
      teamId: task.teamId,
      location: { spaceId: to.spaceId },
      resource: { space_id: to.spaceId },
    });
  }

  /**
   * Deletes the task and its subtasks (ClickUp deletes subtasks with their parent). `taskDeleted`
   * carries no history items, so the actor does not appear in the payload.
   */
  deleteTask(_actorId: number, task: SimTask): void {
    const doomed: SimTask[] = [];
    const walk = (t: SimTask) => {
      if (t.deleted) return;
      doomed.push(t);
      for (const child of this.state.childrenByParent.get(t.id) ?? []) walk(child);
    };
    walk(task);
    this.state.retireTasks(doomed);
    for (const t of doomed) this.webhooks.emit(this.taskEvent(t, "taskDeleted"));
  }

  // ---- time entries ---------------------------------------------------------------------

  private taskIndexFor(taskId: string | null | undefined, teamId: string): number {
    if (!taskId) return -1;
    const task = this.state.taskById.get(taskId) ?? this.state.taskByCustom(teamId, taskId);
    if (!task || task.deleted || task.teamId !== teamId) throw errors.taskOrListNotAccessible();
    const space = this.state.requireSpace(task.spaceId);
    if (!space.timeTracking)
      throw errors.badRequest("Time tracking is not enabled in this space", "TIMETRACK_001");
    return task.index;
  }

  private emitTimeTracked(actorId: number, entryIndex: number, description: string): void {
    const rec = this.state.timeEntries.get(entryIndex);
    const task = rec.taskIndex >= 0 ? this.state.tasks[rec.taskIndex] : undefined;
    if (!task || task.deleted) return;
    const end = rec.running ? null : rec.start + rec.duration;
    const interval = {
      id: rec.id,
      start: String(rec.start),
      end: end === null ? null : String(end),
      time: String(rec.running ? -rec.start : rec.duration),
      source: rec.source,
      date_added: String(rec.at),
    };
    const item = this.item(
      task,
      actorId,
      "time_spent",
      null,
      description === "Time Tracking Deleted" ? null : interval,
      {
        total_time: String(task.timeSpent),
        rollup_time: String(task.timeSpent),
      },
    );
    if (description === "Time Tracking Deleted") item.before = interval;
    this.emitFanout(task, [{ specific: "taskTimeTrackedUpdated", item }], {
      description,
      interval_id: rec.id,
    });
  }

  private adjustSpent(taskIndex: number, delta: number): void {
    const task = taskIndex >= 0 ? this.state.tasks[taskIndex] : undefined;
    if (!task || delta === 0) return;
    task.timeSpent = Math.max(0, task.timeSpent + delta);
    this.touch(task);
  }

  createTimeEntry(actorId: number, input: TimeEntryInput): number {
    const taskIndex = this.taskIndexFor(input.taskId, input.teamId);
    const duration = input.end !== undefined ? input.end - input.start : (input.duration ?? 0);
    if (!Number.isFinite(input.start) || !Number.isFinite(duration) || duration < 0)
      throw errors.badRequest("start and a non-negative duration (or end) are required", "TIMEENTRY_001");
    const space =
      taskIndex >= 0 ? this.state.spaces.get(this.state.tasks[taskIndex]?.spaceId ?? "") : undefined;
    const index = this.state.timeEntries.add({
      taskIndex,
      userIndex: this.state.userIndex(input.userId),
      teamIndex: this.state.teamIndex(input.teamId),
      start: input.start,
      duration,
      billable: input.billable ?? space?.defaultToBillable ?? false,
      description: input.description ?? "",
      source: input.source ?? "api",
      at: this.state.now(),
      tags: input.tags,
    });
    this.adjustSpent(taskIndex, duration);
    this.emitTimeTracked(actorId, index, "Time Tracking Created");
    return index;
  }

  updateTimeEntry(actorId: number, teamId: string, index: number, patch: TimeEntryPatch): void {
    const store = this.state.timeEntries;
    const before = store.get(index);
    const taskIndex = patch.taskId !== undefined ? this.taskIndexFor(patch.taskId, teamId) : before.taskIndex;
    const start = patch.start ?? before.start;
    let duration = before.duration;
    if (patch.end !== undefined) duration = patch.end - start;
    else if (patch.duration !== undefined) duration = patch.duration;
    if (!Number.isFinite(start) || !Number.isFinite(duration) || duration < 0)
      throw errors.badRequest("Invalid start/end/duration", "TIMEENTRY_002");
    let tags = before.tags;
    if (patch.tags) {
      const names = new Set(patch.tags.map((t) => t.name));
      if (patch.tagAction === "remove") tags = tags.filter((t) => !names.has(t.name));
      else if (patch.tagAction === "add") tags = [...tags.filter((t) => !names.has(t.name)), ...patch.tags];
      else tags = patch.tags;
    }
    store.update(index, {
      taskIndex,
      start,
      duration: before.running ? before.duration : duration,
      description: patch.description,
      billable: patch.billable,
      tags,
      at: this.state.now(),
    });
    if (!before.running) {
      if (taskIndex !== before.taskIndex) {
        this.adjustSpent(before.taskIndex, -before.duration);
        this.adjustSpent(taskIndex, duration);
        if (before.taskIndex >= 0)
          this.emitTimeTrackedFor(actorId, index, before.taskIndex, "Time Tracking Deleted");
      } else {
        this.adjustSpent(taskIndex, duration - before.duration);
      }
    }
    this.emitTimeTracked(actorId, index, "Time Tracking Updated");
  }

  /** Event for a task the entry has just left (re-assigned to another task). */
  private emitTimeTrackedFor(actorId: number, index: number, taskIndex: number, description: string): void {
    const store = this.state.timeEntries;
    const current = store.taskIdx[index] ?? -1;
    store.taskIdx[index] = taskIndex;
    this.emitTimeTracked(actorId, index, description);
    store.taskIdx[index] = current;
  }

  deleteTimeEntry(actorId: number, index: number): void {
    const store = this.state.timeEntries;
    const rec = store.get(index);
    if (!rec.running) this.adjustSpent(rec.taskIndex, -rec.duration);
    else {
      const user = this.state.userList[rec.userIndex];
      if (user && this.state.runningTimers.get(user.id) === index) this.state.runningTimers.delete(user.id);
    }
    this.emitTimeTracked(actorId, index, "Time Tracking Deleted");
    store.markDeleted(index);
  }

  startTimer(
    actorId: number,
    teamId: string,
    input: { taskId?: string | null; description?: string; billable?: boolean; tags?: TimeEntryTag[] },
  ): number {
    const taskIndex = this.taskIndexFor(input.taskId, teamId);
    this.stopTimer(actorId, teamId);
    const now = this.state.now();
    const index = this.state.timeEntries.add({
      taskIndex,
      userIndex: this.state.userIndex(actorId),
      teamIndex: this.state.teamIndex(teamId),
      start: now,
      duration: 0,
      running: true,
      billable: input.billable ?? false,
      description: input.description ?? "",
      source: "api_automatic",
      at: now,
      tags: input.tags,
    });
    this.state.runningTimers.set(actorId, index);
    this.emitTimeTracked(actorId, index, "Timer Started");
    return index;
  }

  /** Stops the user's running timer; returns its index or null when none was running. */
  stopTimer(actorId: number, teamId: string): number | null {
    const index = this.state.runningTimers.get(actorId);
    if (index === undefined) return null;
    const store = this.state.timeEntries;
    if ((store.teamIdx[index] ?? -1) !== this.state.teamIndex(teamId)) return null;
    const now = this.state.now();
    const duration = Math.max(0, now - (store.start[index] ?? now));
    store.update(index, { running: false, duration, at: now });
    this.state.runningTimers.delete(actorId);
    this.adjustSpent(store.taskIdx[index] ?? -1, duration);
    this.emitTimeTracked(actorId, index, "Timer Stopped");
    return index;
  }
}
