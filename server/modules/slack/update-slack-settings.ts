import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { SlackApiError } from "./client";
import type { SlackNotificationsRequest } from "./contract";
import { getSlackConnection, markSlackDisconnected, setNotificationEnabled } from "./repo";
import { activeSlack } from "./slack-connection";

/** PUT /api/slack/notifications: switch one kind of notification on or off. */
export async function setSlackNotification(
  ctx: RequestContext,
  input: SlackNotificationsRequest,
): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const before = await getSlackConnection(tx, ctx.organizationId, { forUpdate: true });
    if (!before) throw conflict("Slack is not connected. Install the Slack app first.");
    await setNotificationEnabled(tx, ctx.organizationId, input.kind, input.enabled, ctx.deps.now());
    await recordChange(ctx, tx, {
      object: "slack_connection",
      id: ctx.organizationId,
      action: input.enabled ? "notification_enabled" : "notification_disabled",
      after: { kind: input.kind },
    });
  });
}

/**
 * DELETE /api/slack: auth.revoke (best effort: a token Slack already refuses is as good as
 * revoked), then forget the token. The channel and switches stay for a re-install.
 */
export async function disconnectSlack(ctx: RequestContext): Promise<void> {
  const { deps, organizationId } = ctx;
  const live = await activeSlack(deps, organizationId);
  if (live) {
    try {
      await live.client.authRevoke();
    } catch (err) {
      ctx.log.warn(
        { organizationId, code: err instanceof SlackApiError ? err.code : String(err) },
        "slack auth.revoke failed; forgetting the token anyway",
      );
    }
  }
  await transaction(deps.database, async (tx) => {
    const before = await getSlackConnection(tx, organizationId, { forUpdate: true });
    if (!before) return;
    await markSlackDisconnected(tx, organizationId, `Disconnected by ${ctx.user.name}.`, deps.now());
    await recordChange(ctx, tx, {
      object: "slack_connection",
      id: organizationId,
      action: "disconnected",
      before: { status: before.status, teamId: before.team_id },
      after: { status: "disconnected" },
    });
  });
}
