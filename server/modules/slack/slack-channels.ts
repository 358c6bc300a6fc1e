import { transaction } from "../../db/executor";
import { AppError, badRequest } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { SlackApiError, type SlackChannel } from "./client";
import type { SlackChannelRequest, SlackChannelsResponse, SlackChannelView } from "./contract";
import { getSlackConnection, setSlackChannel } from "./repo";
import { forgetDeadToken, requireActiveSlack, type ActiveSlack } from "./slack-connection";
import { slackReason } from "./slack-errors";

/** Channels the app can post to: unarchived public ones (chat:write.public) and private ones it is in. */
function postable(c: SlackChannel): boolean {
  return !c.is_archived && (!c.is_private || c.is_member);
}

async function readChannels(ctx: RequestContext, slack: ActiveSlack): Promise<SlackChannelView[]> {
  try {
    const all = await slack.client.allChannels();
    return all
      .filter(postable)
      .map((c) => ({ id: c.id, name: c.name, isPrivate: c.is_private }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  } catch (err) {
    if (await forgetDeadToken(ctx.deps, ctx.organizationId, err, { ctx }))
      throw new AppError(409, "conflict", slackReason((err as SlackApiError).code));
    const code = err instanceof SlackApiError ? err.code : "network_error";
    throw new AppError(503, "service_unavailable", `Slack did not list the channels: ${slackReason(code)}`);
  }
}

/** GET /api/slack/channels: every page of conversations.list, read server-side. */
export async function listSlackChannels(ctx: RequestContext): Promise<SlackChannelsResponse> {
  return { channels: await readChannels(ctx, await requireActiveSlack(ctx)) };
}

/** PUT /api/slack/channel: the channel notifications go to; 400 when the app cannot post there. */
export async function chooseSlackChannel(
  ctx: RequestContext,
  input: SlackChannelRequest,
): Promise<SlackChannelView> {
  const slack = await requireActiveSlack(ctx);
  const channel = (await readChannels(ctx, slack)).find((c) => c.id === input.channelId);
  if (!channel)
    throw badRequest(
      "The Slack app cannot post to that channel (unknown, archived or private without the app).",
      [{ field: "channelId", message: "is not a channel the app can post to" }],
    );
  await transaction(ctx.deps.database, async (tx) => {
    const before = await getSlackConnection(tx, ctx.organizationId, { forUpdate: true });
    await setSlackChannel(tx, ctx.organizationId, channel, ctx.deps.now());
    await recordChange(ctx, tx, {
      object: "slack_connection",
      id: ctx.organizationId,
      action: "channel_chosen",
      before: { channelId: before?.channel_id ?? null, channelName: before?.channel_name ?? null },
      after: { channelId: channel.id, channelName: channel.name },
    });
  });
  return channel;
}
