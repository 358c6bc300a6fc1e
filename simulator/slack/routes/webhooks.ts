import type { Hono } from "hono";
import { checkAttachments, checkBlocks } from "../blocks";
import { sleep, type SlackCtx, type SlackEnv, type SlackServices } from "../context";

/**
 * Incoming webhooks (slack-api.md §5): `POST /services/T…/B…/X…` with a JSON body. Success is
 * HTTP 200 plain-text `ok`; failures are a real status with the error code as plain text.
 */
export function registerWebhookRoutes(app: Hono<SlackEnv>, services: SlackServices): void {
  const { state, faults, stats, rateLimiter } = services;

  const fail = (
    c: SlackCtx,
    status: 400 | 403 | 404 | 410 | 429 | 500,
    code: string,
    retryAfter?: number,
  ) => {
    stats.record("webhook", code, status);
    const res = c.text(code, status);
    if (status === 429) res.headers.set("Retry-After", String(retryAfter ?? 1));
    return res;
  };

  app.post("/services/:team/:hook/:secret", async (c) => {
    const fault = faults.take("webhook");
    if (fault) {
      stats.faultsInjected++;
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.failure) {
        const { error, status, retryAfter } = fault.failure;
        stats.record("webhook", error, status);
        const res = c.text(error, status as 500);
        if (status === 429) res.headers.set("Retry-After", String(retryAfter));
        return res;
      }
    }
    const hook = state.webhooks.get(c.req.param("hook"));
    // Unknown, removed (its bot token was revoked) or under another workspace: no such service.
    if (!hook || hook.removed || hook.teamId !== c.req.param("team")) return fail(c, 404, "no_service");
    if (hook.secret !== c.req.param("secret")) return fail(c, 403, "invalid_token");
    const wait = rateLimiter.take([{ name: "webhook", key: hook.id }]);
    if (wait !== null) return fail(c, 429, "rate_limited", wait);

    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!type.includes("application/json")) return fail(c, 400, "invalid_payload");
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return fail(c, 400, "invalid_payload");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return fail(c, 400, "invalid_payload");
    const payload = body as Record<string, unknown>;

    const channel = state.channels.get(hook.channelId);
    if (!channel || channel.deleted) return fail(c, 404, "channel_not_found");
    if (channel.isArchived) return fail(c, 410, "channel_is_archived");
    const blocks = checkBlocks(payload["blocks"]);
    if (!blocks.ok) return fail(c, 400, "invalid_blocks");
    const attachments = checkAttachments(payload["attachments"]);
    if (attachments === "invalid") return fail(c, 400, "invalid_payload");
    if (attachments === "too_many") return fail(c, 400, "too_many_attachments");
    const text = typeof payload["text"] === "string" ? payload["text"] : "";
    if (!text.trim() && !blocks.blocks && !attachments) return fail(c, 400, "no_text");

    const install = [...state.installs.values()].find((i) => i.botToken === hook.botToken);
    state.record({
      teamId: hook.teamId,
      channelId: channel.id,
      channelName: `#${channel.name}`,
      ts: state.nextTs(),
      threadTs: typeof payload["thread_ts"] === "string" ? payload["thread_ts"] : null,
      text: text.slice(0, 40_000),
      blocks: blocks.blocks,
      attachments,
      via: "webhook",
      botId: install?.botId ?? null,
      clientId: hook.clientId,
      webhookId: hook.id,
    });
    stats.record("webhook", "ok", 200);
    return c.text("ok", 200);
  });
}
