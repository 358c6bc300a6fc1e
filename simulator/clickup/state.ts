import { IdFactory } from "./ids";
import type {
  AuthCode,
  OAuthApp,
  Priority,
  RoleId,
  SimCustomItem,
  SimField,
  SimFolder,
  SimList,
  SimMember,
  SimSpace,
  SimStatus,
  SimTask,
  SimTeam,
  SimUser,
  SimWebhook,
  TagStyle,
  TokenRecord,
  FieldValue,
  ListColor,
} from "./model";
import type { Prng } from "./prng";
import { TimeEntryStore } from "./time-entry-store";

/** The custom task types of the product spec (§3 "Task types by custom_item_id"). */
export const DEFAULT_CUSTOM_ITEMS: readonly SimCustomItem[] = [
  { id: 1, name: "Milestone", namePlural: "Milestones", description: "Key dates and approvals" },
  { id: 2, name: "Deliverable", namePlural: "Deliverables", description: "Something the client receives" },
  { id: 3, name: "Action Item", namePlural: "Action Items", description: "A follow-up to do" },
  {
    id: 1001,
    name: "Project",
    namePlural: "Projects",
    description: "Project-level meta task, one per folder",
  },
  { id: 1009, name: "Asset", namePlural: "Assets", description: "A creative asset under review" },
  { id: 1014, name: "Assignment", namePlural: "Assignments", description: "Staff booking on a project" },
  { id: 1031, name: "Assignment (FL)", namePlural: "Assignments (FL)", description: "Freelancer booking" },
  { id: 1033, name: "Activity", namePlural: "Activities", description: "A revision round on an asset" },
];

export interface NewUser {
  username: string;
  email: string;
  id?: number;
  color?: string | null;
  profilePicture?: string | null;
  timezone?: string;
  title?: string;
}

export interface NewTask {
  listId: string;
  name: string;
  id?: string;
  customId?: string | null;
  customItemId?: number;
  description?: string;
  status?: string;
  dateCreated: number;
  dateUpdated?: number;
  dateClosed?: number | null;
  dateDone?: number | null;
  archived?: boolean;
  creatorId: number;
  assignees?: number[];
  watchers?: number[];
  tags?: string[];
  parentId?: string | null;
  priority?: Priority | null;
  startDate?: number | null;
  dueDate?: number | null;
  dueDateTime?: boolean;
  startDateTime?: boolean;
  timeEstimate?: number | null;
  fields?: Record<string, FieldValue> | null;
}

const USER_COLORS = [
  "#7b68ee",
  "#ff5722",
  "#0ab4ff",
  "#2ecd6f",
  "#e84393",
  "#f8ae00",
  "#595d66",
  "#1090e0",
  "#9b59b6",
  "#ff7fab",
];
const TAG_COLORS: ReadonlyArray<readonly [string, string]> = [
  ["#800000", "#ffcdd2"],
  ["#1b5e20", "#c8e6c9"],
  ["#0d47a1", "#bbdefb"],
  ["#4a148c", "#e1bee7"],
  ["#e65100", "#ffe0b2"],
  ["#004d40", "#b2dfdb"],
];

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "?";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * The whole simulated ClickUp: hierarchy, tasks, fields, time entries, webhooks, OAuth apps and
 * tokens. Plain data plus indexes; behaviour (webhooks, validation) lives in operations.ts.
 */
export class SimState {
  readonly ids: IdFactory;
  readonly users = new Map<number, SimUser>();
  readonly userList: SimUser[] = [];
  private readonly userIndexById = new Map<number, number>();
  readonly teams = new Map<string, SimTeam>();
  readonly teamList: SimTeam[] = [];
  readonly spaces = new Map<string, SimSpace>();
  readonly folders = new Map<string, SimFolder>();
  readonly lists = new Map<string, SimList>();
  readonly fields = new Map<string, SimField>();
  readonly tasks: SimTask[] = [];
  readonly taskById = new Map<string, SimTask>();
  private readonly taskByCustomId = new Map<string, SimTask>();
  readonly tasksByList = new Map<string, SimTask[]>();
  readonly childrenByParent = new Map<string, SimTask[]>();
  readonly timeEntries: TimeEntryStore;
  /** userId → index of the user's running timer. */
  readonly runningTimers = new Map<number, number>();
  readonly tagStyles = new Map<string, TagStyle>();
  readonly webhooks = new Map<string, SimWebhook>();
  readonly oauthApps = new Map<string, OAuthApp>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly personalTokenByUser = new Map<number, string>();
  readonly oauthTokenByUserApp = new Map<string, string>();
  readonly authCodes = new Map<string, AuthCode>();
  /** Bumped on every task change; the task-query cache keys on it. */
  version = 0;
  private fieldsVersion = 0;
  private readonly listFieldCache = new Map<string, { version: number; fields: SimField[] }>();

