import { notifyWorkspaceChanged } from "../live/repo";
import { notifyClickUpSyncFailed } from "../slack/notify";
import { transaction } from "../../db/executor";
import type { CuTask } from "../../integrations/clickup/types";
import { asObject, idOrNull, strOrNull } from "../../integrations/clickup/decode";
import {
  connectedClient,
  describeError,
  ensureWebhook,
  ingestTasks,
  newId,
  SyncNotConnectedError,
  type ConnectedClient,
  type SyncDeps,
} from "./engine";
import { syncHierarchy, type SyncResult } from "./full-sync";
import { recomputeDerived } from "./derived-fields-repo";
import { markHierarchyDeleted, providerUserIds } from "./hierarchy-repo";
import { refreshStoredRates } from "./report-rates";
import { dbNow, finishRun, getSyncState, patchSyncState, startRun } from "./sync-state-repo";
import { markTasksDeleted, tasksNewerThanStored } from "./task-repo";
import { markTimeEntriesDeletedInWindow, upsertTimeEntries } from "./time-entry-repo";
import { finishWebhookEvent, getWebhookEvent } from "./webhook-event-repo";

const DAY = 86_400_000;
const FAR_FUTURE = Date.UTC(2100, 0, 1);
/**
 * How far behind its cursor the poll starts. `date_updated_gt` is strictly "greater than" (the
 * OpenAPI document): a cursor equal to the last `date_updated` seen would hide a task updated
 * later in that same millisecond, and an update stamped a little before a concurrent one
 * but committed after it. The overlap re-reads the tasks of the last minute before the cursor;
 * ingestion is an idempotent upsert, and a task read twice is counted once.
 */
export const POLL_CURSOR_OVERLAP_MS = 60_000;

/**
 * Re-read one task: null only when ClickUp's answer, confirmed, says it is gone — 404 `ITEM_*`,
 * or a 401 "not found or not accessible" while `GET /team` still lists the workspace for this
 * token (`ClickUpClient.confirmsGone`). An unconfirmed 401 (workspace no longer authorized, token
 * revoked) keeps the row: the error is thrown, the event fails and the task stays until a full
 * sync — which lists what the token sees — settles it.
 */
async function fetchTask(cc: ConnectedClient, taskId: string): Promise<CuTask | null> {
  try {
    return await cc.client.getTask(taskId);
  } catch (err) {
    if (await cc.client.confirmsGone(err, cc.teamId)) return null;
    throw err;
  }
}

/** Re-pull every time entry of one task and apply creations, edits and deletions. */
async function refreshTaskTime(
  deps: SyncDeps,
  orgId: string,
  cc: ConnectedClient,
  taskId: string,
): Promise<void> {
  const db = deps.database.db;
  const members = await providerUserIds(db, orgId);
  const since = await dbNow(db);
  const entries = await cc.client.getTimeEntries(cc.teamId, {
    startDate: 0,
    endDate: FAR_FUTURE,
    assignees: members,
    taskId,
  });
  await transaction(deps.database, async (tx) => {
    await upsertTimeEntries(tx, orgId, entries);
    await markTimeEntriesDeletedInWindow(tx, orgId, 0, FAR_FUTURE, since, taskId);
  });
}

/**
 * Apply one verified webhook delivery (recorded in webhook_events): re-read what changed from
 * the API — payloads are partial and may be duplicated, replayed or out of order, so the current
 * state is the truth (a taskDeleted marks the task deleted only once ClickUp says it is gone) —
 * and write it idempotently.
 */
export async function processWebhookEvent(deps: SyncDeps, eventId: number): Promise<void> {
  const db = deps.database.db;
  const event = await getWebhookEvent(db, eventId);
  if (!event || !event.organizationId || event.status !== "received") return;
  const orgId = event.organizationId;
  const payload = asObject(event.payload);
  const name = strOrNull(payload.event) ?? "";
  try {
    const cc = await connectedClient(deps, orgId);
    const taskId = idOrNull(payload.task_id);
    const changed: string[] = [];
    if (name.startsWith("task") && taskId) {
      // Every task event, taskDeleted included, is confirmed by reading the task: a signed
      // delivery replayed or sent out of order never deletes a task ClickUp still has.
      const task = await fetchTask(cc, taskId);
      if (!task) await markTasksDeleted(db, orgId, [taskId]);
      else
        await transaction(deps.database, (tx) =>
          ingestTasks(tx, orgId, [task], { unknownListsArchived: false }),
        );
      if (task && name === "taskTimeTrackedUpdated") await refreshTaskTime(deps, orgId, cc, taskId);
      changed.push(taskId);
    } else if (/^(list|folder|space)Deleted$/.test(name)) {
      const kind = name.slice(0, name.indexOf("D")) as "list" | "folder" | "space";
      const id = idOrNull(payload[`${kind}_id`]);
      if (id) await markHierarchyDeleted(db, orgId, kind, id);
    } else if (/^(list|folder|space)(Created|Updated)$/.test(name)) {
      await syncHierarchy(deps, orgId, cc.client, cc.teamId);
    }
    await transaction(deps.database, async (tx) => {
      // Hierarchy renames reach every task; a task change only its own tree.
      await recomputeDerived(tx, orgId, changed.length ? changed : null);
      await finishWebhookEvent(tx, eventId, "processed", null);
      await patchSyncState(tx, orgId, { lastIncrementalAt: "now" });
      await notifyWorkspaceChanged(tx, orgId);
    });
  } catch (err) {
    await finishWebhookEvent(db, eventId, "failed", describeError(err));
    throw err;
  }
}

