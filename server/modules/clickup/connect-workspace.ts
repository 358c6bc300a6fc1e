import { transaction } from "../../db/executor";
import { requestFullSync } from "../../jobs/index";
import { badRequest } from "../../lib/errors";
import { encryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import { recordChange } from "../audit/record-change";
import type { ClickupOAuthCallbackRequest, WorkspaceConnectResult } from "./contract";
import { exchangeOAuthCodeForToken } from "./exchange-oauth-code";
import { auditedConnection, readClickupAccount, teamChoice } from "./read-clickup-account";
import { getWorkspaceConnection, saveUserConnection, saveWorkspaceConnection } from "./repo";

export interface ConnectWorkspaceInput {
  token: string;
  authType: "oauth" | "personal";
}

/**
 * Store the workspace's token (encrypted) and, when the account sees exactly one ClickUp
 * workspace, pick it and start the first full sync; otherwise the owner picks one.
 * The connecting user's own ClickUp account is linked too when they have none yet.
 * The connection, the link and the audit row commit together; the sync is queued after.
 */
export async function connectWorkspace(
  ctx: RequestContext,
  input: ConnectWorkspaceInput,
): Promise<WorkspaceConnectResult> {
  const { deps, organizationId, userId } = ctx;
  const { user, teams } = await readClickupAccount(deps, input.token);
  if (teams.length === 0)
    throw badRequest("This ClickUp account has no workspace it can share with Agency Hub.");
  const only = teams.length === 1 ? teams[0]! : null;
  const tokenEnc = encryptSecret(input.token, deps.secrets.encryptionKey);
  await transaction(deps.database, async (tx) => {
    const before = await getWorkspaceConnection(tx, organizationId);
    const connection = {
      authType: input.authType,
      teamId: only?.id ?? null,
      teamName: only?.name ?? null,
    };
    await saveWorkspaceConnection(tx, organizationId, { ...connection, tokenEnc, connectedBy: userId });
    await recordChange(ctx, tx, {
      object: "clickup_connection",
      id: organizationId,
      action: "connected",
      before: before ? auditedConnection(before) : undefined,
      after: auditedConnection({
        status: only ? "active" : "pending_team",
        clickupTeamId: connection.teamId,
        clickupTeamName: connection.teamName,
        authType: connection.authType,
      }),
    });
    if ((await activeClickupUserId(tx, organizationId, userId)) === null) {
      await saveUserConnection(tx, organizationId, userId, {
        clickupUserId: user.id,
        email: user.email,
        username: user.username,
        tokenEnc,
      });
      await recordChange(ctx, tx, {
        object: "clickup_account",
        id: userId,
        action: "connected",
        after: { clickupUserId: user.id, clickupUsername: user.username },
      });
    }
  });
  let syncQueued = false;
  if (only) syncQueued = await requestFullSync(deps, organizationId, "connect");
  ctx.log.info(
    { organizationId, authType: input.authType, teams: teams.length },
    "clickup workspace connected",
  );
  return {
    status: only ? "active" : "pending_team",
    teams: teams.map(teamChoice),
    team: only ? teamChoice(only) : null,
    syncQueued,
  };
}

/** The OAuth variant: exchange the callback's code, then connect with the token it gave. */
export async function connectWorkspaceWithOAuth(
  ctx: RequestContext,
  input: ClickupOAuthCallbackRequest,
): Promise<WorkspaceConnectResult> {
  const token = await exchangeOAuthCodeForToken(ctx, { ...input, purpose: "workspace" });
  return connectWorkspace(ctx, { token, authType: "oauth" });
}
