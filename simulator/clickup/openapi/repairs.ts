/**
 * The repairs the contract check (scripts/check-clickup-contract.ts) makes to ClickUp's OpenAPI
 * document of API v2 before it validates anything against it — every one of them, in one place.
 *
 * The document is ClickUp's and is not copied into this repository: the check reads it from
 * ../shared/clickup-openapi-v2.json (or a path given as argument / CLICKUP_OPENAPI). It has
 * defects of its own: fields declared non-null that ClickUp answers with null, types that
 * contradict the document's own descriptions and examples, a schema no value can pass, a
 * response schema copied from its request. Each repair names the place (a JSON pointer into the
 * document), what is changed and why; `apply` fails loudly when the place no longer exists (a
 * newer document may have fixed it — then delete the repair).
 *
 * "Observed" = a live answer recorded in clickup-api.md / clickup-api-writes.md (../shared).
 * Deviations of the simulator from the document that are not repaired here are listed in
 * DEVIATIONS.md beside this file.
 */

type Json = Record<string, unknown>;

export interface Repair {
  /** JSON pointer into the document (`~1` = `/`). */
  path: string;
  what: string;
  why: string;
  /** The new value of the node at `path`, from its current value. */
  change: (current: unknown, doc: Json) => unknown;
}

/** The pointer of an operation's node: `op("/v2/user", "get", "responses/200/…")`. */
const op = (path: string, method: string, rest = "") =>
  `/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}${rest ? `/${rest}` : ""}`;
const ok = (path: string, method: string, rest = "") =>
  op(path, method, `responses/200/content/application~1json/schema${rest}`);
const body = (path: string, method: string, rest = "") =>
  op(path, method, `requestBody/content/application~1json/schema${rest}`);

/** `{type: T}` → `{type: [T, "null"]}` (also for type arrays); other schemas → `anyOf [s, null]`. */
export function nullable(schema: unknown): unknown {
  const s = schema as Json;
  if (s["type"] === undefined || s["$ref"] !== undefined) return { anyOf: [s, { type: "null" }] };
  const types = Array.isArray(s["type"]) ? (s["type"] as string[]) : [s["type"] as string];
  return types.includes("null") ? s : { ...s, type: [...types, "null"] };
}

/** Make the named properties of an object schema nullable. */
const nullableProps =
  (...names: string[]) =>
  (current: unknown): unknown => {
    const s = current as Json;
    const props = { ...(s["properties"] as Json) };
    for (const name of names) {
      if (!(name in props)) throw new Error(`no property ${name}`);
      props[name] = nullable(props[name]);
    }
    return { ...s, properties: props };
  };

/** Drop names from an object schema's `required`. */
const notRequired =
  (...names: string[]) =>
  (current: unknown): unknown => {
    const s = current as Json;
    const required = (s["required"] as string[] | undefined) ?? [];
    for (const name of names) if (!required.includes(name)) throw new Error(`${name} is not required`);
    return { ...s, required: required.filter((r) => !names.includes(r)) };
  };

/** Replace one property's schema, which must exist. */
const setProp =
  (name: string, schema: unknown) =>
  (current: unknown): unknown => {
    const s = current as Json;
    const props = s["properties"] as Json | undefined;
    if (!props || !(name in props)) throw new Error(`no property ${name}`);
    return { ...s, properties: { ...props, [name]: schema } };
  };

const both =
  (...changes: Array<(c: unknown) => unknown>) =>
  (current: unknown) =>
    changes.reduce((c, f) => f(c), current);

/** A `$ref` to a node of the document, as the document writes them (`{` `}` percent-encoded). */
const ref = (ptr: string) => ({ $ref: `#${ptr.replace(/\{/g, "%7B").replace(/\}/g, "%7D")}` });

/** A parameter list without its `Content-Type` header parameter. */
const withoutContentTypeHeader = (current: unknown): unknown => {
  const params = current as Json[];
  const kept = params.filter(
    (p) => !(p["in"] === "header" && String(p["name"]).toLowerCase() === "content-type"),
  );
  if (kept.length === params.length) throw new Error("no Content-Type header parameter");
  return kept;
};

