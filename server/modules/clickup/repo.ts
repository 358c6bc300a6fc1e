import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Executor = Pick<Db, "execute">;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface WorkspaceConnection {
  clickupTeamId: string | null;
  clickupTeamName: string | null;
  authType: "oauth" | "personal";
  accessTokenEnc: string;
  webhookId: string | null;
  status: "pending_team" | "active" | "error" | "disconnected";
  lastError: string | null;
  connectedAt: string;
  connectedBy: string | null;
}

export async function getWorkspaceConnection(
  db: Executor,
  orgId: string,
): Promise<WorkspaceConnection | null> {
  const [r] = await rows<WorkspaceConnection>(
    db,
    sql`select clickup_team_id as "clickupTeamId", clickup_team_name as "clickupTeamName", auth_type as "authType",
          access_token_enc as "accessTokenEnc", webhook_id as "webhookId", status, last_error as "lastError",
          connected_at as "connectedAt", connected_by as "connectedBy"
        from clickup_workspace_connections where organization_id = ${orgId}`,
  );
  return r ?? null;
}

export async function saveWorkspaceConnection(
  db: Executor,
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
  await db.execute(sql`
    insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type,
      access_token_enc, connected_by, status, last_error, connected_at, updated_at)
    values (${orgId}, ${c.teamId}, ${c.teamName}, ${c.authType}, ${c.tokenEnc}, ${c.connectedBy}, ${status}, null, now(), now())
    on conflict (organization_id) do update set
      clickup_team_id = excluded.clickup_team_id, clickup_team_name = excluded.clickup_team_name,
      auth_type = excluded.auth_type, access_token_enc = excluded.access_token_enc,
      connected_by = excluded.connected_by, status = excluded.status, last_error = null,
      webhook_id = case when clickup_workspace_connections.clickup_team_id is distinct from excluded.clickup_team_id
                        then null else clickup_workspace_connections.webhook_id end,
      webhook_secret_enc = case when clickup_workspace_connections.clickup_team_id is distinct from excluded.clickup_team_id
                        then null else clickup_workspace_connections.webhook_secret_enc end,
      connected_at = now(), updated_at = now()`);
}

export async function setWorkspaceTeam(
  db: Executor,
  orgId: string,
  teamId: string,
  teamName: string,
): Promise<void> {
  await db.execute(sql`
    update clickup_workspace_connections set clickup_team_id = ${teamId}, clickup_team_name = ${teamName},
      status = 'active', last_error = null, webhook_id = null, webhook_secret_enc = null, updated_at = now()
    where organization_id = ${orgId}`);
}

export async function deleteWorkspaceConnection(db: Executor, orgId: string): Promise<void> {
  await db.execute(sql`delete from clickup_workspace_connections where organization_id = ${orgId}`);
  await db.execute(sql`
    update sync_state set status = 'idle', phase = null, progress = 0, checkpoint = null, current_run_id = null,
      last_poll_cursor = null, updated_at = now()
    where organization_id = ${orgId}`);
}

export interface UserConnection {
  clickupUserId: string;
  clickupEmail: string | null;
  clickupUsername: string | null;
  isActive: boolean;
  connectedAt: string;
}

export async function getUserConnection(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<UserConnection | null> {
  const [r] = await rows<UserConnection>(
    db,
    sql`select clickup_user_id as "clickupUserId", clickup_email as "clickupEmail", clickup_username as "clickupUsername",
          is_active as "isActive", connected_at as "connectedAt"
        from user_clickup_connections where organization_id = ${orgId} and user_id = ${userId}`,
  );
  return r ?? null;
}

export async function saveUserConnection(
  db: Executor,
  orgId: string,
  userId: string,
  c: { clickupUserId: string; email: string | null; username: string | null; tokenEnc: string | null },
): Promise<void> {
  await db.execute(sql`
    insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_email, clickup_username,
      access_token_enc, is_active, connected_at, updated_at)
    values (${orgId}, ${userId}, ${c.clickupUserId}, ${c.email}, ${c.username}, ${c.tokenEnc}, true, now(), now())
    on conflict (organization_id, user_id) do update set
      clickup_user_id = excluded.clickup_user_id, clickup_email = excluded.clickup_email,
      clickup_username = excluded.clickup_username,
      access_token_enc = coalesce(excluded.access_token_enc, user_clickup_connections.access_token_enc),
      is_active = true, connected_at = now(), updated_at = now()`);
}

export async function deactivateUserConnection(db: Executor, orgId: string, userId: string): Promise<void> {
  await db.execute(sql`
    update user_clickup_connections set is_active = false, access_token_enc = null, updated_at = now()
    where organization_id = ${orgId} and user_id = ${userId}`);
}

export async function providerUserExists(
  db: Executor,
  orgId: string,
  clickupUserId: string,
): Promise<boolean> {
  const [r] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from provider_users where organization_id = ${orgId} and id = ${clickupUserId}`,
  );
  return Number(r?.n ?? 0) > 0;
}

export async function webhookActivity(db: Executor, orgId: string) {
  const [r] = await rows<{
    received: number | string;
    rejected: number | string;
    failed: number | string;
    last: string | null;
  }>(
    db,
    sql`select count(*) filter (where status in ('received', 'processed')) as received,
               count(*) filter (where status = 'rejected') as rejected,
               count(*) filter (where status = 'failed') as failed,
               max(received_at)::text as last
        from webhook_events where organization_id = ${orgId} and received_at > now() - interval '7 days'`,
  );
  return {
    receivedLast7Days: Number(r?.received ?? 0),
    rejectedLast7Days: Number(r?.rejected ?? 0),
    failedLast7Days: Number(r?.failed ?? 0),
    lastReceivedAt: r?.last ? new Date(r.last).toISOString() : null,
  };
}
