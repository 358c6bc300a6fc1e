import type { Hono } from "hono";
import type { Access } from "../access";
import { readJson, type SimEnv, type SimServices } from "../context";
import { errors } from "../errors";
import type { SimWebhook } from "../model";
import { webhookObject } from "../serialize";
import { WEBHOOK_EVENTS } from "../webhooks";

const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENTS);

/**
 * Request rules of ClickUp's OpenAPI document for the webhook operations (CreateWebhook,
 * UpdateWebhook), answered as ClickUp answers a bad request: 400 `{err, ECODE}`. The document
 * names no error codes for them; the WEBHOOK_00x codes are the simulator's (errors.ts "sim").
 *
 *   WEBHOOK_001  endpoint missing, not a string or not a URL
 *   WEBHOOK_002  events missing, empty, or not of the documented type
 *   WEBHOOK_003  an unknown event name
 *   WEBHOOK_004  status missing, or other than "active" (PUT)
 *   WEBHOOK_005  a location id of the wrong type (POST: space/folder/list ids integers, task_id a string)
 */
const required = (body: Record<string, unknown>, name: string, ecode: string): unknown => {
  const value = body[name];
  if (value === undefined || value === null) throw errors.badRequest(`${name} is required`, ecode);
  return value;
};

function eventNames(raw: unknown[]): string[] {
  if (raw.length === 0) throw errors.badRequest("events must not be empty", "WEBHOOK_002");
  if (raw.some((e) => typeof e !== "string"))
    throw errors.badRequest("events must be an array of event names", "WEBHOOK_002");
  const events = raw as string[];
  if (events.includes("*")) return ["*"];
  const unknown = events.filter((e) => !KNOWN_EVENTS.has(e));
  if (unknown.length) throw errors.badRequest(`Unknown webhook events: ${unknown.join(", ")}`, "WEBHOOK_003");
  return [...new Set(events)];
}

/**
 * POST: `events` is an array (the document: `type: array, items: string`); `["*"]` = every event.
 * A bare `"*"` is still taken, as clickup-api.md §5.1 says ClickUp takes it (DEVIATIONS.md).
 */
function parseCreateEvents(raw: unknown): string[] {
  if (raw === "*") return ["*"];
  if (!Array.isArray(raw))
    throw errors.badRequest('events must be an array of event names (["*"] for every event)', "WEBHOOK_002");
  return eventNames(raw);
}

/** PUT: an array of event names, or the wildcard `"*"` (the request's description). */
function parseUpdateEvents(raw: unknown): string[] {
  if (raw === "*") return ["*"];
  if (!Array.isArray(raw))
    throw errors.badRequest('events must be an array of event names or "*"', "WEBHOOK_002");
  return eventNames(raw);
}

/**
 * `space_id`, `folder_id`, `list_id` are integers in the document; ClickUp's ids are digit
 * strings everywhere else, so a digit string is taken too (DEVIATIONS.md). `task_id` is a string.
 */
function locationId(
  body: Record<string, unknown>,
  name: "space_id" | "folder_id" | "list_id",
): string | null {
  const raw = body[name];
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw === "number" && Number.isSafeInteger(raw) && raw > 0) return String(raw);
  if (typeof raw === "string" && /^\d+$/.test(raw)) return raw;
  throw errors.badRequest(`${name} must be an integer`, "WEBHOOK_005");
}

function taskId(body: Record<string, unknown>): string | null {
  const raw = body["task_id"];
  if (raw === undefined || raw === null || raw === "") return null;
  if (typeof raw !== "string") throw errors.badRequest("task_id must be a string", "WEBHOOK_005");
  return raw;
}