  constructor(
    prng: Prng,
    readonly now: () => number,
    options: { unguessableSecrets?: boolean } = {},
  ) {
    this.ids = new IdFactory(prng.fork("ids"), options.unguessableSecrets ?? false);
    this.timeEntries = new TimeEntryStore(prng.fork("time-entry-ids"));
  }

  // ---- builders -------------------------------------------------------------------------

  addUser(input: NewUser): SimUser {
    const id = input.id ?? this.ids.userId();
    if (this.users.has(id)) throw new Error(`user ${id} exists`);
    const user: SimUser = {
      id,
      username: input.username,
      email: input.email,
      color:
        input.color === undefined
          ? (USER_COLORS[this.userList.length % USER_COLORS.length] ?? null)
          : input.color,
      initials: initialsOf(input.username),
      profilePicture: input.profilePicture ?? null,
      timezone: input.timezone ?? "America/New_York",
      title: input.title ?? "",
    };
    this.users.set(id, user);
    this.userIndexById.set(id, this.userList.length);
    this.userList.push(user);
    return user;
  }

  userIndex(userId: number): number {
    const idx = this.userIndexById.get(userId);
    if (idx === undefined) throw new Error(`unknown user ${userId}`);
    return idx;
  }

  findUserByEmail(email: string): SimUser | undefined {
    const needle = email.trim().toLowerCase();
    return this.userList.find((u) => u.email.toLowerCase() === needle);
  }

  addTeam(input: {
    name: string;
    id?: string;
    color?: string;
    customItems?: readonly SimCustomItem[];
  }): SimTeam {
    const id = input.id ?? this.ids.numericId("9015", 11);
    const team: SimTeam = {
      id,
      name: input.name,
      color: input.color ?? "#7b68ee",
      avatar: null,
      members: [],
      customItems: [...(input.customItems ?? DEFAULT_CUSTOM_ITEMS)],
    };
    this.teams.set(id, team);
    this.teamList.push(team);
    return team;
  }

  teamIndex(teamId: string): number {
    const idx = this.teamList.findIndex((t) => t.id === teamId);
    if (idx < 0) throw new Error(`unknown team ${teamId}`);
    return idx;
  }

  addMember(
    teamId: string,
    userId: number,
    role: RoleId,
    dates?: Partial<Omit<SimMember, "userId" | "role">>,
  ): SimMember {
    const team = this.requireTeam(teamId);
    const at = this.now();
    const member: SimMember = {
      userId,
      role,
      dateJoined: dates?.dateJoined ?? at,
      dateInvited: dates?.dateInvited ?? at,
      lastActive: dates?.lastActive ?? at,
    };
    team.members.push(member);
    return member;
  }

  addSpace(input: {
    teamId: string;
    name: string;
    statuses: ReadonlyArray<{ status: string; type: SimStatus["type"]; color: string }>;
    color?: string;
    private?: boolean;
    memberIds?: number[];
    archived?: boolean;
    timeTracking?: boolean;
    defaultToBillable?: boolean;
  }): SimSpace {
    this.requireTeam(input.teamId);
    const id = this.ids.numericId("9015", 11);
    const space: SimSpace = {
      id,
      teamId: input.teamId,
      name: input.name,
      color: input.color ?? "#7b68ee",
      orderindex: [...this.spaces.values()].filter((s) => s.teamId === input.teamId).length,
      private: input.private ?? false,
      memberIds: input.memberIds ?? [],
      archived: input.archived ?? false,
      statuses: input.statuses.map((s, i) => ({
        id: `p${id}_${this.ids.hex(8)}`,
        status: s.status,
        type: s.type,
        orderindex: i,
        color: s.color,
      })),
      hiddenFolderId: this.ids.numericId("9015", 12),
      timeTracking: input.timeTracking ?? true,
      defaultToBillable: input.defaultToBillable ?? true,
    };
    this.spaces.set(id, space);
    return space;
  }

  addFolder(input: { spaceId: string; name: string; archived?: boolean }): SimFolder {
    this.requireSpace(input.spaceId);
    const folder: SimFolder = {
      id: this.ids.numericId("9015", 12),
      spaceId: input.spaceId,
      name: input.name,
      orderindex: [...this.folders.values()].filter((f) => f.spaceId === input.spaceId).length,
      archived: input.archived ?? false,
      deleted: false,
    };
    this.folders.set(folder.id, folder);
    return folder;
  }

