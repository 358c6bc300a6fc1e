import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { clickupWorkspaceConnections, userClickupConnections } from "../../db/schema/clickup";

/*
 * The ClickUp connections, and the only module that reads or writes their tables:
 * - clickup_workspace_connections: the workspace's link to one ClickUp workspace ("team"), its
 *   encrypted token and the webhook we registered there (the sync engine and the webhook
 *   receiver read it through getWorkspaceConnection);
 * - user_clickup_connections: each person's own ClickUp account in a workspace. A person's active
 *   ClickUp user id alone is accessible-tasks' activeClickupUserId().
 * Tokens and secrets stay encrypted here; decrypting is the caller's business.
 */

const workspace = clickupWorkspaceConnections;
const user = userClickupConnections;

export type WorkspaceConnectionStatus = "pending_team" | "active" | "error" | "disconnected";

export interface WorkspaceConnection {
  organizationId: string;
  clickupTeamId: string | null;
  clickupTeamName: string | null;
  authType: "oauth" | "personal";
  accessTokenEnc: string;
  webhookId: string | null;
  webhookSecretEnc: string | null;
  status: WorkspaceConnectionStatus;
  lastError: string | null;
  connectedAt: Date;
  connectedBy: string | null;
}

export async function getWorkspaceConnection(
  ex: Executor,
  orgId: string,
): Promise<WorkspaceConnection | null> {
  const [found] = await ex
    .select({
      organizationId: workspace.organizationId,
      clickupTeamId: workspace.clickupTeamId,
      clickupTeamName: workspace.clickupTeamName,
      authType: workspace.authType,
      accessTokenEnc: workspace.accessTokenEnc,
      webhookId: workspace.webhookId,
      webhookSecretEnc: workspace.webhookSecretEnc,
      status: workspace.status,
      lastError: workspace.lastError,
      connectedAt: workspace.connectedAt,
      connectedBy: workspace.connectedBy,
    })
    .from(workspace)
    .where(eq(workspace.organizationId, orgId));
  return found ?? null;
}

/** The ClickUp team id the workspace is connected to (links into ClickUp), or null. */
export async function workspaceClickupTeamId(ex: Executor, orgId: string): Promise<string | null> {
  const [found] = await ex
    .select({ teamId: workspace.clickupTeamId })
    .from(workspace)
    .where(eq(workspace.organizationId, orgId));
  return found?.teamId ?? null;
}

/** Workspaces whose connection is active with a team chosen: the scheduled polls and nightly syncs. */
export async function activeWorkspaceConnectionIds(ex: Executor): Promise<string[]> {
  const found = await ex
    .select({ id: workspace.organizationId })
    .from(workspace)
    .where(and(eq(workspace.status, "active"), isNotNull(workspace.clickupTeamId)));
  return found.map((r) => r.id);
}

/**
 * Store (or replace) the workspace's connection. A team is active at once; without one the
 * owner picks it next. The webhook registered for a different team is forgotten.
 */
