import { taskCustomFields } from "./custom-fields";
import { LIST_COLORS } from "./list-colors";
import type { Priority, SimFolder, SimList, SimSpace, SimTask, SimTeam, SimUser, SimWebhook } from "./model";
import type { SimState } from "./state";
import type { TimeEntryRecord } from "./time-entry-store";

/**
 * Wire shapes of ClickUp API v2 responses (clickup-api.md §2–§5), including its type quirks:
 * ms timestamps as strings on tasks, numbers in time-entry create responses, integer user ids,
 * string ids everywhere else.
 */

type Json = Record<string, unknown>;

const ROLE_KEYS = { 1: "owner", 2: "admin", 3: "member", 4: "guest" } as const;

export const PRIORITIES: Record<Priority, { priority: string; color: string }> = {
  1: { priority: "urgent", color: "#f50000" },
  2: { priority: "high", color: "#f8ae00" },
  3: { priority: "normal", color: "#6fddff" },
  4: { priority: "low", color: "#d8d8d8" },
};

const msString = (ms: number | null): string | null => (ms === null ? null : String(ms));

export function userObject(user: SimUser): Json {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    color: user.color,
    profilePicture: user.profilePicture,
    initials: user.initials,
  };
}

export function authorizedUser(user: SimUser): Json {
  return {
    user: {
      ...userObject(user),
      week_start_day: 1,
      global_font_support: false,
      timezone: user.timezone,
    },
  };
}

export function teamObject(state: SimState, team: SimTeam): Json {
  return {
    id: team.id,
    name: team.name,
    color: team.color,
    avatar: team.avatar,
    members: team.members.flatMap((m) => {
      const user = state.users.get(m.userId);
      if (!user) return [];
      return [
        {
          user: {
            ...userObject(user),
            role: m.role,
            role_subtype: 0,
            role_key: ROLE_KEYS[m.role],
            custom_role: null,
            last_active: String(m.lastActive),
            date_joined: String(m.dateJoined),
            date_invited: String(m.dateInvited),
          },
        },
      ];
    }),
  };
}

export function spaceObject(space: SimSpace): Json {
  return {
    id: space.id,
    name: space.name,
    color: space.color,
    private: space.private,
    avatar: null,
    admin_can_manage: true,
    archived: space.archived,
    multiple_assignees: true,
    statuses: space.statuses.map((s) => ({
      id: s.id,
      status: s.status,
      type: s.type,
      orderindex: s.orderindex,
      color: s.color,
    })),
    features: {
      due_dates: { enabled: true, start_date: true, remap_due_dates: true, remap_closed_due_date: false },
      time_tracking: {
        enabled: space.timeTracking,
        harvest: false,
        rollup: false,
        default_to_billable: space.defaultToBillable ? 2 : 0,
      },
      time_estimates: { enabled: true, rollup: false, per_assignee: false },
      priorities: {
        enabled: true,
        priorities: (Object.keys(PRIORITIES) as unknown as Priority[]).map((k) => ({
          color: PRIORITIES[k].color,
          id: String(k),
          orderindex: String(k),
          priority: PRIORITIES[k].priority,
        })),
      },
      tags: { enabled: true },
      checklists: { enabled: true },
      portfolios: { enabled: true },
      check_unresolved: { enabled: true, subtasks: null, checklists: null, comments: null },
      custom_fields: { enabled: true },
      remap_dependencies: { enabled: true },
      dependency_warning: { enabled: true },
      status_pies: { enabled: false },
      multiple_assignees: { enabled: true },
      emails: { enabled: true },
      custom_items: { enabled: true },
      points: { enabled: false },
      milestones: { enabled: true },
    },
  };
}

function taskCount(state: SimState, listIds: string[]): number {
  let n = 0;
  for (const id of listIds)
    for (const t of state.tasksByList.get(id) ?? []) if (!t.deleted && !t.archived) n++;
  return n;
}

function folderRef(state: SimState, list: SimList): Json {
  if (list.folderId === null) {
    const space = state.spaces.get(list.spaceId);
    return { id: space?.hiddenFolderId ?? "", name: "hidden", hidden: true, access: true };
  }
  const folder = state.folders.get(list.folderId);
  return { id: list.folderId, name: folder?.name ?? "", hidden: false, access: true };
}