  addList(input: {
    spaceId: string;
    folderId?: string | null;
    name: string;
    content?: string;
    archived?: boolean;
    startDate?: number | null;
    dueDate?: number | null;
    dueDateTime?: boolean;
    priority?: Priority | null;
    assigneeId?: number | null;
    color?: ListColor | null;
  }): SimList {
    this.requireSpace(input.spaceId);
    const list: SimList = {
      id: this.ids.numericId("9015", 12),
      spaceId: input.spaceId,
      folderId: input.folderId ?? null,
      name: input.name,
      orderindex: 0,
      content: input.content ?? "",
      archived: input.archived ?? false,
      startDate: input.startDate ?? null,
      dueDate: input.dueDate ?? null,
      dueDateTime: input.dueDateTime ?? false,
      priority: input.priority ?? null,
      assigneeId: input.assigneeId ?? null,
      color: input.color ?? null,
      deleted: false,
    };
    list.orderindex = [...this.lists.values()].filter(
      (l) => l.spaceId === list.spaceId && l.folderId === list.folderId,
    ).length;
    this.lists.set(list.id, list);
    this.tasksByList.set(list.id, []);
    return list;
  }

  addField(
    input: Omit<SimField, "id" | "dateCreated" | "hideFromGuests" | "required"> &
      Partial<Pick<SimField, "dateCreated" | "hideFromGuests" | "required">>,
  ): SimField {
    const field: SimField = {
      id: this.ids.uuid(),
      dateCreated: input.dateCreated ?? this.now(),
      hideFromGuests: input.hideFromGuests ?? false,
      required: input.required ?? false,
      ...input,
    };
    this.fields.set(field.id, field);
    this.fieldsVersion++;
    return field;
  }

  tagStyle(name: string, creator: number): TagStyle {
    const key = name.toLowerCase();
    let style = this.tagStyles.get(key);
    if (!style) {
      const [fg, bg] = TAG_COLORS[this.tagStyles.size % TAG_COLORS.length] ?? ["#000000", "#ffffff"];
      style = { name: key, fg, bg, creator };
      this.tagStyles.set(key, style);
    }
    return style;
  }

  addTask(input: NewTask): SimTask {
    const list = this.requireList(input.listId);
    const space = this.requireSpace(list.spaceId);
    const status = input.status ?? space.statuses[0]?.status ?? "to do";
    const statusType = this.statusOf(space, status)?.type ?? "open";
    const closedLike = statusType === "closed" || statusType === "done";
    const id = input.id ?? this.ids.taskId();
    if (input.id) this.ids.reserve(input.id);
    const siblings = this.tasksByList.get(list.id) ?? [];
    const task: SimTask = {
      index: this.tasks.length,
      id,
      customId: input.customId ?? null,
      customItemId: input.customItemId ?? 0,
      name: input.name,
      description: input.description ?? "",
      teamId: space.teamId,
      spaceId: space.id,
      folderId: list.folderId,
      listId: list.id,
      status,
      orderindex: siblings.length + 1,
      dateCreated: input.dateCreated,
      dateUpdated: input.dateUpdated ?? input.dateCreated,
      dateClosed:
        input.dateClosed !== undefined
          ? input.dateClosed
          : statusType === "closed"
            ? (input.dateUpdated ?? input.dateCreated)
            : null,
      dateDone:
        input.dateDone !== undefined
          ? input.dateDone
          : closedLike
            ? (input.dateUpdated ?? input.dateCreated)
            : null,
      archived: input.archived ?? false,
      deleted: false,
      creatorId: input.creatorId,
      assignees: input.assignees ?? [],
      watchers: input.watchers ?? [],
      tags: input.tags ?? [],
      parentId: input.parentId ?? null,
      priority: input.priority ?? null,
      startDate: input.startDate ?? null,
      dueDate: input.dueDate ?? null,
      dueDateTime: input.dueDateTime ?? false,
      startDateTime: input.startDateTime ?? false,
      timeEstimate: input.timeEstimate ?? null,
      timeSpent: 0,
      fields: input.fields ?? null,
    };
    this.tasks.push(task);
    this.taskById.set(id, task);
    if (task.customId) this.taskByCustomId.set(`${task.teamId}:${task.customId.toLowerCase()}`, task);
    siblings.push(task);
    this.tasksByList.set(list.id, siblings);
    if (task.parentId) {
      const children = this.childrenByParent.get(task.parentId) ?? [];
      children.push(task);
      this.childrenByParent.set(task.parentId, children);
    }
    this.version++;
    return task;
  }

  /** Re-home a task (list move); keeps the per-list index right. */
  moveTask(task: SimTask, listId: string): void {
    const list = this.requireList(listId);
    const old = this.tasksByList.get(task.listId);
    if (old) {
      const i = old.indexOf(task);
      if (i >= 0) old.splice(i, 1);
    }
    task.listId = list.id;
    task.folderId = list.folderId;
    task.spaceId = list.spaceId;
    const next = this.tasksByList.get(list.id) ?? [];
    next.push(task);
    this.tasksByList.set(list.id, next);
    this.version++;
  }