export async function saveWorkspaceConnection(
  ex: Executor,
  orgId: string,
  c: {
    authType: "oauth" | "personal";
    tokenEnc: string;
    connectedBy: string;
    teamId: string | null;
    teamName: string | null;
  },
): Promise<void> {
  const status = c.teamId ? "active" : "pending_team";
  const teamChanged = sql`${workspace.clickupTeamId} is distinct from excluded.clickup_team_id`;
  await ex
    .insert(workspace)
    .values({
      organizationId: orgId,
      clickupTeamId: c.teamId,
      clickupTeamName: c.teamName,
      authType: c.authType,
      accessTokenEnc: c.tokenEnc,
      connectedBy: c.connectedBy,
      status,
      lastError: null,
      connectedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: workspace.organizationId,
      set: {
        clickupTeamId: sql`excluded.clickup_team_id`,
        clickupTeamName: sql`excluded.clickup_team_name`,
        authType: sql`excluded.auth_type`,
        accessTokenEnc: sql`excluded.access_token_enc`,
        connectedBy: sql`excluded.connected_by`,
        status: sql`excluded.status`,
        lastError: null,
        webhookId: sql`case when ${teamChanged} then null else ${workspace.webhookId} end`,
        webhookSecretEnc: sql`case when ${teamChanged} then null else ${workspace.webhookSecretEnc} end`,
        connectedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

/** The owner picked the ClickUp workspace: active, and the webhook of any previous team forgotten. */
export async function setWorkspaceTeam(
  ex: Executor,
  orgId: string,
  teamId: string,
  teamName: string,
): Promise<void> {
  await ex
    .update(workspace)
    .set({
      clickupTeamId: teamId,
      clickupTeamName: teamName,
      status: "active",
      lastError: null,
      webhookId: null,
      webhookSecretEnc: null,
      updatedAt: sql`now()`,
    })
    .where(eq(workspace.organizationId, orgId));
}

/** What the last sync said about the connection (a 401 marks it 'error'; success clears it). */
export async function setWorkspaceConnectionError(
  ex: Executor,
  orgId: string,
  error: string | null,
  status?: WorkspaceConnectionStatus,
): Promise<void> {
  await ex
    .update(workspace)
    .set({ lastError: error, updatedAt: sql`now()`, ...(status ? { status } : {}) })
    .where(eq(workspace.organizationId, orgId));
}

/** The webhook registered in ClickUp for this workspace, its secret encrypted. */
export async function setWorkspaceWebhook(
  ex: Executor,
  orgId: string,
  webhookId: string | null,
  secretEnc: string | null,
): Promise<void> {
  await ex
    .update(workspace)
    .set({ webhookId, webhookSecretEnc: secretEnc, updatedAt: sql`now()` })
    .where(eq(workspace.organizationId, orgId));
}

export async function deleteWorkspaceConnection(ex: Executor, orgId: string): Promise<void> {
  await ex.delete(workspace).where(eq(workspace.organizationId, orgId));
}

export interface UserConnection {
  clickupUserId: string;
  clickupEmail: string | null;
  clickupUsername: string | null;
  isActive: boolean;
  connectedAt: Date;
}

export async function getUserConnection(
  ex: Executor,
  orgId: string,
  userId: string,
): Promise<UserConnection | null> {
  const [found] = await ex
    .select({
      clickupUserId: user.clickupUserId,
      clickupEmail: user.clickupEmail,
      clickupUsername: user.clickupUsername,
      isActive: user.isActive,
      connectedAt: user.connectedAt,
    })
    .from(user)
    .where(and(eq(user.organizationId, orgId), eq(user.userId, userId)));
  return found ?? null;
}

/** Link (or re-link) a person's ClickUp account; a null token keeps the one stored before. */
export async function saveUserConnection(
  ex: Executor,
  orgId: string,
  userId: string,
  c: { clickupUserId: string; email: string | null; username: string | null; tokenEnc: string | null },
): Promise<void> {
  await ex
    .insert(user)
    .values({
      organizationId: orgId,
      userId,
      clickupUserId: c.clickupUserId,
      clickupEmail: c.email,
      clickupUsername: c.username,
      accessTokenEnc: c.tokenEnc,
      isActive: true,
      connectedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [user.organizationId, user.userId],
      set: {
        clickupUserId: sql`excluded.clickup_user_id`,
        clickupEmail: sql`excluded.clickup_email`,
        clickupUsername: sql`excluded.clickup_username`,
        accessTokenEnc: sql`coalesce(excluded.access_token_enc, ${user.accessTokenEnc})`,
        isActive: true,
        connectedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
}

/** Unlink a person's account: inactive, token dropped. */
export async function deactivateUserConnection(ex: Executor, orgId: string, userId: string): Promise<void> {
  await ex
    .update(user)
    .set({ isActive: false, accessTokenEnc: null, updatedAt: sql`now()` })
    .where(and(eq(user.organizationId, orgId), eq(user.userId, userId)));
}