export interface PollOptions {
  trigger?: string;
  now?: () => number;
}

/**
 * The reconciliation poll (clickup-api.md §5.5: missed webhooks are never replayed): tasks
 * updated since the cursor (`date_updated_gt`, closed tasks and subtasks included) and the
 * time entries of the weeks around today. Keeps the webhook alive too.
 */
export async function runPoll(deps: SyncDeps, orgId: string, opts: PollOptions = {}): Promise<SyncResult> {
  const db = deps.database.db;
  // The app's clock by default (AGENCY_HUB_NOW in tests): the windows follow the app's today.
  const now = opts.now ?? (() => deps.now?.().getTime() ?? Date.now());
  const runId = newId();
  const stats: Record<string, number> = { tasks: 0, timeEntries: 0, deletedTimeEntries: 0, apiCalls: 0 };
  await startRun(db, orgId, runId, "poll", opts.trigger ?? "schedule");
  let cc: ConnectedClient | undefined;
  try {
    cc = await connectedClient(deps, orgId);
    const state = await getSyncState(db, orgId);
    const cursor = state?.lastPollCursor ? Number(state.lastPollCursor) : null;
    const changed = new Set<string>();
    let maxUpdated = cursor ?? 0;
    if (cursor !== null) {
      // Get Filtered Team Tasks has no `archived` parameter (OpenAPI document) and leaves archived
      // tasks out: an archival reaches us by its webhook (taskUpdated, re-read with GET /task,
      // which returns archived tasks) or by the next full sync, which reads them list by list —
      // a per-list pass on every poll would cost one call per list each time.
      for await (const page of cc.client.teamTaskPages(cc.teamId, {
        includeClosed: true,
        subtasks: true,
        orderBy: "updated",
        reverse: true,
        dateUpdatedGt: Math.max(0, cursor - POLL_CURSOR_OVERLAP_MS),
      })) {
        // Only what is newer than our copy counts as changed (the overlap re-reads tasks we
        // have). A task updated while the pages are read moves to the end and shows up twice:
        // the later copy is the newer one, so every copy is upserted (the newest wins).
        const fresh = page.tasks;
        const newer = await tasksNewerThanStored(db, orgId, fresh);
        for (const t of fresh) {
          if (newer.has(t.id) && !changed.has(t.id)) {
            stats.tasks! += 1;
            changed.add(t.id);
          }
          if (t.dateUpdated !== null && t.dateUpdated > maxUpdated) maxUpdated = t.dateUpdated;
        }
        await transaction(deps.database, (tx) =>
          ingestTasks(tx, orgId, fresh, { unknownListsArchived: false }),
        );
      }
    }
    const members = await providerUserIds(db, orgId);
    const t = now();
    const from = Math.floor((t - 14 * DAY) / DAY) * DAY;
    const to = Math.floor((t + 15 * DAY) / DAY) * DAY;
    const since = await dbNow(db);
    const entries = members.length
      ? await cc.client.getTimeEntries(cc.teamId, { startDate: from, endDate: to - 1, assignees: members })
      : [];
    stats.timeEntries = entries.length;
    await transaction(deps.database, async (tx) => {
      for (let i = 0; i < entries.length; i += 5000)
        await upsertTimeEntries(tx, orgId, entries.slice(i, i + 5000));
      stats.deletedTimeEntries = await markTimeEntriesDeletedInWindow(tx, orgId, from, to, since);
    });
    for (const e of entries) if (e.taskId) changed.add(e.taskId);
    await ensureWebhook(deps, orgId, cc);
    stats.apiCalls = cc.client.calls;
    await transaction(deps.database, async (tx) => {
      await recomputeDerived(tx, orgId, [...changed]);
      await patchSyncState(tx, orgId, {
        lastIncrementalAt: "now",
        ...(cursor !== null ? { lastPollCursor: String(maxUpdated) } : {}),
      });
      await finishRun(tx, orgId, runId, "succeeded", stats, null);
      if (changed.size || stats.deletedTimeEntries) await notifyWorkspaceChanged(tx, orgId);
    });
    await refreshStoredRates(deps, orgId);
    return { runId, status: "succeeded", stats };
  } catch (err) {
    const message = describeError(err);
    stats.apiCalls = cc?.client.calls ?? 0;
    await finishRun(db, orgId, runId, "failed", stats, message);
    deps.logger.warn({ organizationId: orgId, err: message }, "clickup poll failed");
    // Slack "ClickUp sync failing": once per failing streak of polls (a full sync keeps its own).
    if (!(err instanceof SyncNotConnectedError))
      await notifyClickUpSyncFailed(deps, orgId, { id: runId, kind: "poll", error: message });
    return { runId, status: "failed", stats, error: message };
  }
}
