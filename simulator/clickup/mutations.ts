import { parseFieldWrite } from "./custom-fields";
import type { HierarchyOperations, ListPatch, NewListInput } from "./hierarchy-operations";
import type { FieldValue, Priority, SimFolder, SimList, SimTask, TimeEntryTag } from "./model";
import type { NewTaskInput, SimOperations, TaskPatch, TimeEntryPatch } from "./operations";
import type { SimState } from "./state";

/** Who did it; defaults to the workspace owner. */
export interface ActorOption {
  userId?: number;
}

export interface AddTimeEntryInput {
  /** Whose entry (default: the actor). */
  userId?: number;
  taskId?: string | null;
  /** Workspace (default: the task's, else the first workspace). */
  teamId?: string;
  start: number;
  duration?: number;
  end?: number;
  description?: string;
  billable?: boolean;
  tags?: TimeEntryTag[];
}

export interface CreateTaskInput extends Omit<NewTaskInput, "fields"> {
  /** Custom field values keyed by field id or name, in the API's write encoding. */
  fields?: Record<string, unknown>;
}

export interface UpdateTaskInput extends TaskPatch {
  priority?: Priority | null;
}

/**
 * Test helpers that change the simulated ClickUp "as if a user did it in the ClickUp UI": the
 * same state changes and webhook deliveries as the API, without going through HTTP.
 */
export interface SimMutations {
  createTask(listId: string, input: CreateTaskInput, opts?: ActorOption): SimTask;
  updateTask(taskId: string, patch: UpdateTaskInput, opts?: ActorOption): SimTask;
  setTaskStatus(taskId: string, status: string, opts?: ActorOption): SimTask;
  /** Archive (or with `false` unarchive) a task. */
  archiveTask(taskId: string, archived?: boolean, opts?: ActorOption): SimTask;
  deleteTask(taskId: string, opts?: ActorOption): void;
  moveTask(taskId: string, listId: string, opts?: ActorOption): SimTask;
  /** Set (or with `null` clear) a custom field by id or name, using the API's write encoding. */
  setCustomField(taskId: string, field: string, value: unknown, opts?: ActorOption): SimTask;
  addTag(taskId: string, tag: string, opts?: ActorOption): SimTask;
  removeTag(taskId: string, tag: string, opts?: ActorOption): SimTask;
  /** Returns the new entry's 19-digit id. */
  addTimeEntry(input: AddTimeEntryInput, opts?: ActorOption): string;
  updateTimeEntry(entryId: string, patch: TimeEntryPatch, opts?: ActorOption): void;
  deleteTimeEntry(entryId: string, opts?: ActorOption): void;
  /** Folders and lists, with ClickUp's name rules (CAT_014, SUBCAT_016…) and webhooks. */
  createFolder(spaceId: string, name: string, opts?: ActorOption): SimFolder;
  renameFolder(folderId: string, name: string, opts?: ActorOption): SimFolder;
  deleteFolder(folderId: string, opts?: ActorOption): void;
  /** In a folder (`folderId`) or folderless (`spaceId` only). */
  createList(
    parent: { folderId: string } | { spaceId: string },
    input: NewListInput,
    opts?: ActorOption,
  ): SimList;
  updateList(listId: string, patch: ListPatch, opts?: ActorOption): SimList;
  deleteList(listId: string, opts?: ActorOption): void;
}

