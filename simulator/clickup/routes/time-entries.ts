import type { Hono } from "hono";
import type { Access } from "../access";
import {
  flag,
  optBoolean,
  optNumber,
  optString,
  queryParams,
  readJson,
  type SimCtx,
  type SimEnv,
  type SimServices,
} from "../context";
import { errors } from "../errors";
import type { TimeEntryTag } from "../model";
import { timeEntryObject, type TimeEntryFormat } from "../serialize";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

function parseTags(raw: unknown): TimeEntryTag[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw errors.badRequest("tags must be an array of {name}", "TIMEENTRY_004");
  return raw.map((t) => {
    const tag = (t ?? {}) as { name?: unknown; tag_fg?: unknown; tag_bg?: unknown };
    if (typeof tag.name !== "string" || !tag.name)
      throw errors.badRequest("tags must be an array of {name}", "TIMEENTRY_004");
    return {
      name: tag.name,
      tag_fg: typeof tag.tag_fg === "string" ? tag.tag_fg : "#000000",
      tag_bg: typeof tag.tag_bg === "string" ? tag.tag_bg : "#e0e0e0",
    };
  });
}

/** Time tracking (§4): list with the 30-day / own-entries defaults, CRUD, timers. */
export function registerTimeEntryRoutes(api: Hono<SimEnv>, services: SimServices): void {
  const { state, ops } = services;
  const store = state.timeEntries;

  const serializeOpts = (c: SimCtx, format: TimeEntryFormat) => {
    const params = queryParams(c);
    return {
      baseUrl: c.get("baseUrl"),
      format,
      includeTaskTags: flag(params, "include_task_tags"),
      includeLocationNames: flag(params, "include_location_names"),
    };
  };

  /** Entry index for `:timer_id` within the team, enforcing own-entries-only for members. */
  const entryFor = (access: Access, teamId: string, timerId: string): number => {
    const index = store.indexOf(timerId);
    if (index < 0 || state.teamList[store.teamIdx[index] ?? -1]?.id !== teamId)
      throw errors.itemNotAccessible();
    const owner = state.userList[store.userIdx[index] ?? -1];
    if (owner?.id !== access.userId && !access.isAdmin(teamId)) throw errors.timeEntryForbidden();
    return index;
  };

  /** Task id from `tid`, honouring custom_task_ids=true&team_id (§3.2). */
  const resolveTid = (c: SimCtx, access: Access, raw: unknown): string | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === null || raw === "") return null;
    const params = queryParams(c);
    const task = access.task(String(raw), {
      customTaskIds: flag(params, "custom_task_ids"),
      teamId: params.get("team_id"),
    });
    return task.id;
  };

  api.get("/team/:team_id/time_entries", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const params = queryParams(c);
    const now = state.now();
    // Defaults: the last 30 days, the caller's own entries only (§4.1).
    const startDate = optNumber(params.get("start_date"), "start_date") ?? now - THIRTY_DAYS_MS;
    const endDate = optNumber(params.get("end_date"), "end_date") ?? now;
    const assigneeParam = params.get("assignee");
    const assignees = assigneeParam
      ? assigneeParam
          .split(",")
          .map((s) => Number(s.trim()))
          .filter(Number.isFinite)
      : [access.userId];
    if (assignees.some((id) => id !== access.userId) && !access.isAdmin(team.id))
      throw errors.timeEntryForbidden();
    const userMask = new Uint8Array(state.userList.length);
    for (const id of assignees) {
      if (!state.users.has(id) || state.memberRole(team.id, id) === null) continue;
      userMask[state.userIndex(id)] = 1;
    }
    const locations = (["space_id", "folder_id", "list_id", "task_id"] as const).filter((k) => params.get(k));
    if (locations.length > 1)
      throw errors.badRequest(
        "Only one location filter (space_id, folder_id, list_id or task_id) is allowed",
        "TIMEENTRY_005",
      );
    const loc = locations[0];
    let locTaskId: string | null = null;
    if (loc === "task_id") locTaskId = resolveTid(c, access, params.get("task_id")) ?? null;
    const locValue = loc ? (params.get(loc) ?? "") : "";
    const billableParam = params.get("is_billable");
    const billable = billableParam === null ? null : billableParam === "true";
    const teamIndex = state.teamIndex(team.id);
    const matched: number[] = [];
    for (let i = 0; i < store.count; i++) {
      if (store.teamIdx[i] !== teamIndex || userMask[store.userIdx[i] ?? 0] !== 1 || store.isDeleted(i))
        continue;
      const start = store.start[i] ?? 0;
      if (start < startDate || start > endDate) continue;
      if (billable !== null && store.isBillable(i) !== billable) continue;
      const taskIndex = store.taskIdx[i] ?? -1;
      const task = taskIndex >= 0 ? state.tasks[taskIndex] : undefined;
      // Entries of deleted tasks disappear with the task.
      if (task && (task.deleted || !access.canSeeTask(task))) continue;
      if (loc) {
        if (!task) continue;
        if (loc === "task_id" && task.id !== locTaskId) continue;
        if (loc === "list_id" && task.listId !== locValue) continue;
        if (loc === "folder_id" && task.folderId !== locValue) continue;
        if (loc === "space_id" && task.spaceId !== locValue) continue;
      }
      matched.push(i);
    }
    matched.sort((a, b) => (store.start[b] ?? 0) - (store.start[a] ?? 0));
    const opts = serializeOpts(c, "read");
    return c.json({ data: matched.map((i) => timeEntryObject(state, store.get(i), opts)) });
  });

  api.post("/team/:team_id/time_entries", async (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const body = await readJson(c);
    // The document's Createatimeentryrequest requires `start` and `duration`; `stop` "can be
    // used instead of `duration`"; with both `start` and `end` (or `stop`) `duration` is ignored.
    // `end` alone does not replace `duration` (the document says so of `stop` only).
    const start = optNumber(body["start"], "start");
    if (start === undefined) throw errors.badRequest("start is required", "TIMEENTRY_001");
    const end = optNumber(body["end"] ?? body["stop"], "end");
    const duration = optNumber(body["duration"], "duration");
    if (duration === undefined && body["stop"] === undefined)
      throw errors.badRequest("duration is required (or stop instead of it)", "TIMEENTRY_001");
    const assignee = optNumber(body["assignee"], "assignee") ?? access.userId;
    if (assignee !== access.userId) {
      if (!access.isAdmin(team.id)) throw errors.timeEntryForbidden();
      if (state.memberRole(team.id, assignee) === null)
        throw errors.badRequest("Assignee is not a member of this workspace", "TIMEENTRY_006");
    }
    const index = ops.createTimeEntry(access.userId, {
      teamId: team.id,
      userId: assignee,
      start,
      end,
      duration,
      taskId: resolveTid(c, access, body["tid"]),
      description: optString(body["description"], "description"),
      billable: optBoolean(body["billable"]),
      tags: parseTags(body["tags"]),
      source: "api",
    });
    return c.json({ data: timeEntryObject(state, store.get(index), serializeOpts(c, "create")) });
  });

  api.get("/team/:team_id/time_entries/current", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const assignee = optNumber(queryParams(c).get("assignee"), "assignee") ?? access.userId;
    if (assignee !== access.userId && !access.isAdmin(team.id)) throw errors.timeEntryForbidden();
    const index = state.runningTimers.get(assignee);
    const running = index !== undefined && state.teamList[store.teamIdx[index] ?? -1]?.id === team.id;
    return c.json({
      data: running ? timeEntryObject(state, store.get(index), serializeOpts(c, "current")) : null,
    });
  });

  api.post("/team/:team_id/time_entries/start", async (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const body = await readJson(c);
    const index = ops.startTimer(access.userId, team.id, {
      taskId: resolveTid(c, access, body["tid"]),
      description: optString(body["description"], "description"),
      billable: optBoolean(body["billable"]),
      tags: parseTags(body["tags"]),
    });
    return c.json({ data: timeEntryObject(state, store.get(index), serializeOpts(c, "create")) });
  });

  api.post("/team/:team_id/time_entries/stop", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const index = ops.stopTimer(access.userId, team.id);
    if (index === null) throw errors.badRequest("No timer running", "TIMEENTRY_007");
    return c.json({ data: timeEntryObject(state, store.get(index), serializeOpts(c, "stop")) });
  });

  api.get("/team/:team_id/time_entries/tags", (c) => {
    c.get("access").team(c.req.param("team_id"));
    return c.json({ data: store.allTags() });
  });

  api.get("/team/:team_id/time_entries/:timer_id/history", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    entryFor(access, team.id, c.req.param("timer_id"));
    return c.json({ data: [] });
  });

  api.get("/team/:team_id/time_entries/:timer_id", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const index = entryFor(access, team.id, c.req.param("timer_id"));
    return c.json({ data: timeEntryObject(state, store.get(index), serializeOpts(c, "read")) });
  });

  api.put("/team/:team_id/time_entries/:timer_id", async (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const index = entryFor(access, team.id, c.req.param("timer_id"));
    const body = await readJson(c);
    // UpdateatimeEntryrequest: `tags` is the one required property; `tag_action` is one of
    // `replace`, `add`, `remove` (default here: replace — the tags sent become the entry's);
    // `start` and `end` only together.
    if (!Array.isArray(body["tags"]))
      throw errors.badRequest("tags is required (an array of {name, tag_fg, tag_bg})", "TIMEENTRY_004");
    const tagAction = body["tag_action"] ?? "replace";
    if (tagAction !== "replace" && tagAction !== "add" && tagAction !== "remove")
      throw errors.badRequest("tag_action must be replace, add or remove", "TIMEENTRY_008");
    const start = optNumber(body["start"], "start");
    const end = optNumber(body["end"], "end");
    if ((start === undefined) !== (end === undefined))
      throw errors.badRequest("start and end must be sent together", "TIMEENTRY_002");
    ops.updateTimeEntry(access.userId, team.id, index, {
      start,
      end,
      duration: optNumber(body["duration"], "duration"),
      description: optString(body["description"], "description"),
      billable: optBoolean(body["billable"]),
      taskId: resolveTid(c, access, body["tid"]),
      tags: parseTags(body["tags"]),
      tagAction,
    });
    // The response body is undocumented; clients should re-read the entry with GET.
    return c.json({ data: [timeEntryObject(state, store.get(index), serializeOpts(c, "read"))] });
  });

  api.delete("/team/:team_id/time_entries/:timer_id", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    // clickup-api.md §4.2: DELETE answers `{data: [TimeEntry]}` — observed as an array of the
    // read shape (ms as strings), for one id as for a comma-separated list; the OpenAPI document
    // says one entry in stop's shape. Observed wins (the contract check's repairs.ts allows it).
    const ids = c.req.param("timer_id").split(",");
    const indexes = ids.map((id) => entryFor(access, team.id, id.trim()));
    const opts = serializeOpts(c, "read");
    const deleted = indexes.map((i) => timeEntryObject(state, store.get(i), opts));
    for (const i of indexes) ops.deleteTimeEntry(access.userId, i);
    return c.json({ data: deleted });
  });
}
