import { asArray, asObject, bool, id, idOrNull, msOrNull, numOrNull, strOrNull, type Json } from "./decode";

/** Decoded, normalised ClickUp records: ids are strings, times are ms numbers or null. */

export interface CuUserRef {
  id: string;
  username: string | null;
  email: string | null;
  color: string | null;
  initials: string | null;
  profilePicture: string | null;
}

export interface CuMember extends CuUserRef {
  /** 1 owner, 2 admin, 3 member, 4 guest. */
  role: number | null;
}

export interface CuTeam {
  id: string;
  name: string;
  members: CuMember[];
}

export interface CuStatus {
  status: string;
  type: string | null;
  color: string | null;
  orderindex: number | null;
}

export interface CuSpace {
  id: string;
  name: string;
  archived: boolean;
  private: boolean;
  statuses: CuStatus[];
  timeTracking: boolean;
}

export interface CuList {
  id: string;
  name: string;
  folderId: string | null;
  folderHidden: boolean;
  spaceId: string | null;
  archived: boolean;
  /** Tasks in the list as ClickUp counts them (progress estimates only). */
  taskCount: number;
}

export interface CuFolder {
  id: string;
  name: string;
  spaceId: string | null;
  hidden: boolean;
  archived: boolean;
  lists: CuList[];
}

export interface CuFieldDef {
  id: string;
  name: string;
  type: string;
  typeConfig: unknown;
}

export interface CuTaskField extends CuFieldDef {
  /** Absent when the field is not set on the task. */
  hasValue: boolean;
  value: unknown;
}

export interface CuTask {
  id: string;
  customId: string | null;
  customItemId: number | null;
  name: string;
  description: string | null;
  status: CuStatus | null;
  dateCreated: number | null;
  dateUpdated: number | null;
  dateClosed: number | null;
  archived: boolean;
  assignees: CuUserRef[];
  tags: string[];
  parentId: string | null;
  priority: string | null;
  dueDate: number | null;
  startDate: number | null;
  timeEstimate: number | null;
  timeSpent: number | null;
  customFields: CuTaskField[];
  listId: string | null;
  listName: string | null;
  folderId: string | null;
  folderName: string | null;
  folderHidden: boolean;
  spaceId: string | null;
  teamId: string | null;
  url: string | null;
}

export interface CuTimeEntry {
  id: string;
  taskId: string | null;
  userId: string;
  start: number;
  end: number | null;
  /** Negative while a timer runs. */
  duration: number;
  billable: boolean;
  description: string | null;
  at: number | null;
}

export interface CuWebhook {
  id: string;
  endpoint: string;
  events: string[];
  status: string | null;
  failCount: number;
  secret: string | null;
}

export function decodeUserRef(raw: unknown): CuUserRef {
  const u = asObject(raw);
  return {
    id: id(u.id),
    username: strOrNull(u.username),
    email: strOrNull(u.email),
    color: strOrNull(u.color),
    initials: strOrNull(u.initials),
    profilePicture: strOrNull(u.profilePicture),
  };
}

export function decodeTeam(raw: unknown): CuTeam {
  const t = asObject(raw);
  return {
    id: id(t.id),
    name: strOrNull(t.name) ?? "",
    members: asArray(t.members).map((m) => {
      const user = asObject(asObject(m).user);
      return { ...decodeUserRef(user), role: numOrNull(user.role) };
    }),
  };
}

export function decodeStatus(raw: unknown): CuStatus | null {
  if (!raw || typeof raw !== "object") return null;
  const s = raw as Json;
  return {
    status: strOrNull(s.status) ?? "",
    type: strOrNull(s.type),
    color: strOrNull(s.color),
    orderindex: numOrNull(s.orderindex),
  };
}

export function decodeSpace(raw: unknown): CuSpace {
  const s = asObject(raw);
  const tracking = asObject(asObject(s.features).time_tracking);
  return {
    id: id(s.id),
    name: strOrNull(s.name) ?? "",
    archived: bool(s.archived),
    private: bool(s.private),
    statuses: asArray(s.statuses)
      .map(decodeStatus)
      .filter((x): x is CuStatus => x !== null),
    timeTracking: tracking.enabled === undefined ? true : bool(tracking.enabled),
  };
}