function normaliseEndpoint(raw: unknown): string {
  if (raw !== undefined && raw !== null && typeof raw !== "string")
    throw errors.badRequest("endpoint must be a string", "WEBHOOK_001");
  const endpoint = typeof raw === "string" ? raw.trim() : undefined;
  if (!endpoint) throw errors.badRequest("endpoint is required", "WEBHOOK_001");
  // ClickUp assumes https when no scheme is given (§5.1).
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`;
  try {
    new URL(withScheme);
  } catch {
    throw errors.badRequest("endpoint must be a URL", "WEBHOOK_001");
  }
  return withScheme;
}

/** Webhook management (§5.1). Deliveries are in webhooks.ts. */
export function registerWebhookRoutes(api: Hono<SimEnv>, { state }: SimServices): void {
  const ownWebhook = (access: Access, id: string): SimWebhook => {
    const hook = state.webhooks.get(id);
    const client = access.caller.token.clientId;
    if (
      !hook ||
      hook.userId !== access.userId ||
      hook.clientId !== client ||
      !access.teamAllowed(hook.teamId)
    )
      throw errors.itemNotAccessible();
    return hook;
  };

  api.post("/team/:team_id/webhook", async (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const body = await readJson(c);
    const endpoint = normaliseEndpoint(body["endpoint"]);
    const events = parseCreateEvents(required(body, "events", "WEBHOOK_002"));
    const spaceId = locationId(body, "space_id");
    const folderId = locationId(body, "folder_id");
    const listId = locationId(body, "list_id");
    const taskIdOrNull = taskId(body);
    if (spaceId && access.space(spaceId).teamId !== team.id) throw errors.itemNotAccessible();
    if (folderId) access.folder(folderId);
    if (listId) access.list(listId);
    if (taskIdOrNull) access.task(taskIdOrNull);
    const clientId = access.caller.token.clientId;
    const duplicate = [...state.webhooks.values()].some(
      (w) =>
        w.teamId === team.id &&
        w.userId === access.userId &&
        w.clientId === clientId &&
        w.endpoint === endpoint &&
        w.spaceId === spaceId &&
        w.folderId === folderId &&
        w.listId === listId &&
        w.taskId === taskIdOrNull,
    );
    if (duplicate) throw errors.webhookExists();
    const hook: SimWebhook = {
      id: state.ids.uuid(),
      teamId: team.id,
      userId: access.userId,
      clientId,
      endpoint,
      events,
      spaceId,
      folderId,
      listId,
      taskId: taskIdOrNull,
      status: "active",
      failCount: 0,
      secret: state.ids.secret(64),
    };
    state.webhooks.set(hook.id, hook);
    return c.json({ id: hook.id, webhook: webhookObject(hook) });
  });

  // Only the webhooks created by the calling user with the calling app/token kind (§5.1).
  api.get("/team/:team_id/webhook", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const clientId = access.caller.token.clientId;
    const hooks = [...state.webhooks.values()].filter(
      (w) => w.teamId === team.id && w.userId === access.userId && w.clientId === clientId,
    );
    return c.json({ webhooks: hooks.map(webhookObject) });
  });

  api.put("/webhook/:webhook_id", async (c) => {
    const access = c.get("access");
    const hook = ownWebhook(access, c.req.param("webhook_id"));
    const body = await readJson(c);
    // The document requires all three (UpdateWebhookrequest); validate before changing anything.
    const endpoint = normaliseEndpoint(required(body, "endpoint", "WEBHOOK_001"));
    const events = parseUpdateEvents(required(body, "events", "WEBHOOK_002"));
    if (required(body, "status", "WEBHOOK_004") !== "active")
      throw errors.badRequest('status can only be set to "active"', "WEBHOOK_004");
    hook.endpoint = endpoint;
    hook.events = events;
    // Re-activating a failing or suspended hook resets its health (§5.5).
    hook.status = "active";
    hook.failCount = 0;
    return c.json({ id: hook.id, webhook: webhookObject(hook) });
  });

  api.delete("/webhook/:webhook_id", (c) => {
    const hook = ownWebhook(c.get("access"), c.req.param("webhook_id"));
    state.webhooks.delete(hook.id);
    return c.json({});
  });
}
