import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";

/**
 * Where a workspace's sync stands (sync_state: one row per workspace, with the checkpoint a
 * killed full sync resumes from), the history of runs (sync_runs), and the signals around them.
 */

/** The database's clock: rows untouched since this instant were not seen by the current run. */
export async function dbNow(ex: Executor): Promise<string> {
  const row = await firstRow<{ now: string | Date }>(ex, sql`select now() as now`);
  return new Date(row!.now).toISOString();
}

export interface SyncStateRow {
  status: string;
  phase: string | null;
  progress: number;
  checkpoint: Record<string, unknown> | null;
  currentRunId: string | null;
  lastFullSyncAt: string | null;
  lastIncrementalAt: string | null;
  lastPollCursor: string | null;
  lastError: string | null;
  updatedAt: string;
}

export async function getSyncState(ex: Executor, orgId: string): Promise<SyncStateRow | null> {
  const r = await firstRow<SyncStateRow>(
    ex,
    sql`select status, phase, progress, checkpoint, current_run_id as "currentRunId",
          last_full_sync_at as "lastFullSyncAt", last_incremental_at as "lastIncrementalAt",
          last_poll_cursor as "lastPollCursor", last_error as "lastError", updated_at as "updatedAt"
        from sync_state where organization_id = ${orgId}`,
  );
  return r ?? null;
}

export async function patchSyncState(
  ex: Executor,
  orgId: string,
  patch: Partial<{
    status: string;
    phase: string | null;
    progress: number;
    checkpoint: Record<string, unknown> | null;
    currentRunId: string | null;
    lastFullSyncAt: "now";
    lastIncrementalAt: "now";
    lastPollCursor: string | null;
    lastError: string | null;
  }>,
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.phase !== undefined) sets.push(sql`phase = ${patch.phase}`);
  if (patch.progress !== undefined)
    sets.push(sql`progress = ${Math.max(0, Math.min(100, Math.round(patch.progress)))}`);
  if (patch.checkpoint !== undefined)
    sets.push(
      sql`checkpoint = ${patch.checkpoint === null ? null : JSON.stringify(patch.checkpoint)}::jsonb`,
    );
  if (patch.currentRunId !== undefined) sets.push(sql`current_run_id = ${patch.currentRunId}`);
  if (patch.lastFullSyncAt) sets.push(sql`last_full_sync_at = now()`);
  if (patch.lastIncrementalAt) sets.push(sql`last_incremental_at = now()`);
  if (patch.lastPollCursor !== undefined) sets.push(sql`last_poll_cursor = ${patch.lastPollCursor}`);
  if (patch.lastError !== undefined) sets.push(sql`last_error = ${patch.lastError}`);
  await run(
    ex,
    sql`insert into sync_state (organization_id) values (${orgId}) on conflict (organization_id) do nothing`,
  );
  await run(ex, sql`update sync_state set ${sql.join(sets, sql`, `)} where organization_id = ${orgId}`);
}

export async function startRun(
  ex: Executor,
  orgId: string,
  id: string,
  kind: string,
  trigger: string,
): Promise<void> {
  await run(
    ex,
    sql`
    insert into sync_runs (organization_id, id, kind, status, trigger, stats, started_at)
    values (${orgId}, ${id}, ${kind}, 'running', ${trigger}, '{}'::jsonb, now())
    on conflict (organization_id, id) do update set status = 'running', finished_at = null, error = null`,
  );
}

export async function finishRun(
  ex: Executor,
  orgId: string,
  id: string,
  status: "succeeded" | "failed" | "cancelled",
  stats: Record<string, number>,
  error: string | null,
): Promise<void> {
  await run(
    ex,
    sql`
    update sync_runs set status = ${status}, stats = ${JSON.stringify(stats)}::jsonb, error = ${error}, finished_at = now()
    where organization_id = ${orgId} and id = ${id}`,
  );
}

export async function recentRuns(ex: Executor, orgId: string, limit: number) {
  return rows<{
    id: string;
    kind: string;
    status: string;
    trigger: string | null;
    stats: Record<string, number>;
    error: string | null;
    startedAt: string;
    finishedAt: string | null;
  }>(
    ex,
    sql`select id, kind, status, trigger, stats, error, started_at as "startedAt", finished_at as "finishedAt"
        from sync_runs where organization_id = ${orgId} order by started_at desc limit ${limit}`,
  );
}

/** Forget the sync of a disconnected workspace (its synced data stays until reconnected). */
export async function resetSyncState(ex: Executor, orgId: string): Promise<void> {
  await run(
    ex,
    sql`update sync_state set status = 'idle', phase = null, progress = 0, checkpoint = null, current_run_id = null,
          last_poll_cursor = null, updated_at = now()
        where organization_id = ${orgId}`,
  );
}

/**
 * Planner statistics for the tables a full sync has just filled. PGlite (the embedded default)
 * has no autovacuum and so never gathers them on its own, nor does a PostgreSQL server with
 * autovacuum off: without them every later query (the sync's own finalize, the dashboard, the
 * workload) is planned on guesses. Sampled (a few thousand rows a table): about a second for the
 * large agency.
 */
export async function analyzeSyncedTables(ex: Executor): Promise<void> {
  await run(ex, sql`analyze ${SYNCED_TABLES}`);
}

const SYNCED_TABLES = sql`spaces, folders, lists, list_members, provider_users, tasks, task_assignees,
  custom_fields, custom_field_values, time_entries, time_entry_days, workload_bookings, workload_days`;

/**
 * After a full sync: the space of the rows its finalize rewrote (every task's derived fields, the
 * deleted marks) made reusable, the visibility map set (index-only scans), fresh statistics. What
 * autovacuum would do on a PostgreSQL server; PGlite has none. Outside any transaction (VACUUM
 * refuses one).
 */
export async function vacuumSyncedTables(ex: Executor): Promise<void> {
  await run(ex, sql`vacuum (analyze) ${SYNCED_TABLES}`);
}
