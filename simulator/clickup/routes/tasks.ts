import type { Hono } from "hono";
import { fieldAppliesTo, parseFieldWrite } from "../custom-fields";
import {
  flag,
  optBoolean,
  optNullableNumber,
  optString,
  queryParams,
  readJson,
  type SimCtx,
  type SimEnv,
  type SimServices,
} from "../context";
import { errors } from "../errors";
import type { FieldValue, Priority, SimField, SimTask } from "../model";
import type { TaskPatch } from "../operations";
import { taskObject } from "../serialize";
import { filterAndSort, parseTaskQuery, queryKey, TASK_PAGE_SIZE, type TaskQuery } from "../task-query";

export function parsePriority(raw: unknown): Priority | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null) return null;
  const n = Number(raw);
  if (n === 1 || n === 2 || n === 3 || n === 4) return n;
  throw errors.badRequest("Priority must be 1 (urgent) to 4 (low) or null", "INPUT_007");
}

function parseIdList(raw: unknown, name: string): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw errors.badRequest(`${name} must be an array of user ids`, "INPUT_008");
  return raw.map(Number).filter(Number.isFinite);
}

/** Tasks: the two listing endpoints, single task, create/update/delete, custom-field values and tags (§3). */
export function registerTaskRoutes(api: Hono<SimEnv>, services: SimServices): void {
  const { state, ops, queryCache } = services;

  const taskFromRequest = (c: SimCtx): SimTask => {
    const params = queryParams(c);
    return c.get("access").task(c.req.param("task_id") ?? "", {
      customTaskIds: flag(params, "custom_task_ids"),
      teamId: params.get("team_id"),
    });
  };

  const page = (c: SimCtx, query: TaskQuery, cacheKey: string, compute: () => SimTask[]) => {
    const params = queryParams(c);
    const all = queryCache.get(`${state.version}|${cacheKey}|${queryKey(query)}`, () => compute());
    const start = query.page * TASK_PAGE_SIZE;
    const slice = all.slice(start, start + TASK_PAGE_SIZE);
    const baseUrl = c.get("baseUrl");
    const markdown = flag(params, "include_markdown_description");
    return c.json({
      tasks: slice.map((t) => taskObject(state, t, { baseUrl, listing: true, markdown })),
      last_page: start + TASK_PAGE_SIZE >= all.length,
    });
  };

  api.get("/list/:list_id/task", (c) => {
    const access = c.get("access");
    const list = access.list(c.req.param("list_id"));
    const query = parseTaskQuery(queryParams(c));
    return page(c, query, `list:${list.id}|user:${access.userId}`, () =>
      filterAndSort(state, state.tasksByList.get(list.id) ?? [], query, (t) => access.canSeeTask(t)),
    );
  });

  api.get("/team/:team_id/task", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    // Get Filtered Team Tasks documents no `archived` parameter (the OpenAPI document; only Get
    // Tasks of a list has one): it is ignored, and archived tasks are left out as by default.
    const query: TaskQuery = { ...parseTaskQuery(queryParams(c)), archived: false };
    return page(c, query, `team:${team.id}|user:${access.userId}`, () =>
      filterAndSort(state, state.tasks, query, (t) => t.teamId === team.id && access.canSeeTask(t)),
    );
  });

  api.get("/task/:task_id", (c) => {
    const access = c.get("access");
    const task = taskFromRequest(c);
    const params = queryParams(c);
    const opts = {
      baseUrl: c.get("baseUrl"),
      listing: false,
      markdown: flag(params, "include_markdown_description"),
    };
    const out = taskObject(state, task, opts);
    out["attachments"] = [];
    if (flag(params, "include_subtasks")) {
      const children = (state.childrenByParent.get(task.id) ?? []).filter((t) => access.canSeeTask(t));
      out["subtasks"] = children.map((t) => taskObject(state, t, { ...opts, listing: true }));
    }
    return c.json(out);
  });

  const accessibleField = (task: SimTask, fieldId: string): SimField => {
    const field = state.fieldsForList(state.requireList(task.listId)).find((f) => f.id === fieldId);
    if (!field) throw errors.badRequest("Custom field not found on this task's list", "FIELD_033");
    return field;
  };
  /** Set Custom Field Value: "Returns 400 if the field is not enabled for the task's custom task type". */
  const applicableField = (task: SimTask, fieldId: string): SimField => {
    const field = accessibleField(task, fieldId);
    if (!fieldAppliesTo(field, task.customItemId)) throw errors.fieldNotApplicable();
    return field;
  };

  api.post("/list/:list_id/task", async (c) => {
    const access = c.get("access");
    const list = access.writableList(c.req.param("list_id"), "can_create_tasks");
    const body = await readJson(c);
    const name = (typeof body["name"] === "string" ? body["name"] : "").trim();
    if (!name || name.length > 2048) throw errors.taskNameInvalid();
    const fields: Record<string, FieldValue> = {};
    if (body["custom_fields"] !== undefined) {
      if (!Array.isArray(body["custom_fields"]))
        throw errors.badRequest("custom_fields must be an array", "INPUT_009");
      const available = state.fieldsForList(list);
      // "Custom Field values in the request body are only saved when the field is applicable to
      // the task's custom_item_id" (Create Task): others are dropped.
      const type = optNullableNumber(body["custom_item_id"], "custom_item_id") ?? 0;
      for (const entry of body["custom_fields"] as Array<{ id?: unknown; value?: unknown }>) {
        const field = available.find((f) => f.id === entry?.id);
        if (!field) throw errors.badRequest("Custom field not found on this list", "FIELD_033");
        if (!fieldAppliesTo(field, type)) continue;
        const value = parseFieldWrite(state, field, entry.value, undefined);
        if (value !== undefined) fields[field.id] = value;
      }
    }
    const parent = optString(body["parent"], "parent") ?? null;
    if (parent) access.task(parent);
    const task = ops.createTask(access.userId, list.id, {
      name,
      // Markdown wins; older docs call it markdown_description (both observed to work).
      description:
        optString(body["markdown_content"], "markdown_content") ??
        optString(body["markdown_description"], "markdown_description") ??
        optString(body["description"], "description"),
      status: optString(body["status"], "status"),
      priority: parsePriority(body["priority"]),
      dueDate: optNullableNumber(body["due_date"], "due_date"),
      startDate: optNullableNumber(body["start_date"], "start_date"),
      dueDateTime: optBoolean(body["due_date_time"]),
      startDateTime: optBoolean(body["start_date_time"]),
      timeEstimate: optNullableNumber(body["time_estimate"], "time_estimate"),
      assignees: parseIdList(body["assignees"], "assignees"),
      tags: Array.isArray(body["tags"]) ? (body["tags"] as unknown[]).map(String) : [],
      parentId: parent,
      customItemId: optNullableNumber(body["custom_item_id"], "custom_item_id") ?? 0,
      fields,
    });
    return c.json(taskObject(state, task, { baseUrl: c.get("baseUrl"), listing: false, markdown: false }));
  });

  api.put("/task/:task_id", async (c) => {
    const access = c.get("access");
    const task = taskFromRequest(c);
    const body = await readJson(c);
    const patch: TaskPatch = {
      name: optString(body["name"], "name"),
      description:
        optString(body["markdown_content"], "markdown_content") ??
        optString(body["description"], "description"),
      status: optString(body["status"], "status"),
      priority: parsePriority(body["priority"]),
      dueDate: optNullableNumber(body["due_date"], "due_date"),
      startDate: optNullableNumber(body["start_date"], "start_date"),
      dueDateTime: optBoolean(body["due_date_time"]),
      startDateTime: optBoolean(body["start_date_time"]),
      timeEstimate: optNullableNumber(body["time_estimate"], "time_estimate"),
      archived: optBoolean(body["archived"]),
    };
    const assignees = body["assignees"];
    if (assignees !== undefined && assignees !== null) {
      if (typeof assignees !== "object" || Array.isArray(assignees))
        throw errors.badRequest("assignees must be {add: [], rem: []}", "INPUT_008");
      const a = assignees as { add?: unknown; rem?: unknown };
      patch.assignees = {
        add: parseIdList(a.add, "assignees.add"),
        rem: parseIdList(a.rem, "assignees.rem"),
      };
    }
    if (body["parent"] !== undefined) {
      const parent = optString(body["parent"], "parent") ?? null;
      if (parent) access.task(parent);
      patch.parentId = parent;
    }
    if (body["custom_item_id"] !== undefined)
      patch.customItemId = optNullableNumber(body["custom_item_id"], "custom_item_id") ?? 0;
    if (patch.name !== undefined && !patch.name.trim())
      throw errors.badRequest("Task name invalid", "INPUT_005");
    ops.updateTask(access.userId, task, patch);
    return c.json(taskObject(state, task, { baseUrl: c.get("baseUrl"), listing: false, markdown: false }));
  });

  api.delete("/task/:task_id", (c) => {
    const task = taskFromRequest(c);
    ops.deleteTask(c.get("access").userId, task);
    return c.json({});
  });

  api.post("/task/:task_id/field/:field_id", async (c) => {
    const access = c.get("access");
    const task = taskFromRequest(c);
    const field = applicableField(task, c.req.param("field_id"));
    const body = await readJson(c);
    if (!("value" in body)) throw errors.fieldValue("value is required");
    const value = parseFieldWrite(state, field, body["value"], task.fields?.[field.id]);
    ops.setCustomField(access.userId, task, field, value);
    return c.json({});
  });

  api.delete("/task/:task_id/field/:field_id", (c) => {
    const access = c.get("access");
    const task = taskFromRequest(c);
    const field = accessibleField(task, c.req.param("field_id"));
    ops.setCustomField(access.userId, task, field, undefined);
    return c.json({});
  });

  api.post("/task/:task_id/tag/:tag_name", (c) => {
    const task = taskFromRequest(c);
    ops.setTags(c.get("access").userId, task, [c.req.param("tag_name")], []);
    return c.json({});
  });

  api.delete("/task/:task_id/tag/:tag_name", (c) => {
    const task = taskFromRequest(c);
    ops.setTags(c.get("access").userId, task, [], [c.req.param("tag_name")]);
    return c.json({});
  });
}