export function listObject(state: SimState, list: SimList, withStatuses = true): Json {
  const space = state.spaces.get(list.spaceId);
  const assignee = list.assigneeId === null ? undefined : state.users.get(list.assigneeId);
  const out: Json = {
    id: list.id,
    name: list.name,
    deleted: list.deleted,
    orderindex: list.orderindex,
    content: list.content,
    // The list colour, not a task status (clickup-api-writes.md §2).
    status:
      list.color === null ? null : { status: list.color, color: LIST_COLORS[list.color], hide_label: true },
    priority:
      list.priority === null
        ? null
        : { priority: PRIORITIES[list.priority].priority, color: PRIORITIES[list.priority].color },
    assignee: assignee
      ? {
          id: assignee.id,
          username: assignee.username,
          color: assignee.color,
          initials: assignee.initials,
          profilePicture: assignee.profilePicture,
        }
      : null,
    // A string, as in the OpenAPI document (clients parse numbers and strings alike).
    task_count: String(taskCount(state, [list.id])),
    due_date: msString(list.dueDate),
    due_date_time: list.dueDateTime,
    start_date: msString(list.startDate),
    start_date_time: null,
    folder: folderRef(state, list),
    space: { id: list.spaceId, name: space?.name ?? "", access: true },
    inbound_address: `a.t.${list.id}.sim@tasks.clickup.com`,
    archived: list.archived,
    override_statuses: false,
    permission_level: "create",
  };
  if (withStatuses && space)
    out["statuses"] = space.statuses.map((s) => ({
      id: s.id,
      status: s.status,
      orderindex: s.orderindex,
      color: s.color,
      type: s.type,
    }));
  return out;
}

export function folderObject(state: SimState, folder: SimFolder, lists: SimList[]): Json {
  const space = state.spaces.get(folder.spaceId);
  return {
    id: folder.id,
    name: folder.name,
    orderindex: folder.orderindex,
    override_statuses: false,
    hidden: false,
    space: { id: folder.spaceId, name: space?.name ?? "", access: true },
    task_count: String(
      taskCount(
        state,
        lists.map((l) => l.id),
      ),
    ),
    archived: folder.archived,
    statuses: [],
    lists: lists.map((l) => listObject(state, l, false)),
    permission_level: "create",
    ...(folder.deleted ? { deleted: true } : {}),
  };
}

export interface TaskSerializeOptions {
  baseUrl: string;
  /** List endpoints omit `time_spent` for tasks without tracked time; the single task has it. */
  listing: boolean;
  markdown: boolean;
}

export function taskObject(state: SimState, task: SimTask, opts: TaskSerializeOptions): Json {
  const status = state.taskStatus(task);
  const list = state.lists.get(task.listId);
  const creator = state.users.get(task.creatorId);
  const folder = list ? folderRef(state, list) : { id: "", name: "hidden", hidden: true, access: true };
  const out: Json = {
    id: task.id,
    custom_id: task.customId,
    custom_item_id: task.customItemId,
    name: task.name,
    text_content: task.description,
    description: task.description,
  };
  if (opts.markdown) out["markdown_description"] = task.description;
  Object.assign(out, {
    status: {
      id: status.id,
      status: status.status,
      color: status.color,
      orderindex: status.orderindex,
      type: status.type,
    },
    orderindex: `${task.orderindex}.00000000000000000000000000000000`,
    date_created: String(task.dateCreated),
    date_updated: String(task.dateUpdated),
    date_closed: msString(task.dateClosed),
    date_done: msString(task.dateDone),
    archived: task.archived,
    creator: creator
      ? {
          id: creator.id,
          username: creator.username,
          color: creator.color,
          email: creator.email,
          profilePicture: creator.profilePicture,
        }
      : { id: task.creatorId, username: null, color: null, email: null, profilePicture: null },
    assignees: task.assignees.flatMap((id) => {
      const u = state.users.get(id);
      return u ? [userObject(u)] : [];
    }),
    group_assignees: [],
    watchers: task.watchers.flatMap((id) => {
      const u = state.users.get(id);
      return u ? [userObject(u)] : [];
    }),
    checklists: [],
    tags: task.tags.map((name) => {
      const style = state.tagStyle(name, task.creatorId);
      return { name: style.name, tag_fg: style.fg, tag_bg: style.bg, creator: style.creator };
    }),
    parent: task.parentId,
    top_level_parent: state.topLevelParent(task),
    priority:
      task.priority === null
        ? null
        : {
            id: String(task.priority),
            priority: PRIORITIES[task.priority].priority,
            color: PRIORITIES[task.priority].color,
            orderindex: String(task.priority),
          },
    due_date: msString(task.dueDate),
    start_date: msString(task.startDate),
    points: null,
    time_estimate: task.timeEstimate,
  });
  if (!opts.listing || task.timeSpent > 0) out["time_spent"] = task.timeSpent;
  Object.assign(out, {
    custom_fields: taskCustomFields(state, task, opts.baseUrl),
    dependencies: [],
    linked_tasks: [],
    locations: [],
    team_id: task.teamId,
    url: `${opts.baseUrl}/t/${task.id}`,
    sharing: {
      public: false,
      public_share_expires_on: null,
      public_fields: [
        "assignees",
        "priority",
        "due_date",
        "content",
        "comments",
        "attachments",
        "customFields",
        "subtasks",
        "tags",
        "checklists",
        "coverimage",
      ],
      token: null,
      seo_optimized: false,
    },
    permission_level: "create",
    list: { id: task.listId, name: list?.name ?? "", access: true },
    project: folder,
    folder,
    space: { id: task.spaceId },
  });
  return out;
}