  setParent(task: SimTask, parentId: string | null): void {
    if (task.parentId) {
      const siblings = this.childrenByParent.get(task.parentId);
      const i = siblings?.indexOf(task) ?? -1;
      if (siblings && i >= 0) siblings.splice(i, 1);
    }
    task.parentId = parentId;
    if (parentId) {
      const children = this.childrenByParent.get(parentId) ?? [];
      children.push(task);
      this.childrenByParent.set(parentId, children);
    }
    this.version++;
  }

  /**
   * Mark tasks deleted (they leave every listing and answer 401 by id) and stop their running
   * timers. Webhooks are the caller's business.
   */
  retireTasks(tasks: readonly SimTask[]): void {
    for (const t of tasks) {
      t.deleted = true;
      t.dateUpdated = Math.max(this.now(), t.dateUpdated);
      for (const [userId, idx] of this.runningTimers)
        if (this.timeEntries.taskIdx[idx] === t.index) this.runningTimers.delete(userId);
    }
    this.version++;
  }

  // ---- lookups --------------------------------------------------------------------------

  requireTeam(id: string): SimTeam {
    const team = this.teams.get(id);
    if (!team) throw new Error(`unknown team ${id}`);
    return team;
  }

  requireSpace(id: string): SimSpace {
    const space = this.spaces.get(id);
    if (!space) throw new Error(`unknown space ${id}`);
    return space;
  }

  requireList(id: string): SimList {
    const list = this.lists.get(id);
    if (!list) throw new Error(`unknown list ${id}`);
    return list;
  }

  requireTask(id: string): SimTask {
    const task = this.taskById.get(id);
    if (!task || task.deleted) throw new Error(`unknown task ${id}`);
    return task;
  }

  taskByCustom(teamId: string, customId: string): SimTask | undefined {
    return this.taskByCustomId.get(`${teamId}:${customId.toLowerCase()}`);
  }

  memberRole(teamId: string, userId: number): RoleId | null {
    const team = this.teams.get(teamId);
    return team?.members.find((m) => m.userId === userId)?.role ?? null;
  }

  private readonly statusIndex = new WeakMap<SimStatus[], Map<string, SimStatus>>();

  /** Status by name (case-insensitive), indexed per status list because filters call it per task. */
  statusOf(space: SimSpace, status: string): SimStatus | undefined {
    let index = this.statusIndex.get(space.statuses);
    if (!index) {
      index = new Map(space.statuses.map((s) => [s.status, s]));
      this.statusIndex.set(space.statuses, index);
    }
    return index.get(status) ?? index.get(status.toLowerCase());
  }

  taskStatus(task: SimTask): SimStatus {
    const space = this.requireSpace(task.spaceId);
    return (
      this.statusOf(space, task.status) ?? {
        id: "",
        status: task.status,
        type: "custom",
        orderindex: 0,
        color: "#87909e",
      }
    );
  }

  isClosed(task: SimTask): boolean {
    const type = this.taskStatus(task).type;
    return type === "closed" || type === "done";
  }

  /** Root of the subtask chain, or null for a top-level task. */
  topLevelParent(task: SimTask): string | null {
    let current = task;
    let guard = 0;
    while (current.parentId && guard++ < 50) {
      const parent = this.taskById.get(current.parentId);
      if (!parent) break;
      current = parent;
    }
    return current === task ? null : current.id;
  }

  /** Every custom field accessible on a list: workspace-wide plus its space/folder/list ones. */
  fieldsForList(list: SimList): SimField[] {
    const cached = this.listFieldCache.get(list.id);
    if (cached && cached.version === this.fieldsVersion) return cached.fields;
    const space = this.requireSpace(list.spaceId);
    const result: SimField[] = [];
    for (const f of this.fields.values()) {
      if (f.teamId !== space.teamId) continue;
      const { level, id } = f.scope;
      if (
        level === "team" ||
        (level === "space" && id === list.spaceId) ||
        (level === "folder" && id === list.folderId) ||
        (level === "list" && id === list.id)
      ) {
        result.push(f);
      }
    }
    this.listFieldCache.set(list.id, { version: this.fieldsVersion, fields: result });
    return result;
  }

  /** The fields of the task's list that apply to its custom task type (`applied_objects`). */
  fieldsForTask(task: SimTask, list: SimList = this.requireList(task.listId)): SimField[] {
    const fields = this.fieldsForList(list);
    return fields.some((f) => f.appliesTo)
      ? fields.filter((f) => !f.appliesTo || f.appliesTo.includes(task.customItemId))
      : fields;
  }

  findField(teamId: string, idOrName: string): SimField | undefined {
    const byId = this.fields.get(idOrName);
    if (byId) return byId;
    const needle = idOrName.toLowerCase();
    for (const f of this.fields.values())
      if (f.teamId === teamId && f.name.toLowerCase() === needle) return f;
    return undefined;
  }
}
