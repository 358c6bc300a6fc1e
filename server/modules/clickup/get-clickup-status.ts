import { can, type Role } from "@domain/permissions";
import type { AppDeps } from "../../context";
import { clickupRuntime } from "../../integrations/clickup/runtime";
import * as syncRepo from "../sync/repo";
import * as repo from "./repo";

/** Everything the Settings page shows about ClickUp for the caller. */
export async function getClickupStatus(
  deps: Pick<AppDeps, "config" | "database" | "clickup">,
  tenant: { organizationId: string; userId: string; role: Role },
) {
  const db = deps.database.db;
  const rt = clickupRuntime(deps);
  const [conn, mine] = await Promise.all([
    repo.getWorkspaceConnection(db, tenant.organizationId),
    repo.getUserConnection(db, tenant.organizationId, tenant.userId),
  ]);
  return {
    oauthAvailable: Boolean(rt.clientId),
    simulated: rt.simulated,
    canManage: can(tenant.role, "canManageIntegrations"),
    canViewSync: can(tenant.role, "canViewTimeSyncReports"),
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

/** Sync progress, the last runs and webhook activity (admins: canViewTimeSyncReports). */
export async function getSyncStatus(deps: Pick<AppDeps, "database">, organizationId: string) {
  const db = deps.database.db;
  const [state, runs, webhooks] = await Promise.all([
    syncRepo.getSyncState(db, organizationId),
    syncRepo.recentRuns(db, organizationId, 10),
    repo.webhookActivity(db, organizationId),
  ]);
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    status: state?.status ?? "idle",
    phase: state?.phase ?? null,
    progress: state?.progress ?? 0,
    lastFullSyncAt: iso(state?.lastFullSyncAt),
    lastIncrementalAt: iso(state?.lastIncrementalAt),
    lastError: state?.lastError ?? null,
    runs: runs.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      trigger: r.trigger,
      stats: r.stats,
      error: r.error,
      startedAt: new Date(r.startedAt).toISOString(),
      finishedAt: iso(r.finishedAt),
    })),
    webhooks,
  };
}