export function webhookObject(webhook: SimWebhook): Json {
  return {
    id: webhook.id,
    userid: webhook.userId,
    team_id: Number(webhook.teamId),
    endpoint: webhook.endpoint,
    client_id: webhook.clientId,
    events: webhook.events,
    task_id: webhook.taskId,
    list_id: webhook.listId,
    folder_id: webhook.folderId,
    space_id: webhook.spaceId,
    health: { status: webhook.status, fail_count: webhook.failCount },
    secret: webhook.secret,
  };
}

/**
 * The wire types of a time entry differ per endpoint:
 * - `read` (GET list/single, PUT): every timestamp a string (OpenAPI document, Gettimeentries…);
 * - `create` (POST, start timer): numeric start/duration/at but a string end, no source, the
 *   user's timezone (clickup-api.md §4.1, observed);
 * - `stop` (stop timer): start a string, end/duration/at numbers, with source
 *   (Stopatimeentryresponse; DELETE's `data` has this type in the document too, but is answered in
 *   the read shape — see the DELETE route);
 * - `current` (running timer): start and at strings, `duration` an integer — negative while the
 *   timer runs (Getrunningtimeentryresponse).
 */
export type TimeEntryFormat = "read" | "create" | "stop" | "current";

export interface TimeEntrySerializeOptions {
  baseUrl: string;
  format: TimeEntryFormat;
  includeTaskTags: boolean;
  includeLocationNames: boolean;
}

export function timeEntryObject(
  state: SimState,
  rec: TimeEntryRecord,
  opts: TimeEntrySerializeOptions,
): Json {
  const user = state.userList[rec.userIndex];
  const team = state.teamList[rec.teamIndex];
  const task = rec.taskIndex >= 0 ? state.tasks[rec.taskIndex] : undefined;
  // A running timer reports a negative duration (-start) and no end.
  const duration = rec.running ? -rec.start : rec.duration;
  const end = rec.running ? null : rec.start + rec.duration;
  const out: Json = { id: rec.id };
  if (task) {
    const status = state.taskStatus(task);
    const stub: Json = {
      id: task.id,
      name: task.name,
      status: {
        status: status.status,
        color: status.color,
        type: status.type,
        orderindex: status.orderindex,
      },
      custom_type: null,
    };
    if (task.customId) stub["custom_id"] = task.customId;
    out["task"] = stub;
  }
  const f = opts.format;
  const userJson: Json = user ? userObject(user) : { id: null };
  if (f === "create" && user) userJson["timezone"] = user.timezone;
  Object.assign(out, {
    wid: team?.id ?? "",
    user: userJson,
    billable: rec.billable,
    start: f === "create" ? rec.start : String(rec.start),
    end: end === null ? null : f === "stop" ? end : String(end),
    duration: f === "read" ? String(duration) : duration,
    description: rec.description,
    tags: rec.tags,
  });
  if (f !== "create") out["source"] = rec.source;
  out["at"] = f === "create" || f === "stop" ? rec.at : String(rec.at);
  out["is_locked"] = false;
  out["approval_id"] = null;
  if (task) {
    const list = state.lists.get(task.listId);
    const space = state.spaces.get(task.spaceId);
    const folderId = task.folderId ?? space?.hiddenFolderId ?? "";
    const location: Json = { list_id: task.listId, folder_id: folderId, space_id: task.spaceId };
    if (opts.includeLocationNames) {
      location["list_name"] = list?.name ?? "";
      location["folder_name"] = task.folderId ? (state.folders.get(task.folderId)?.name ?? "") : "hidden";
      location["space_name"] = space?.name ?? "";
    }
    out["task_location"] = location;
    if (opts.includeTaskTags) {
      out["task_tags"] = task.tags.map((name) => {
        const style = state.tagStyle(name, task.creatorId);
        return { name: style.name, tag_fg: style.fg, tag_bg: style.bg, creator: style.creator };
      });
    }
    out["task_url"] = `${opts.baseUrl}/t/${task.id}`;
  } else {
    out["task_location"] = {};
  }
  return out;
}

/** List and task members: the user plus `profileInfo` (required there by the OpenAPI document). */
export function usersJson(state: SimState, ids: readonly number[]): Json[] {
  return ids.flatMap((id) => {
    const u = state.users.get(id);
    return u
      ? [
          {
            ...userObject(u),
            profileInfo: {
              display_profile: null,
              verified_ambassador: null,
              verified_consultant: null,
              top_tier_user: null,
              viewed_verified_ambassador: null,
              viewed_verified_consultant: null,
              viewed_top_tier_user: null,
            },
          },
        ]
      : [];
  });
}
