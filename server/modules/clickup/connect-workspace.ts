import type { AppDeps } from "../../context";
import { badRequest, conflict, AppError } from "../../lib/errors";
import { newToken } from "../../lib/ids";
import { decryptSecret, encryptSecret } from "../../lib/secrets";
import { authorizeUrl, ClickUpApiError, exchangeOAuthCode } from "../../integrations/clickup/client";
import { clickupRuntime, clientForToken } from "../../integrations/clickup/runtime";
import type { CuTeam } from "../../integrations/clickup/types";
import { requestFullSync } from "../../jobs/index";
import * as repo from "./repo";
import { signOAuthState, verifyOAuthState, type OAuthPurpose } from "./oauth-state";

type Deps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup" | "jobs" | "now">;

export const CALLBACK_PATHS: Record<OAuthPurpose, string> = {
  workspace: "/auth/clickup/callback",
  personal: "/auth/clickup/personal/callback",
};

export function redirectUri(deps: Pick<AppDeps, "config">, purpose: OAuthPurpose): string {
  return `${deps.config.publicUrl}${CALLBACK_PATHS[purpose]}`;
}

/** The ClickUp consent page URL for this workspace/user and purpose. */
export function startOAuth(
  deps: Deps,
  organizationId: string,
  userId: string,
  purpose: OAuthPurpose,
  loginHint?: string,
): { url: string } {
  const rt = clickupRuntime(deps);
  if (!rt.clientId)
    throw new AppError(
      503,
      "service_unavailable",
      "ClickUp OAuth is not configured on this server. Paste a personal API token instead.",
    );
  const state = signOAuthState(deps.secrets.authSecret, {
    organizationId,
    userId,
    purpose,
    now: deps.now().getTime(),
    nonce: newToken(8),
  });
  return {
    url: authorizeUrl(
      rt.apiUrl,
      rt.clientId,
      redirectUri(deps, purpose),
      state,
      rt.simulated ? loginHint : undefined,
    ),
  };
}

/** Exchange the callback's code for a token, after checking the state belongs to this caller. */
export async function exchangeCallback(
  deps: Deps,
  organizationId: string,
  userId: string,
  purpose: OAuthPurpose,
  code: string,
  state: string,
): Promise<string> {
  const verified = verifyOAuthState(deps.secrets.authSecret, state, deps.now().getTime());
  if (!verified || verified.purpose !== purpose || verified.userId !== userId) {
    throw badRequest(
      "This ClickUp authorization link has expired or belongs to another session. Please connect again.",
    );
  }
  if (verified.organizationId !== organizationId) {
    throw badRequest(
      "This ClickUp authorization was started in another workspace. Switch back to it and try again.",
    );
  }
  const rt = clickupRuntime(deps);
  if (!rt.clientId || !rt.clientSecret)
    throw new AppError(503, "service_unavailable", "ClickUp OAuth is not configured on this server");
  try {
    return await exchangeOAuthCode({
      baseUrl: rt.apiUrl,
      clientId: rt.clientId,
      clientSecret: rt.clientSecret,
      code,
      fetch: rt.fetch,
    });
  } catch (err) {
    deps.logger.warn(
      { organizationId, err: err instanceof Error ? err.message : String(err) },
      "clickup code exchange failed",
    );
    throw badRequest("ClickUp did not accept the authorization code. Please connect again.");
  }
}

export interface TeamChoice {
  id: string;
  name: string;
  members: number;
}

const teamChoice = (t: CuTeam): TeamChoice => ({ id: t.id, name: t.name, members: t.members.length });

async function readAccount(deps: Deps, token: string) {
  const client = clientForToken(deps, token, { maxRetries: 2 });
  try {
    const [user, teams] = await Promise.all([client.getUser(), client.getTeams()]);
    return { user, teams };
  } catch (err) {
    if (err instanceof ClickUpApiError && err.isAuth)
      throw badRequest("ClickUp refused this token. Check it and try again.");
    if (err instanceof ClickUpApiError)
      throw new AppError(
        503,
        "service_unavailable",
        "ClickUp is not answering right now. Please try again in a moment.",
      );
    throw err;
  }
}

export interface WorkspaceConnectResult {
  status: "active" | "pending_team";
  teams: TeamChoice[];
  team: TeamChoice | null;
  syncQueued: boolean;
}

/**
 * Store the workspace's token (encrypted) and, when the account sees exactly one ClickUp
 * workspace, pick it and start the first full sync; otherwise the owner picks one.
 * The connecting user's own ClickUp account is linked too when they have none yet.
 */
