import type { Hono } from "hono";
import type { Access } from "../access";
import { optString, readJson, type SimEnv, type SimServices } from "../context";
import { errors } from "../errors";
import type { SimWebhook } from "../model";
import { webhookObject } from "../serialize";
import { WEBHOOK_EVENTS } from "../webhooks";

const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENTS);

function parseEvents(raw: unknown): string[] {
  if (raw === "*") return ["*"];
  if (!Array.isArray(raw) || raw.length === 0)
    throw errors.badRequest('events must be a non-empty array of event names or "*"', "WEBHOOK_002");
  const events = raw.map(String);
  if (events.includes("*")) return ["*"];
  const unknown = events.filter((e) => !KNOWN_EVENTS.has(e));
  if (unknown.length) throw errors.badRequest(`Unknown webhook events: ${unknown.join(", ")}`, "WEBHOOK_003");
  return [...new Set(events)];
}

function normaliseEndpoint(raw: unknown): string {
  const endpoint = optString(raw, "endpoint")?.trim();
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

const idOrNull = (raw: unknown): string | null =>
  raw === undefined || raw === null || raw === "" ? null : String(raw);

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
    const events = parseEvents(body["events"]);
    const spaceId = idOrNull(body["space_id"]);
    const folderId = idOrNull(body["folder_id"]);
    const listId = idOrNull(body["list_id"]);
    const taskId = idOrNull(body["task_id"]);
    if (spaceId && access.space(spaceId).teamId !== team.id) throw errors.itemNotAccessible();
    if (folderId) access.folder(folderId);
    if (listId) access.list(listId);
    if (taskId) access.task(taskId);
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
        w.taskId === taskId,
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
      taskId,
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
    if (body["endpoint"] !== undefined) hook.endpoint = normaliseEndpoint(body["endpoint"]);
    if (body["events"] !== undefined) hook.events = parseEvents(body["events"]);
    if (body["status"] !== undefined) {
      if (body["status"] !== "active")
        throw errors.badRequest('status can only be set to "active"', "WEBHOOK_004");
      // Re-activating a failing or suspended hook resets its health (§5.5).
      hook.status = "active";
      hook.failCount = 0;
    }
    return c.json({ id: hook.id, webhook: webhookObject(hook) });
  });

  api.delete("/webhook/:webhook_id", (c) => {
    const hook = ownWebhook(c.get("access"), c.req.param("webhook_id"));
    state.webhooks.delete(hook.id);
    return c.json({});
  });
}
