import { notifyWorkspaceChanged } from "../modules/live/repo";
import type PgBoss from "pg-boss";
import { TIMESHEET_DESCRIPTION } from "@domain/index";
import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import type { ClickUpClient } from "../integrations/clickup/client";
import { clientForEncryptedToken } from "../integrations/clickup/runtime";
import {
  linkWrittenEntry,
  markWriteBackFailed,
  selectLinkedClickupIds,
  selectPendingEntries,
  selectUsersWithPendingWriteBack,
  selectWriteBackTarget,
  type PendingEntryRow,
} from "../modules/timesheet/repo";

/**
 * Write the timesheet's entries back to ClickUp as the person's own time entries (their token),
 * create / update / delete, idempotently:
 * - a new row is first looked for in ClickUp (same task, start, duration and description, not yet
 *   linked) and adopted, so a retry after a crash between "created in ClickUp" and "recorded the
 *   id" never creates a second entry; otherwise it is created and its ClickUp id kept;
 * - a changed row updates its ClickUp entry; a deleted row deletes it (an answer that, confirmed,
 *   says the entry is gone counts as deleted: `ClickUpClient.confirmsGone`);
 * - a failure marks the row 'failed' with the reason (shown in the timesheet) and the job throws,
 *   so the queue retries it with backoff; the periodic sweep picks up anything left behind.
 */
export const WRITE_BACK_TIME_ENTRIES_JOB = "write-back-time-entries";
/** Periodic sweep: re-queues every person with pending or failed entries. */
export const WRITE_BACK_SWEEP_JOB = "write-back-time-entries-sweep";

export interface WriteBackPayload {
  organizationId: string;
  /** App user whose ClickUp account receives the entries. */
  userId: string;
}

export interface WriteBackResult {
  created: number;
  adopted: number;
  updated: number;
  deleted: number;
  failed: number;
}

type WriteBackDeps = Pick<AppDeps, "database" | "logger" | "config" | "secrets"> &
  Partial<Pick<AppDeps, "clickup">>;

const BATCH = 200;

export async function writeBackTimeEntries(
  deps: WriteBackDeps,
  payload: WriteBackPayload,
  clientFor: (tokenEnc: string) => ClickUpClient = (tokenEnc) =>
    clientForEncryptedToken(deps as Parameters<typeof clientForEncryptedToken>[0], tokenEnc),
): Promise<WriteBackResult> {
  const result: WriteBackResult = { created: 0, adopted: 0, updated: 0, deleted: 0, failed: 0 };
  const target = await selectWriteBackTarget(deps.database.db, payload.organizationId, payload.userId);
  if (!target) return result;
  const pending = await selectPendingEntries(
    deps.database.db,
    payload.organizationId,
    target.clickup_user_id,
    BATCH,
  );
  if (pending.length === 0) return result;
  if (!target.access_token_enc || !target.clickup_team_id) {
    const reason = !target.access_token_enc
      ? "ClickUp account not connected with a token"
      : "Workspace is not connected to a ClickUp team";
    for (const row of pending)
      await markWriteBackFailed(deps.database.db, payload.organizationId, row.id, reason);
    result.failed = pending.length;
    await notifyWorkspaceChanged(deps.database.db, payload.organizationId);
    throw new Error(`time-entry write-back: ${reason}`);
  }
  const client = clientFor(target.access_token_enc);
  const teamId = target.clickup_team_id;

  for (const row of pending) {
    try {
      const outcome = await writeOne(
        deps,
        client,
        teamId,
        target.clickup_user_id,
        payload.organizationId,
        row,
      );
      result[outcome] += 1;
    } catch (err) {
      result.failed += 1;
      const message = err instanceof Error ? err.message : String(err);
      deps.logger.warn({ err, entryId: row.id }, "time-entry write-back failed");
      await markWriteBackFailed(deps.database.db, payload.organizationId, row.id, message);
    }
  }
  await notifyWorkspaceChanged(deps.database.db, payload.organizationId);
  if (result.failed > 0)
    throw new Error(`time-entry write-back: ${result.failed} of ${pending.length} failed`);
  return result;
}

