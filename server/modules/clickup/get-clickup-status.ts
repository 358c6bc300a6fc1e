import { can } from "@domain/permissions";
import { clickupRuntime } from "../../integrations/clickup/runtime";
import type { RequestContext } from "../../request-context";
import type { ClickupStatus } from "./contract";
import { getUserConnection, getWorkspaceConnection } from "./repo";

/** Everything the Settings page shows about ClickUp for the caller. */
export async function getClickupStatus(ctx: RequestContext): Promise<ClickupStatus> {
  const rt = clickupRuntime(ctx.deps);
  const [conn, mine] = await Promise.all([
    getWorkspaceConnection(ctx.db, ctx.organizationId),
    getUserConnection(ctx.db, ctx.organizationId, ctx.userId),
  ]);
  return {
    oauthAvailable: Boolean(rt.clientId),
    simulated: rt.simulated,
    canManage: can(ctx.role, "canManageIntegrations"),
    canViewSync: can(ctx.role, "canViewTimeSyncReports"),
    workspace: conn
      ? {
          status: conn.status,
          teamId: conn.clickupTeamId,
          teamName: conn.clickupTeamName,
          authType: conn.authType,
          connectedAt: new Date(conn.connectedAt).toISOString(),
          lastError: conn.lastError,
          webhook: Boolean(conn.webhookId),
        }
      : null,
    me:
      mine && mine.isActive
        ? {
            clickupUserId: mine.clickupUserId,
            clickupEmail: mine.clickupEmail,
            clickupUsername: mine.clickupUsername,
            connectedAt: new Date(mine.connectedAt).toISOString(),
          }
        : null,
  };
}
