import { embeddedSlack } from "../../../simulator/slack/embedded";
import type { RequestContext } from "../../request-context";
import { SlackApiError } from "./client";
import { SLACK_NOTIFICATION_KINDS, SLACK_NOTIFICATION_LABELS, type SlackStatus } from "./contract";
import { getSlackConnection, markSlackChecked, recentFailures } from "./repo";
import { slackRuntime } from "./runtime";
import { activeSlack, forgetDeadToken } from "./slack-connection";
import { slackReason } from "./slack-errors";

/**
 * Settings → Slack: the install, checked live with auth.test (a revoked or expired token turns
 * into "disconnected" with the reason), the channel, the switches and the recent failures.
 */
export async function getSlackStatus(ctx: RequestContext): Promise<SlackStatus> {
  const { deps, organizationId } = ctx;
  const rt = slackRuntime(deps);
  const live = await activeSlack(deps, organizationId);
  if (live) {
    try {
      await live.client.authTest();
      await markSlackChecked(ctx.db, organizationId, deps.now());
    } catch (err) {
      if (!(await forgetDeadToken(deps, organizationId, err, { ctx })))
        ctx.log.warn(
          { organizationId, code: err instanceof SlackApiError ? err.code : String(err) },
          "slack auth.test failed",
        );
    }
  }
  const row = await getSlackConnection(ctx.db, organizationId);
  const failures = row ? await recentFailures(ctx.db, organizationId) : [];
  const disabled = new Set(row?.disabled_kinds ?? []);
  return {
    available: rt !== null,
    simulated: rt?.simulated ?? false,
    status: row ? row.status : "not_connected",
    reason: row?.status === "disconnected" ? row.status_reason : null,
    team: row?.team_id ? { id: row.team_id, name: row.team_name ?? row.team_id } : null,
    channel: row?.channel_id ? { id: row.channel_id, name: row.channel_name ?? row.channel_id } : null,
    notifications: SLACK_NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: SLACK_NOTIFICATION_LABELS[kind],
      enabled: !disabled.has(kind),
    })),
    failures: failures.map((f) => ({
      eventKey: f.event_key,
      kind: f.kind,
      text: f.text,
      reason: slackReason(f.last_error ?? "unknown_error"),
      attempts: f.attempts,
      at: new Date(f.updated_at).toISOString(),
    })),
    messagesUrl: rt?.simulated ? (embeddedSlack(deps)?.messagesUrl ?? null) : null,
  };
}
