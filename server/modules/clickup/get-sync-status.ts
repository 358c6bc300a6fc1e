import type { RequestContext } from "../../request-context";
import { getSyncState, recentRuns } from "../sync/sync-state-repo";
import { webhookActivity } from "../sync/webhook-event-repo";
import type { SyncStatus } from "./contract";

/** Sync progress, the last runs and webhook activity (admins: canViewTimeSyncReports). */
export async function getSyncStatus(ctx: RequestContext): Promise<SyncStatus> {
  const { db, organizationId } = ctx;
  const [state, runs, webhooks] = await Promise.all([
    getSyncState(db, organizationId),
    recentRuns(db, organizationId, 10),
    webhookActivity(db, organizationId),
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
