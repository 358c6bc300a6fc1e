import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  slackCallbackQuerySchema,
  slackChannelRequestSchema,
  slackChannelSchema,
  slackChannelsResponseSchema,
  slackNotificationsRequestSchema,
  slackStatusSchema,
} from "./contract";
import { finishSlackInstall } from "./finish-slack-install";
import { getSlackStatus } from "./get-slack-status";
import { chooseSlackChannel, listSlackChannels } from "./slack-channels";
import { startSlackInstall } from "./start-slack-install";
import { disconnectSlack, setSlackNotification } from "./update-slack-settings";

const tags = ["Slack"];
/** Installing, the channel and the switches are the owner's (spec §6: canManageIntegrations). */
const manage = "canManageIntegrations" as const;

/** /api/slack — the workspace's Slack install, channel and notifications (owners). */
export function slackRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/status",
      documented({
        summary: "The Slack install (checked with auth.test), channel, switches and failures",
        tags,
        response: slackStatusSchema,
      }),
      requireTenant(manage),
      async (c) => c.json(await getSlackStatus(c.var.ctx)),
    )
    .get(
      "/install",
      documented({
        summary: "Install the Slack app: 302 to Slack's consent page with a signed, single-use state",
        tags,
        mediaType: "text/html",
      }),
      requireTenant(manage),
      (c) => c.redirect(startSlackInstall(c.var.ctx), 302),
    )
    .get(
      "/channels",
      documented({
        summary: "The channels the app can post to (every conversations.list page)",
        tags,
        response: slackChannelsResponseSchema,
      }),
      requireTenant(manage),
      async (c) => c.json(await listSlackChannels(c.var.ctx)),
    )
    .put(
      "/channel",
      documented({ summary: "Pick the channel notifications go to", tags, response: slackChannelSchema }),
      requireTenant(manage),
      validate("json", slackChannelRequestSchema),
      async (c) => c.json(await chooseSlackChannel(c.var.ctx, c.req.valid("json"))),
    )
    .put(
      "/notifications",
      documented({
        summary: "Switch one kind of Slack notification on or off",
        tags,
        response: slackStatusSchema,
      }),
      requireTenant(manage),
      validate("json", slackNotificationsRequestSchema),
      async (c) => {
        await setSlackNotification(c.var.ctx, c.req.valid("json"));
        return c.json(await getSlackStatus(c.var.ctx));
      },
    )
    .delete(
      "/",
      documented({
        summary: "Disconnect Slack: revoke the token (auth.revoke) and forget it",
        tags,
        response: slackStatusSchema,
      }),
      requireTenant(manage),
      async (c) => {
        await disconnectSlack(c.var.ctx);
        return c.json(await getSlackStatus(c.var.ctx));
      },
    );
}

/**
 * /auth/slack/callback (spec §2), where Slack sends the browser back: finish the install, then
 * back to Settings → Slack with the outcome; a refusal (wrong, reused or expired state, cancelled,
 * code refused, not the owner) comes back as `slack_error` with the reason and saves nothing.
 */
export function slackCallbackRoutes() {
  const back = (params: Record<string, string>) =>
    `/settings?${new URLSearchParams({ tab: "slack", ...params })}`;
  return new Hono<AppEnv>()
    .get("/callback", requireTenant(manage), validate("query", slackCallbackQuerySchema), async (c) => {
      const { teamName } = await finishSlackInstall(c.var.ctx, c.req.valid("query"));
      return c.redirect(back({ slack: "installed", team: teamName }), 302);
    })
    .onError((err, c) => {
      if (err instanceof AppError) {
        if (err.status === 401) return c.redirect("/auth", 302);
        return c.redirect(back({ slack_error: err.message }), 302);
      }
      (c.var.log ?? c.var.deps.logger).error({ err }, "slack callback failed");
      return c.redirect(
        back({ slack_error: "Slack was not installed: something went wrong on our side." }),
        302,
      );
    });
}