export async function connectWorkspace(
  deps: Deps,
  organizationId: string,
  userId: string,
  token: string,
  authType: "oauth" | "personal",
): Promise<WorkspaceConnectResult> {
  const { user, teams } = await readAccount(deps, token);
  if (teams.length === 0)
    throw badRequest("This ClickUp account has no workspace it can share with Agency Hub.");
  const only = teams.length === 1 ? teams[0]! : null;
  const tokenEnc = encryptSecret(token, deps.secrets.encryptionKey);
  const db = deps.database.db;
  await repo.saveWorkspaceConnection(db, organizationId, {
    authType,
    tokenEnc,
    connectedBy: userId,
    teamId: only?.id ?? null,
    teamName: only?.name ?? null,
  });
  const own = await repo.getUserConnection(db, organizationId, userId);
  if (!own?.isActive) {
    await repo.saveUserConnection(db, organizationId, userId, {
      clickupUserId: user.id,
      email: user.email,
      username: user.username,
      tokenEnc,
    });
  }
  let syncQueued = false;
  if (only) syncQueued = await requestFullSync(deps, organizationId, "connect");
  deps.logger.info({ organizationId, authType, teams: teams.length }, "clickup workspace connected");
  return {
    status: only ? "active" : "pending_team",
    teams: teams.map(teamChoice),
    team: only ? teamChoice(only) : null,
    syncQueued,
  };
}

/** The ClickUp workspaces the stored token can see (for the picker). */
export async function listTeams(deps: Deps, organizationId: string): Promise<TeamChoice[]> {
  const conn = await repo.getWorkspaceConnection(deps.database.db, organizationId);
  if (!conn) throw conflict("Connect this workspace to ClickUp first");
  const { teams } = await readAccount(deps, decryptSecret(conn.accessTokenEnc, deps.secrets.encryptionKey));
  return teams.map(teamChoice);
}

export async function chooseTeam(
  deps: Deps,
  organizationId: string,
  teamId: string,
): Promise<WorkspaceConnectResult> {
  const conn = await repo.getWorkspaceConnection(deps.database.db, organizationId);
  if (!conn) throw conflict("Connect this workspace to ClickUp first");
  const { teams } = await readAccount(deps, decryptSecret(conn.accessTokenEnc, deps.secrets.encryptionKey));
  const team = teams.find((t) => t.id === teamId);
  if (!team)
    throw badRequest("This ClickUp workspace is not available to the connected account", [
      { field: "teamId", message: "Unknown workspace" },
    ]);
  if (conn.clickupTeamId !== team.id || conn.status !== "active")
    await repo.setWorkspaceTeam(deps.database.db, organizationId, team.id, team.name);
  const syncQueued = await requestFullSync(deps, organizationId, "connect");
  return { status: "active", teams: teams.map(teamChoice), team: teamChoice(team), syncQueued };
}

/** Remove the link (and ClickUp's webhook, best effort). Synced data stays until reconnected. */
export async function disconnectWorkspace(deps: Deps, organizationId: string): Promise<void> {
  const db = deps.database.db;
  const conn = await repo.getWorkspaceConnection(db, organizationId);
  if (!conn) return;
  if (conn.webhookId) {
    try {
      const client = clientForToken(deps, decryptSecret(conn.accessTokenEnc, deps.secrets.encryptionKey), {
        maxRetries: 1,
      });
      await client.deleteWebhook(conn.webhookId);
    } catch (err) {
      deps.logger.warn(
        { organizationId, err: err instanceof Error ? err.message : String(err) },
        "could not delete the clickup webhook",
      );
    }
  }
  await repo.deleteWorkspaceConnection(db, organizationId);
  deps.logger.info({ organizationId }, "clickup workspace disconnected");
}

/** The caller's own ClickUp account (spec §3 user_clickup_connections). */
export async function connectOwnAccount(
  deps: Deps,
  organizationId: string,
  userId: string,
  token: string,
): Promise<repo.UserConnection> {
  const { user, teams } = await readAccount(deps, token);
  const db = deps.database.db;
  const conn = await repo.getWorkspaceConnection(db, organizationId);
  if (conn?.clickupTeamId && !teams.some((t) => t.id === conn.clickupTeamId)) {
    throw badRequest(
      `This ClickUp account is not a member of ${conn.clickupTeamName ?? "the connected ClickUp workspace"}.`,
    );
  }
  await repo.saveUserConnection(db, organizationId, userId, {
    clickupUserId: user.id,
    email: user.email,
    username: user.username,
    tokenEnc: encryptSecret(token, deps.secrets.encryptionKey),
  });
  return (await repo.getUserConnection(db, organizationId, userId))!;
}