export function decodeList(raw: unknown, fallbackSpaceId: string | null = null): CuList {
  const l = asObject(raw);
  const folder = asObject(l.folder);
  const hidden = bool(folder.hidden) || folder.name === "hidden";
  return {
    id: id(l.id),
    name: strOrNull(l.name) ?? "",
    folderId: hidden ? null : idOrNull(folder.id),
    folderHidden: hidden,
    spaceId: idOrNull(asObject(l.space).id) ?? fallbackSpaceId,
    archived: bool(l.archived),
    taskCount: numOrNull(l.task_count) ?? 0,
  };
}

export function decodeFolder(raw: unknown): CuFolder {
  const f = asObject(raw);
  const spaceId = idOrNull(asObject(f.space).id);
  const folderId = id(f.id);
  return {
    id: folderId,
    name: strOrNull(f.name) ?? "",
    spaceId,
    hidden: bool(f.hidden),
    archived: bool(f.archived),
    lists: asArray(f.lists).map((l) => {
      const list = decodeList(l, spaceId);
      return { ...list, folderId: list.folderId ?? folderId, folderHidden: false };
    }),
  };
}

export function decodeTask(raw: unknown): CuTask {
  const t = asObject(raw);
  const list = asObject(t.list);
  const folder = asObject(Object.keys(asObject(t.folder)).length ? t.folder : t.project);
  const folderHidden = bool(folder.hidden) || folder.name === "hidden";
  const priority = asObject(t.priority);
  return {
    id: id(t.id),
    customId: idOrNull(t.custom_id),
    customItemId: numOrNull(t.custom_item_id),
    name: strOrNull(t.name) ?? "",
    description: strOrNull(t.text_content) ?? strOrNull(t.description),
    status: decodeStatus(t.status),
    dateCreated: msOrNull(t.date_created),
    dateUpdated: msOrNull(t.date_updated),
    dateClosed: msOrNull(t.date_closed),
    archived: bool(t.archived),
    assignees: asArray(t.assignees).map(decodeUserRef),
    tags: asArray(t.tags)
      .map((tag) => strOrNull(asObject(tag).name))
      .filter((x): x is string => x !== null),
    parentId: idOrNull(t.parent),
    priority: strOrNull(priority.priority),
    dueDate: msOrNull(t.due_date),
    startDate: msOrNull(t.start_date),
    timeEstimate: numOrNull(t.time_estimate),
    timeSpent: numOrNull(t.time_spent),
    customFields: asArray(t.custom_fields).map((f) => {
      const field = asObject(f);
      return {
        id: id(field.id),
        name: strOrNull(field.name) ?? "",
        type: strOrNull(field.type) ?? "unknown",
        typeConfig: field.type_config ?? null,
        hasValue: "value" in field && field.value !== null && field.value !== undefined,
        value: field.value ?? null,
      };
    }),
    listId: idOrNull(list.id),
    listName: strOrNull(list.name),
    folderId: folderHidden ? null : idOrNull(folder.id),
    folderName: folderHidden ? null : strOrNull(folder.name),
    folderHidden,
    spaceId: idOrNull(asObject(t.space).id),
    teamId: idOrNull(t.team_id),
    url: strOrNull(t.url),
  };
}

export function decodeTimeEntry(raw: unknown): CuTimeEntry {
  const e = asObject(raw);
  const start = msOrNull(e.start) ?? 0;
  const end = msOrNull(e.end);
  const duration = numOrNull(e.duration) ?? (end !== null ? end - start : 0);
  return {
    id: id(e.id),
    taskId: idOrNull(asObject(e.task).id),
    userId: id(asObject(e.user).id),
    start,
    end,
    duration: Math.trunc(duration),
    billable: bool(e.billable),
    description: strOrNull(e.description),
    at: msOrNull(e.at),
  };
}

export function decodeWebhook(raw: unknown): CuWebhook {
  const w = asObject(raw);
  const health = asObject(w.health);
  return {
    id: id(w.id),
    endpoint: strOrNull(w.endpoint) ?? "",
    events: asArray(w.events).map(String),
    status: strOrNull(health.status),
    failCount: numOrNull(health.fail_count) ?? 0,
    secret: strOrNull(w.secret),
  };
}
