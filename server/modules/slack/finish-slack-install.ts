import { transaction } from "../../db/executor";
import { AppError, badRequest } from "../../lib/errors";
import { encryptSecret } from "../../lib/secrets";
import { verifyState } from "../../lib/signed-state";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { SlackApiError, SlackClient } from "./client";
import type { SlackCallbackQuery } from "./contract";
import { getSlackConnection, saveSlackInstall, spendOAuthNonce } from "./repo";
import { slackRedirectUri, slackRuntime } from "./runtime";
import { SLACK_STATE_PURPOSES, SLACK_STATE_REALM } from "./start-slack-install";

/**
 * /auth/slack/callback: check the state (signed for this user and workspace, unexpired, never
 * used), exchange the code, store the bot token encrypted. Any refusal is a 400 with the reason
 * and saves nothing (the nonce is spent in the same transaction as the install).
 */
export async function finishSlackInstall(
  ctx: RequestContext,
  query: SlackCallbackQuery,
): Promise<{ teamName: string }> {
  const { deps, organizationId } = ctx;
  if (query.error) {
    throw badRequest(
      query.error === "access_denied"
        ? "Slack was not installed: the install was cancelled on Slack's page."
        : `Slack was not installed: Slack answered "${query.error}".`,
    );
  }
  if (!query.state || !query.code)
    throw badRequest("Slack was not installed: the link is incomplete. Install again.");
  const verified = verifyState(
    deps.secrets.authSecret,
    SLACK_STATE_REALM,
    query.state,
    deps.now().getTime(),
    SLACK_STATE_PURPOSES,
  );
  if (!verified || verified.userId !== ctx.userId) {
    throw badRequest(
      "Slack was not installed: this authorization link has expired or belongs to another session. Install again.",
    );
  }
  if (verified.organizationId !== organizationId) {
    throw badRequest(
      "Slack was not installed: the install was started in another workspace. Switch back to it and install again.",
    );
  }
  const rt = slackRuntime(deps);
  if (!rt) throw new AppError(503, "service_unavailable", "Slack is not configured on this server");
  const expiresAt = new Date(verified.expiresAt);
  // Spend the nonce first (its own statement, committed even if Slack then refuses the code):
  // a state is good for one attempt.
  if (
    !(await transaction(deps.database, (tx) =>
      spendOAuthNonce(tx, organizationId, verified.nonce, expiresAt),
    ))
  ) {
    throw badRequest("Slack was not installed: this authorization link was already used. Install again.");
  }
  let access;
  try {
    access = await new SlackClient(rt).oauthAccess(query.code, slackRedirectUri(deps));
  } catch (err) {
    const code = err instanceof SlackApiError ? err.code : "network_error";
    ctx.log.warn({ organizationId, code }, "slack code exchange failed");
    throw badRequest(
      `Slack was not installed: Slack did not accept the authorization (${code}). Install again.`,
    );
  }
  if (!access.team)
    throw badRequest("Slack was not installed: organization-wide installs are not supported.");
  const team = access.team;
  const tokenEnc = encryptSecret(access.access_token, deps.secrets.encryptionKey);
  await transaction(deps.database, async (tx) => {
    const before = await getSlackConnection(tx, organizationId, { forUpdate: true });
    await saveSlackInstall(tx, organizationId, {
      teamId: team.id,
      teamName: team.name,
      botUserId: access.bot_user_id,
      appId: access.app_id,
      scopes: access.scope,
      tokenEnc,
      installedBy: ctx.userId,
      now: deps.now(),
    });
    await recordChange(ctx, tx, {
      object: "slack_connection",
      id: organizationId,
      action: "connected",
      before: before
        ? { status: before.status, teamId: before.team_id, teamName: before.team_name }
        : undefined,
      after: { status: "active", teamId: team.id, teamName: team.name, scopes: access.scope },
    });
  });
  ctx.log.info({ organizationId, teamId: team.id }, "slack installed");
  return { teamName: team.name };
}