const USER_OBJECT = {
  type: "object",
  required: ["id"],
  properties: {
    id: { type: "integer" },
    username: { type: ["string", "null"] },
    email: { type: ["string", "null"] },
    color: { type: ["string", "null"] },
    initials: { type: ["string", "null"] },
    profilePicture: { type: ["string", "null"] },
  },
};
const TAG_OBJECT = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, tag_fg: { type: "string" }, tag_bg: { type: "string" } },
};
const TASK_PRIORITY = {
  type: ["object", "null"],
  properties: {
    id: { type: "string" },
    priority: { type: "string" },
    color: { type: "string" },
    orderindex: { type: "string" },
  },
};

const TEAM_TASKS = "/v2/team/{team_Id}/task";
const LIST_TASKS = "/v2/list/{list_id}/task";
const TIME_ENTRIES = "/v2/team/{team_Id}/time_entries";
const TIME_ENTRY = "/v2/team/{team_id}/time_entries/{timer_id}";
/** The time entry of `GET /team/{id}/time_entries` (has `task`, which the single-entry one lacks). */
const TIME_ENTRY_SCHEMA = ok(TIME_ENTRIES, "get", "/properties/data/items");

export const REPAIRS: readonly Repair[] = [
  // ---- people ------------------------------------------------------------------------------
  {
    path: ok("/v2/user", "get", "/properties/user"),
    what: "profilePicture and color: string → string | null (also members of GET /team, by $ref)",
    why: "clickup-api.md §2 / pitfall 15: color and profilePicture are null for users without them (observed)",
    change: nullableProps("profilePicture", "color"),
  },
  {
    path: op(
      "/v2/task/{task_id}",
      "get",
      "responses/200/content/application~1json/schema/properties/attachments/items/properties/user",
    ),
    what: "profilePicture and color: string → string | null (the user of every time entry, by $ref)",
    why: 'clickup-api.md §4.1 sample time entry: "profilePicture": null (observed)',
    change: nullableProps("profilePicture", "color"),
  },
  {
    path: ok(TEAM_TASKS, "get", "/properties/tasks/items/properties/creator"),
    what: "profilePicture and color: string → string | null",
    why: "clickup-api.md §3.3 sample task: creator.profilePicture null (observed)",
    change: nullableProps("profilePicture", "color"),
  },
  {
    path: ok(TEAM_TASKS, "get", "/properties/tasks/items/properties/assignees/items"),
    what: "profilePicture and color: string → string | null",
    why: "clickup-api.md §3.3 sample task: assignees[].profilePicture null (observed)",
    change: nullableProps("profilePicture", "color"),
  },
  {
    path: ok("/v2/space/{space_id}/list", "post", "/properties/assignee"),
    what: "the list's assignee: object → object | null (CreateList, CreateFolderlessList, by $ref)",
    why: 'clickup-api-writes.md §2 create-list answer: "assignee":null for a list created without one (observed)',
    change: nullable,
  },
  // ---- workspaces and spaces -------------------------------------------------------------
  {
    path: ok("/v2/team", "get", "/properties/teams/items"),
    what: "avatar: string → string | null",
    why: "a workspace without an avatar has none; ClickUp types every profile image as nullable (clickup-api.md pitfall 15) — not itself in a recorded answer",
    change: nullableProps("avatar"),
  },
  {
    path: ok("/v2/team/{team_id}/space", "get", "/properties/spaces/items"),
    what: "avatar: string → string | null",
    why: 'the document\'s own GetSpace example has "color": null beside a typed string; a space without an avatar has none — not itself in a recorded answer',
    change: nullableProps("avatar"),
  },
  // ---- folders and lists ------------------------------------------------------------------
  {
    path: ok("/v2/space/{space_id}/folder", "get", "/properties/folders"),
    what: "folders: object → array of that object",
    why: "GET /space/{id}/folder answers {folders: [...]} (clickup-api.md §2, the document's own example)",
    change: (current) => ({ type: "array", items: current }),
  },
  {
    path: ok("/v2/space/{space_id}/folder", "get", "/properties/folders/items/properties/lists"),
    what: "a folder's lists: array of string → array of list objects (the list of GET /list/{id})",
    why: "clickup-api.md §2: a folder carries its lists as objects; so does the document's example",
    change: () => ({ type: "array", items: ref(ok("/v2/list/{list_id}", "get")) }),
  },
  {
    path: ok("/v2/space/{space_id}/list", "get", "/properties/lists/items"),
    what: "status and priority: oneOf [object, string|null, {}] → anyOf of the same",
    why: "the empty schema {} matches every value, so every value matches two branches and the oneOf fails for all of them",
    change: (current) => {
      const s = current as Json;
      const props = { ...(s["properties"] as Json) };
      for (const name of ["status", "priority"]) {
        const p = props[name] as Json;
        if (!Array.isArray(p["oneOf"])) throw new Error(`${name} has no oneOf`);
        const { oneOf, ...rest } = p;
        props[name] = { ...rest, anyOf: oneOf };
      }
      return { ...s, properties: props };
    },
  },
  {
    path: ok("/v2/list/{list_id}", "get"),
    what: "status and priority: object → object | null (GET /list, and the creates by $ref); due_date and start_date: string → string | null",
    why: 'clickup-api.md §2: a list\'s status is "null or {status, color, hide_label}", its priority "null or {priority, color}" (observed); clickup-api-writes.md §2: "due_date":null,"start_date":null for a list without dates (observed)',
    change: nullableProps("status", "priority", "due_date", "start_date"),
  },
  {
    path: ok("/v2/space/{space_id}/list", "post"),
    what: "due_date and start_date: string → string | null",
    why: 'clickup-api-writes.md §2 create-list answer: "due_date":null,"start_date":null (observed)',
    change: nullableProps("due_date", "start_date"),
  },
  {
    path: op(
      "/v2/list/{list_id}/field",
      "get",
      "responses/200/content/application~1json/schema/properties/fields/items/properties/type_config/properties/default",
    ),
    what: "oneOf [string|null, integer, {}] → anyOf of the same (reached by the field endpoints)",
    why: "the empty schema {} matches every value: no value passes the oneOf",
    change: (current) => {
      const { oneOf, ...rest } = current as Json;
      if (!Array.isArray(oneOf)) throw new Error("no oneOf");
      return { ...rest, anyOf: oneOf };
    },
  },
  // ---- tasks ---------------------------------------------------------------------------------
  {
    path: ok(TEAM_TASKS, "get", "/properties/tasks/items"),
    what: "date_closed, due_date, start_date, parent, points, time_estimate → nullable; priority: integer → null | {id, priority, color, orderindex}",
    why: 'clickup-api.md §3.3 (observed): date_closed/due_date/start_date null when unset ("`due_date`/`start_date`: ms string or `null`"), parent null for a top-level task, points and time_estimate null when unset, priority null or an object whose id/orderindex are strings',
    change: both(
      nullableProps("date_closed", "due_date", "start_date", "parent", "points", "time_estimate"),
      setProp("priority", TASK_PRIORITY),
    ),
  },
  {
    path: ok(LIST_TASKS, "get", "/properties/tasks/items"),
    what: "assignees[]: string → user object; tags[]: string → {name, tag_fg, tag_bg}; time_estimate: string → number | null",
    why: "clickup-api.md §3.3 (observed): assignees and tags are objects, time_estimate ms as a number or null",
    change: both(
      setProp("assignees", { type: "array", items: USER_OBJECT }),
      setProp("tags", { type: "array", items: TAG_OBJECT }),
      setProp("time_estimate", { type: ["number", "null"] }),
    ),
  },
  {
    path: ok(LIST_TASKS, "post"),
    what: "assignees[]: string → user object; tags[]: string → {name, tag_fg, tag_bg}; time_estimate: string → number | null",
    why: "the created task is a task (clickup-api.md §3.3, observed), not the document's strings",
    change: both(
      setProp("assignees", { type: "array", items: USER_OBJECT }),
      setProp("tags", { type: "array", items: TAG_OBJECT }),
      setProp("time_estimate", { type: ["number", "null"] }),
    ),
  },
  {
    path: ok("/v2/task/{task_id}", "put"),
    what: "time_estimate: string → number | null",
    why: "clickup-api.md §3.3 (observed): time_estimate is ms as a number, null when unset",
    change: setProp("time_estimate", { type: ["number", "null"] }),
  },
  {
    path: body("/v2/task/{task_id}", "put"),
    what: "due_date, start_date, time_estimate: integer → integer | null",
    why: "the client clears a date or an estimate with null (CuTaskPatch); the document types its sibling fields (custom_item_id, priority) nullable — an assumption, no recorded answer in ../shared",
    change: nullableProps("due_date", "start_date", "time_estimate"),
  },
  {
    path: op("/v2/task/{task_id}", "delete", "responses"),
    what: "adds 200 with an empty JSON object beside the documented 204",
    why: 'clickup-api.md §0: no 201/204 observed, deletes answer 200; clickup-api-writes.md §3.4: "Accept both"',
    change: (current) => ({
      ...(current as Json),
      "200": {
        description: "repair: observed",
        content: { "application/json": { schema: { type: "object" } } },
      },
    }),
  },
  {
    path: op("/v2/task/{task_id}", "delete", "parameters"),
    what: "drops the required Content-Type header parameter",
    why: "a content type describes a body; the request has none",
    change: withoutContentTypeHeader,
  },
  // ---- time entries ---------------------------------------------------------------------
  {
    path: op(TIME_ENTRIES, "get", "parameters"),
    what: "assignee: number → comma-separated user ids; drops the required Content-Type header parameter",
    why: 'the parameter\'s own description: "For multiple assignees, separate user_id using commas" (clickup-api.md §4.1); a GET has no body to type',
    change: (current) =>
      (withoutContentTypeHeader(current) as Json[]).map((p) =>
        p["name"] === "assignee" && p["in"] === "query"
          ? { ...p, schema: { type: "string", pattern: "^\\d+(,\\d+)*$" } }
          : p,
      ),
  },
  {
    path: op(TIME_ENTRY, "get", "parameters"),
    what: "drops the required Content-Type header parameter",
    why: "a GET has no body to type",
    change: withoutContentTypeHeader,
  },
  {
    path: op(TIME_ENTRY, "delete", "parameters"),
    what: "drops the required Content-Type header parameter",
    why: "the request has no body to type",
    change: withoutContentTypeHeader,
  },
  {
    path: op("/v2/list/{list_id}", "delete", "parameters"),
    what: "drops the required Content-Type header parameter",
    why: "the request has no body to type",
    change: withoutContentTypeHeader,
  },
  {
    path: TIME_ENTRY_SCHEMA,
    what: "task_tags no longer required; end and approval_id → nullable",
    why: "clickup-api.md §4.1: task_tags is added only with include_task_tags=true; a running timer (negative duration) has not ended; approval_id is null without approvals (observed sample)",
    change: both(notRequired("task_tags"), nullableProps("end", "approval_id")),
  },
  {
    path: `${TIME_ENTRY_SCHEMA}/properties/task`,
    what: "custom_id no longer required",
    why: "clickup-api.md §4.1: custom_id appears only for tasks with a custom id",
    change: notRequired("custom_id"),
  },
  {
    path: ok(TIME_ENTRY, "get", "/properties/data"),
    what: "task_tags no longer required; end and approval_id → nullable",
    why: "as for the entries of GET /team/{id}/time_entries (clickup-api.md §4.1)",
    change: both(notRequired("task_tags"), nullableProps("end", "approval_id")),
  },
  {
    path: ok(TIME_ENTRY, "get", "/properties/data/properties/task_location"),
    what: "list/folder/space ids: integer → string; the names no longer required (shared by both time-entry reads)",
    why: 'clickup-api.md §4.1: task_location ids are strings (observed, "the reference says integers"); the names come only with include_location_names=true',
    change: (current) => {
      const s = current as Json;
      const props = { ...(s["properties"] as Json) };
      for (const id of ["list_id", "folder_id", "space_id"]) props[id] = { type: "string" };
      return { ...s, properties: props, required: [] };
    },
  },
  {
    path: ok(TIME_ENTRIES, "post"),
    what: "the response: the request's schema (copied) → {data: time entry}, start/duration/at numbers, no source/task_tags, task_location may be {}",
    why: "clickup-api.md §4.2: POST answers {data: TimeEntry} (no source; task_location may be {}); create returns numeric start/duration/at with string end (observed)",
    change: (_current, doc) => {
      const entry = structuredClone(nodeAt(doc, TIME_ENTRY_SCHEMA)) as Json;
      const props = { ...(entry["properties"] as Json) };
      for (const n of ["start", "duration", "at"]) props[n] = { type: ["number", "string"] };
      props["task_location"] = { type: "object" };
      const required = (entry["required"] as string[]).filter((r) => r !== "source" && r !== "task_tags");
      return {
        type: "object",
        required: ["data"],
        properties: { data: { ...entry, required, properties: props } },
      };
    },
  },
  {
    path: ok(TIME_ENTRY, "delete", "/properties/data"),
    what: "data: the stop answer's entry → that | array of time entries as GET /team/{id}/time_entries reads them",
    why: "clickup-api-writes.md §4.2: DELETE answers {data: [TimeEntry]} (observed array of the read shape, ms as strings; the reference says an object)",
    change: (current) => ({ anyOf: [current, { type: "array", items: ref(TIME_ENTRY_SCHEMA) }] }),
  },
  // ---- webhooks ---------------------------------------------------------------------------
  {
    path: ok("/v2/webhook/{webhook_id}", "put", "/properties/webhook"),
    what: "Webhook.client_id: string → string | null (shared by Create, Get and Update Webhook)",
    why: "a webhook made with a personal API token (pk_…) belongs to no OAuth app, so there is no client id to show; the simulator answers null for those (not observed live: an assumption, listed in DEVIATIONS.md)",
    change: nullableProps("client_id"),
  },
  {
    path: body("/v2/webhook/{webhook_id}", "put", "/properties/events"),
    what: 'events: string → array of event names | "*"',
    why: 'the request\'s own description: "pass an array of events … or use the wildcard character "*""; CreateWebhook types events as an array',
    change: () => ({ anyOf: [{ type: "array", items: { type: "string" } }, { const: "*" }] }),
  },
];

function nodeAt(doc: Json, ptr: string): unknown {
  return ptr
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((n, k) => (n && typeof n === "object" ? (n as Json)[k] : undefined), doc);
}

/** A deep copy of `doc` with every repair applied; throws naming the repair whose place is gone. */
export function applyRepairs(doc: Json, repairs: readonly Repair[] = REPAIRS): Json {
  const copy = structuredClone(doc);
  for (const repair of repairs) {
    const keys = repair.path
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent: unknown = copy;
    for (const key of keys) {
      parent = parent && typeof parent === "object" ? (parent as Json)[key] : undefined;
      if (parent === undefined) break;
    }
    if (last === undefined || !parent || typeof parent !== "object" || !(last in (parent as Json)))
      throw new Error(`repair ${repair.path}: no such place in the document (${repair.what})`);
    try {
      (parent as Json)[last] = repair.change((parent as Json)[last], copy);
    } catch (err) {
      throw new Error(`repair ${repair.path}: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
  return copy;
}