export function createMutations(
  state: SimState,
  ops: SimOperations,
  hierarchy: HierarchyOperations,
): SimMutations {
  const folderById = (id: string): SimFolder => {
    const folder = state.folders.get(id);
    if (!folder || folder.deleted) throw new Error(`unknown folder ${id}`);
    return folder;
  };
  const defaultActor = (): number => {
    for (const team of state.teamList) {
      const owner = team.members.find((m) => m.role === 1);
      if (owner) return owner.userId;
    }
    const first = state.userList[0];
    if (!first) throw new Error("the simulator has no users");
    return first.id;
  };
  const actor = (opts?: ActorOption) => opts?.userId ?? defaultActor();
  const entryIndex = (id: string): number => {
    const index = state.timeEntries.indexOf(id);
    if (index < 0) throw new Error(`unknown time entry ${id}`);
    return index;
  };
  const teamOfEntry = (index: number): string => {
    const team = state.teamList[state.timeEntries.teamIdx[index] ?? -1];
    if (!team) throw new Error("time entry without workspace");
    return team.id;
  };

  return {
    createTask(listId, input, opts) {
      const list = state.requireList(listId);
      const teamId = state.requireSpace(list.spaceId).teamId;
      const fields: Record<string, FieldValue> = {};
      for (const [key, raw] of Object.entries(input.fields ?? {})) {
        const field = state.findField(teamId, key);
        if (!field) throw new Error(`unknown custom field ${key}`);
        const value = parseFieldWrite(state, field, raw, undefined);
        if (value !== undefined) fields[field.id] = value;
      }
      return ops.createTask(actor(opts), listId, { ...input, fields });
    },
    updateTask(taskId, patch, opts) {
      return ops.updateTask(actor(opts), state.requireTask(taskId), patch);
    },
    setTaskStatus(taskId, status, opts) {
      return ops.updateTask(actor(opts), state.requireTask(taskId), { status });
    },
    archiveTask(taskId, archived = true, opts) {
      return ops.updateTask(actor(opts), state.requireTask(taskId), { archived });
    },
    deleteTask(taskId, opts) {
      ops.deleteTask(actor(opts), state.requireTask(taskId));
    },
    moveTask(taskId, listId, opts) {
      const task = state.requireTask(taskId);
      ops.moveTask(actor(opts), task, listId);
      return task;
    },
    setCustomField(taskId, fieldKey, value, opts) {
      const task = state.requireTask(taskId);
      const field = state.findField(task.teamId, fieldKey);
      if (!field) throw new Error(`unknown custom field ${fieldKey}`);
      ops.setCustomField(
        actor(opts),
        task,
        field,
        parseFieldWrite(state, field, value, task.fields?.[field.id]),
      );
      return task;
    },
    addTag(taskId, tag, opts) {
      const task = state.requireTask(taskId);
      ops.setTags(actor(opts), task, [tag], []);
      return task;
    },
    removeTag(taskId, tag, opts) {
      const task = state.requireTask(taskId);
      ops.setTags(actor(opts), task, [], [tag]);
      return task;
    },
    addTimeEntry(input, opts) {
      const who = actor(opts);
      const task = input.taskId ? state.requireTask(input.taskId) : undefined;
      const teamId = input.teamId ?? task?.teamId ?? state.teamList[0]?.id;
      if (!teamId) throw new Error("no workspace for the time entry");
      const index = ops.createTimeEntry(who, {
        teamId,
        userId: input.userId ?? who,
        start: input.start,
        duration: input.duration,
        end: input.end,
        taskId: input.taskId ?? null,
        description: input.description,
        billable: input.billable,
        tags: input.tags,
        source: "clickup",
      });
      return state.timeEntries.id(index);
    },
    updateTimeEntry(entryId, patch, opts) {
      const index = entryIndex(entryId);
      ops.updateTimeEntry(actor(opts), teamOfEntry(index), index, patch);
    },
    deleteTimeEntry(entryId, opts) {
      ops.deleteTimeEntry(actor(opts), entryIndex(entryId));
    },
    createFolder(spaceId, name, opts) {
      return hierarchy.createFolder(actor(opts), state.requireSpace(spaceId).id, name);
    },
    renameFolder(folderId, name, opts) {
      return hierarchy.renameFolder(actor(opts), folderById(folderId), name);
    },
    deleteFolder(folderId, opts) {
      hierarchy.deleteFolder(actor(opts), folderById(folderId));
    },
    createList(parent, input, opts) {
      const where =
        "folderId" in parent
          ? { spaceId: folderById(parent.folderId).spaceId, folderId: parent.folderId }
          : { spaceId: state.requireSpace(parent.spaceId).id, folderId: null };
      return hierarchy.createList(actor(opts), where, input);
    },
    updateList(listId, patch, opts) {
      return hierarchy.updateList(actor(opts), state.requireList(listId), patch);
    },
    deleteList(listId, opts) {
      hierarchy.deleteList(actor(opts), state.requireList(listId));
    },
  };
}
