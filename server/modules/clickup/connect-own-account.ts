import { transaction } from "../../db/executor";
import { badRequest } from "../../lib/errors";
import { encryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { ClickupOAuthCallbackRequest, ClickupOwnAccountResponse, ClickupTokenRequest } from "./contract";
import { exchangeOAuthCodeForToken } from "./exchange-oauth-code";
import { readClickupAccount } from "./read-clickup-account";
import { getUserConnection, getWorkspaceConnection, saveUserConnection } from "./repo";

/**
 * Link the caller's own ClickUp account in this workspace (spec §3 user_clickup_connections):
 * it must belong to the connected ClickUp workspace, when there is one.
 */
export async function connectOwnAccount(
  ctx: RequestContext,
  input: ClickupTokenRequest,
): Promise<ClickupOwnAccountResponse> {
  const { deps, organizationId, userId } = ctx;
  const { user, teams } = await readClickupAccount(deps, input.token);
  const conn = await getWorkspaceConnection(ctx.db, organizationId);
  if (conn?.clickupTeamId && !teams.some((t) => t.id === conn.clickupTeamId)) {
    throw badRequest(
      `This ClickUp account is not a member of ${conn.clickupTeamName ?? "the connected ClickUp workspace"}.`,
    );
  }
  const linked = await transaction(deps.database, async (tx) => {
    await saveUserConnection(tx, organizationId, userId, {
      clickupUserId: user.id,
      email: user.email,
      username: user.username,
      tokenEnc: encryptSecret(input.token, deps.secrets.encryptionKey),
    });
    await recordChange(ctx, tx, {
      object: "clickup_account",
      id: userId,
      action: "connected",
      after: { clickupUserId: user.id, clickupUsername: user.username },
    });
    return (await getUserConnection(tx, organizationId, userId))!;
  });
  return { me: { ...linked, connectedAt: linked.connectedAt.toISOString() } };
}

/** The OAuth variant: exchange the callback's code, then link the account it belongs to. */
export async function connectOwnAccountWithOAuth(
  ctx: RequestContext,
  input: ClickupOAuthCallbackRequest,
): Promise<ClickupOwnAccountResponse> {
  const token = await exchangeOAuthCodeForToken(ctx, { ...input, purpose: "personal" });
  return connectOwnAccount(ctx, { token });
}