async function writeOne(
  deps: WriteBackDeps,
  client: ClickUpClient,
  teamId: string,
  clickupUserId: string,
  organizationId: string,
  row: PendingEntryRow,
): Promise<keyof Omit<WriteBackResult, "failed">> {
  const start = new Date(row.start_time).getTime();
  const duration = Number(row.duration_ms);
  const description = row.description ?? TIMESHEET_DESCRIPTION;

  if (row.deleted) {
    if (row.clickup_id) {
      const clickupId = row.clickup_id;
      try {
        await client.deleteTimeEntry(teamId, clickupId);
      } catch (err) {
        // Already gone only when ClickUp's answer, confirmed, says so: an unknown id answers 401
        // (clickup-api.md §7 item 10), as do a revoked token and an unauthorized workspace.
        const gone = await client.confirmsGone(err, teamId, () => client.getTimeEntry(teamId, clickupId));
        if (!gone) throw err;
      }
    }
    await transaction(deps.database, (tx) =>
      linkWrittenEntry(tx, organizationId, row.id, row.clickup_id, row.updated_at),
    );
    return "deleted";
  }

  if (row.clickup_id) {
    await client.updateTimeEntry(teamId, row.clickup_id, {
      start,
      end: start + duration,
      duration,
      description,
      billable: row.billable,
      ...(row.task_id ? { taskId: row.task_id } : {}),
    });
    await transaction(deps.database, (tx) =>
      linkWrittenEntry(tx, organizationId, row.id, row.clickup_id, row.updated_at),
    );
    return "updated";
  }

  // Find-or-create: adopt an identical entry a previous attempt created but could not record.
  const candidates = await client.getTimeEntries(teamId, {
    startDate: start - 1,
    endDate: start + duration + 1,
    assignees: [clickupUserId],
    ...(row.task_id ? { taskId: row.task_id } : {}),
  });
  const matching = candidates.filter(
    (c) =>
      c.start === start &&
      c.duration === duration &&
      (c.description ?? "") === description &&
      (row.task_id === null || c.taskId === row.task_id),
  );
  const linked = await selectLinkedClickupIds(
    deps.database.db,
    organizationId,
    matching.map((c) => c.id),
  );
  const adoptable = matching.find((c) => !linked.has(c.id));
  if (adoptable) {
    await transaction(deps.database, (tx) =>
      linkWrittenEntry(tx, organizationId, row.id, adoptable.id, row.updated_at),
    );
    return "adopted";
  }
  const created = await client.createTimeEntry(teamId, {
    start,
    duration,
    taskId: row.task_id,
    description,
    billable: row.billable,
    assignee: clickupUserId,
  });
  await transaction(deps.database, (tx) =>
    linkWrittenEntry(tx, organizationId, row.id, created.id, row.updated_at),
  );
  return "created";
}

type Enqueue = (payload: WriteBackPayload) => Promise<void>;
const queues = new WeakMap<object, Enqueue>();

/**
 * Route write-backs of this database's app to a queue (pg-boss: send WRITE_BACK_TIME_ENTRIES_JOB
 * with singletonKey `${organizationId}:${userId}`, retries with backoff). Until one is registered
 * the write-back runs in-process right after the save; failures stay 'failed' for the sweep.
 */
export function registerWriteBackQueue(database: object, enqueue: Enqueue): void {
  queues.set(database, enqueue);
}

/** Queue (or run in the background) the write-back of one person's pending entries. */
export async function enqueueWriteBack(deps: WriteBackDeps, payload: WriteBackPayload): Promise<void> {
  const queue = queues.get(deps.database);
  if (queue) return queue(payload);
  void writeBackTimeEntries(deps, payload).catch((err: unknown) =>
    deps.logger.warn({ err }, "time-entry write-back did not complete; it stays pending for a retry"),
  );
}

/** The sweep: one write-back per person with pending or failed entries. */
export async function sweepPendingWriteBacks(
  deps: Pick<AppDeps, "database">,
  enqueue: (payload: WriteBackPayload) => Promise<void>,
): Promise<number> {
  const people = await selectUsersWithPendingWriteBack(deps.database.db);
  for (const p of people) await enqueue({ organizationId: p.organization_id, userId: p.logged_by });
  return people.length;
}

/**
 * Register the write-back on pg-boss (call from startJobs once the queue is up): a standard
 * queue with retries and backoff (singleton per person so two passes never race), a sweep every
 * 10 minutes that re-queues whatever is still pending or failed, and the timesheet's enqueue.
 */
export async function registerWriteBackJobs(
  boss: PgBoss,
  deps: WriteBackDeps,
  options: { schedule?: boolean; pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.createQueue(WRITE_BACK_TIME_ENTRIES_JOB, {
    name: WRITE_BACK_TIME_ENTRIES_JOB,
    policy: "standard",
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 600,
  });
  await boss.createQueue(WRITE_BACK_SWEEP_JOB, { name: WRITE_BACK_SWEEP_JOB, policy: "short" });
  const send = async (payload: WriteBackPayload) => {
    await boss.send(WRITE_BACK_TIME_ENTRIES_JOB, payload, {
      singletonKey: `${payload.organizationId}:${payload.userId}`,
    });
  };
  await boss.work<WriteBackPayload>(
    WRITE_BACK_TIME_ENTRIES_JOB,
    { ...polling, batchSize: 1 },
    async ([job]) => {
      if (job) await writeBackTimeEntries(deps, job.data);
    },
  );
  await boss.work(WRITE_BACK_SWEEP_JOB, polling, async () => {
    await sweepPendingWriteBacks(deps, send);
  });
  if (options.schedule ?? true) await boss.schedule(WRITE_BACK_SWEEP_JOB, "*/10 * * * *");
  registerWriteBackQueue(deps.database, send);
}
