import { errors } from "./errors";
import type { ListColor, Priority, SimFolder, SimList, SimSpace, SimTask } from "./model";
import { PRIORITIES, userObject } from "./serialize";
import type { SimState } from "./state";
import type { HistoryItem, WebhookDispatcher } from "./webhooks";

/**
 * Folder and list writes (clickup-api-writes.md §1, §2) shared by the API routes and the test
 * helpers, with ClickUp's validation and webhook fan-out (clickup-api.md §5.2,
 * developer.clickup.com/docs/webhooklistpayloads): `folderCreated`/`listCreated` plus
 * `spaceUpdated`, `listUpdated` with one history item per changed field, `folderDeleted` plus a
 * `listDeleted` per list. Tasks of a deleted list leave every listing without a `taskDeleted`
 * (sim: ClickUp's behaviour there is undocumented).
 */

export interface NewListInput {
  name: string;
  content?: string;
  dueDate?: number | null;
  dueDateTime?: boolean;
  priority?: Priority | null;
  /** The list owner: a workspace member. */
  assigneeId?: number | null;
  color?: ListColor | null;
}

/** Absent keys are left unchanged; `color: null` unsets the colour (`unset_status`). */
export type ListPatch = Partial<NewListInput>;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class HierarchyOperations {
  constructor(
    private readonly state: SimState,
    private readonly webhooks: WebhookDispatcher,
  ) {}

  // ---- validation ------------------------------------------------------------------------

  private folderName(space: SimSpace, raw: string | undefined, self?: SimFolder): string {
    const name = raw?.trim();
    if (!name) throw errors.folderNameInvalid();
    for (const f of this.state.folders.values())
      if (f !== self && !f.deleted && f.spaceId === space.id && sameName(f.name, name))
        throw errors.folderNameTaken();
    return name;
  }

  private listName(
    parent: { spaceId: string; folderId: string | null },
    raw: string | undefined,
    self?: SimList,
  ): string {
    const name = raw?.trim();
    if (!name) throw errors.listNameInvalid();
    for (const l of this.state.lists.values())
      if (
        l !== self &&
        !l.deleted &&
        l.spaceId === parent.spaceId &&
        l.folderId === parent.folderId &&
        sameName(l.name, name)
      )
        throw errors.listNameTaken();
    return name;
  }

  private checkAssignee(teamId: string, userId: number | null | undefined): void {
    if (userId != null && this.state.memberRole(teamId, userId) === null) throw errors.assigneeNotMember();
  }

  // ---- webhooks ----------------------------------------------------------------------------

  private userJson(userId: number): Record<string, unknown> {
    const u = this.state.users.get(userId);
    return u ? userObject(u) : { id: userId };
  }

  private emitFolder(folder: SimFolder, event: "folderCreated" | "folderUpdated" | "folderDeleted"): void {
    const space = this.state.requireSpace(folder.spaceId);
    this.webhooks.emit({
      event,
      teamId: space.teamId,
      location: { spaceId: space.id, folderId: folder.id },
      resource: { folder_id: folder.id },
    });
  }

  private emitList(
    list: SimList,
    event: "listCreated" | "listUpdated" | "listDeleted",
    historyItems?: HistoryItem[],
  ): void {
    const space = this.state.requireSpace(list.spaceId);
    this.webhooks.emit({
      event,
      teamId: space.teamId,
      location: { spaceId: space.id, folderId: list.folderId, listId: list.id },
      resource: { list_id: list.id },
      historyItems,
    });
  }

  private emitSpaceUpdated(space: SimSpace): void {
    this.webhooks.emit({
      event: "spaceUpdated",
      teamId: space.teamId,
      location: { spaceId: space.id },
      resource: { space_id: space.id },
    });
  }

  /** listUpdated history items: type 6, `parent_id` the list itself, uuid ids (webhooklistpayloads). */
  private listItem(
    list: SimList,
    actorId: number,
    field: string,
    before: unknown,
    after: unknown,
  ): HistoryItem {
    return {
      id: this.state.ids.uuid(),
      type: 6,
      date: String(this.state.now()),
      field,
      parent_id: list.id,
      data: {},
      source: null,
      user: this.userJson(actorId),
      before,
      after,
    };
  }

  // ---- folders -----------------------------------------------------------------------------

  createFolder(_actorId: number, spaceId: string, rawName: string | undefined): SimFolder {
    const space = this.state.requireSpace(spaceId);
    const name = this.folderName(space, rawName);
    const folder = this.state.addFolder({ spaceId: space.id, name });
    this.emitFolder(folder, "folderCreated");
    this.emitSpaceUpdated(space);
    return folder;
  }

  renameFolder(_actorId: number, folder: SimFolder, rawName: string | undefined): SimFolder {
    const space = this.state.requireSpace(folder.spaceId);
    const name = this.folderName(space, rawName, folder);
    if (name !== folder.name) {
      folder.name = name;
      this.state.version++; // task objects carry the folder name
      this.emitFolder(folder, "folderUpdated");
    }
    return folder;
  }

  deleteFolder(actorId: number, folder: SimFolder): void {
    if (folder.deleted) return;
    for (const list of this.state.lists.values())
      if (list.folderId === folder.id && !list.deleted) this.deleteList(actorId, list);
    folder.deleted = true;
    this.emitFolder(folder, "folderDeleted");
  }

  // ---- lists -------------------------------------------------------------------------------

  createList(
    _actorId: number,
    parent: { spaceId: string; folderId: string | null },
    input: NewListInput,
  ): SimList {
    const space = this.state.requireSpace(parent.spaceId);
    const name = this.listName(parent, input.name);
    this.checkAssignee(space.teamId, input.assigneeId);
    const list = this.state.addList({
      spaceId: space.id,
      folderId: parent.folderId,
      name,
      content: input.content,
      dueDate: input.dueDate ?? null,
      dueDateTime: input.dueDate != null && (input.dueDateTime ?? false),
      priority: input.priority ?? null,
      assigneeId: input.assigneeId ?? null,
      color: input.color ?? null,
    });
    this.emitList(list, "listCreated");
    this.emitSpaceUpdated(space);
    return list;
  }

  updateList(actorId: number, list: SimList, patch: ListPatch): SimList {
    const space = this.state.requireSpace(list.spaceId);
    const items: HistoryItem[] = [];
    if (patch.name !== undefined) {
      const name = this.listName(list, patch.name, list);
      if (name !== list.name) {
        items.push(this.listItem(list, actorId, "name", list.name, name));
        list.name = name;
        this.state.version++; // task objects carry the list name
      }
    }
    if (patch.content !== undefined && patch.content !== list.content) {
      items.push(this.listItem(list, actorId, "content", list.content, patch.content));
      list.content = patch.content;
    }
    if (patch.dueDate !== undefined && patch.dueDate !== list.dueDate) {
      items.push(
        this.listItem(
          list,
          actorId,
          "due_date",
          list.dueDate === null ? null : String(list.dueDate),
          patch.dueDate === null ? null : String(patch.dueDate),
        ),
      );
      list.dueDate = patch.dueDate;
    }
    if (patch.dueDateTime !== undefined) list.dueDateTime = list.dueDate !== null && patch.dueDateTime;
    if (patch.priority !== undefined && patch.priority !== list.priority) {
      const json = (p: Priority | null) => (p === null ? null : { priority: PRIORITIES[p].priority });
      items.push(this.listItem(list, actorId, "priority", json(list.priority), json(patch.priority)));
      list.priority = patch.priority;
    }
    if (patch.assigneeId !== undefined && patch.assigneeId !== list.assigneeId) {
      this.checkAssignee(space.teamId, patch.assigneeId);
      items.push(
        this.listItem(
          list,
          actorId,
          "assignee",
          list.assigneeId === null ? null : this.userJson(list.assigneeId),
          patch.assigneeId === null ? null : this.userJson(patch.assigneeId),
        ),
      );
      list.assigneeId = patch.assigneeId;
    }
    if (patch.color !== undefined && patch.color !== list.color) {
      items.push(this.listItem(list, actorId, "status", list.color, patch.color));
      list.color = patch.color;
    }
    if (items.length > 0) this.emitList(list, "listUpdated", items);
    return list;
  }

  deleteList(_actorId: number, list: SimList): void {
    if (list.deleted) return;
    list.deleted = true;
    const tasks: SimTask[] = (this.state.tasksByList.get(list.id) ?? []).filter((t) => !t.deleted);
    this.state.retireTasks(tasks);
    this.emitList(list, "listDeleted");
  }
}
