import { notifyWorkspaceChanged } from "../live/repo";
import { setWorkspaceConnectionError } from "../clickup/repo";
import { notifyClickUpSyncFailed } from "../slack/notify";
import { recomputeDerived } from "./derived-fields-repo";
import { refreshStoredRates } from "./report-rates";
import {
  listIdsInPrivateSpaces,
  syncedListIds,
  markHierarchyDeletedBefore,
  replaceListMembers,
  upsertFolders,
  upsertLists,
  upsertSpaces,
} from "./hierarchy-repo";
import {
  analyzeSyncedTables,
  vacuumSyncedTables,
  dbNow,
  finishRun,
  getSyncState,
  patchSyncState,
  startRun,
} from "./sync-state-repo";
import { latestTaskUpdate, markTasksDeletedBefore, taskDateRange } from "./task-repo";
import { markTimeEntriesDeletedInWindow, upsertTimeEntries } from "./time-entry-repo";
import {
  connectedClient,
  describeError,
  ensureWebhook,
  ingestTasks,
  newId,
  SyncNotConnectedError,
  syncMembers,
  type SyncDeps,
} from "./engine";
import type { CuFolder, CuList, CuSpace } from "../../integrations/clickup/types";
import { ClickUpApiError, type ClickUpClient, type TaskPage } from "../../integrations/clickup/client";
import { transaction, type Executor } from "../../db/executor";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * Time entries a window aims at. Get Time Entries is not paginated, so every window is a call:
 * ~100k entries a response reads the large bench agency's 1M in 12 calls (issue #18: the sync
 * within 1.02× of the minimum). The response is parsed as a stream and written by
 * `TIME_ENTRY_BATCH`, so a window's size costs no memory; one ClickUp cannot answer (5xx,
 * timeout) is split.
 */
const TARGET_ENTRIES_PER_WINDOW = 100_000;
/** Entries decoded and upserted at a time while a window's response streams in. */
export const TIME_ENTRY_BATCH = 2500;

/** Where a full sync stands; saved after every page so a killed sync resumes there. */
export interface FullSyncCheckpoint {
  kind: "full";
  runId: string;
  /** Database time the run started: rows not touched since were deleted in ClickUp. */
  startedAt: string;
  phase: "hierarchy" | "tasks" | "time_entries" | "finalize";
  /** The second task pass: each list's archived tasks (`listIndex` into `archivedLists`). */
  archivedPass: boolean;
  /** Every list the hierarchy pass saw, archived ones included (ids). */
  archivedLists?: string[];
  listIndex?: number;
  page: number;
  expectedTasks: number;
  rangeStart: number;
  rangeEnd: number;
  windowStart: number;
  windowMs: number;
  stats: Record<string, number>;
}

export interface FullSyncOptions {
  trigger: string;
  /** Called after each committed page/window (tests kill a sync half-way by throwing here). */
  afterStep?: (checkpoint: FullSyncCheckpoint) => void | Promise<void>;
  /** Current time (ms) for the time-entry range. */
  now?: () => number;
}

export interface SyncResult {
  runId: string;
  status: "succeeded" | "failed";
  stats: Record<string, number>;
  error?: string;
}

/**
 * Full sync of one workspace (spec §3/§7 data): members, hierarchy (archived too), every task
 * including closed, subtasks and archived, custom fields and values, time entries of every
 * member in bounded windows; deletes applied; derived fields computed in SQL at the end.
 * Resumes from sync_state.checkpoint when a previous run was killed.
 */
export async function runFullSync(deps: SyncDeps, orgId: string, opts: FullSyncOptions): Promise<SyncResult> {
  const db = deps.database.db;
  const log = deps.logger.child({ organizationId: orgId, job: "full-sync" });
  // The app's clock by default (AGENCY_HUB_NOW in tests): the windows follow the app's today.
  const now = opts.now ?? (() => deps.now?.().getTime() ?? Date.now());
  const state = await getSyncState(db, orgId);
  const previous = state?.checkpoint as FullSyncCheckpoint | null | undefined;
  let cp: FullSyncCheckpoint;
  if (previous?.kind === "full" && previous.runId) {
    cp = previous;
    log.info({ runId: cp.runId, phase: cp.phase, page: cp.page }, "resuming full sync from checkpoint");
  } else {
    cp = {
      kind: "full",
      runId: newId(),
      startedAt: await dbNow(db),
      phase: "hierarchy",
      archivedPass: false,
      page: 0,
      expectedTasks: 0,
      rangeStart: 0,
      rangeEnd: 0,
      windowStart: 0,
      windowMs: 7 * DAY,
      stats: { tasks: 0, timeEntries: 0, pages: 0, windows: 0, apiCalls: 0 },
    };
  }
  await startRun(db, orgId, cp.runId, "full", opts.trigger);
  await patchSyncState(db, orgId, {
    status: "running",
    currentRunId: cp.runId,
    phase: cp.phase,
    checkpoint: cp as unknown as Record<string, unknown>,
    lastError: null,
  });

  const started = performance.now();
  let cc;
  try {
    cc = await connectedClient(deps, orgId);
  } catch (err) {
    return fail(err);
  }
  const { client, teamId } = cc;
  const callsBefore = client.calls;
  const apiCalls = () => (cp.stats.apiCalls ?? 0) + client.calls - callsBefore;

  async function fail(err: unknown): Promise<SyncResult> {
    const message = describeError(err);
    log.error({ err: message, runId: cp.runId }, "full sync failed");
    await finishRun(db, orgId, cp.runId, "failed", cp.stats, message);
    // The checkpoint stays: the next attempt resumes.
    await patchSyncState(db, orgId, { status: "failed", lastError: message });
    if (err instanceof ClickUpApiError && err.isAuth)
      await setWorkspaceConnectionError(db, orgId, message, "error");
    // Slack "ClickUp sync failing": once per failing streak (not for a workspace not connected).
    if (!(err instanceof SyncNotConnectedError))
      await notifyClickUpSyncFailed(deps, orgId, { id: cp.runId, kind: "full", error: message });
    return { runId: cp.runId, status: "failed", stats: cp.stats, error: message };
  }

  const save = async (tx: Executor, progress: number) => {
    await patchSyncState(tx, orgId, {
      phase: cp.phase,
      progress,
      checkpoint: { ...cp, stats: { ...cp.stats, apiCalls: apiCalls() } },
    });
  };

  try {
    const memberIds = await syncMembers(db, orgId, client, teamId);

    if (cp.phase === "hierarchy") {
      const lists: string[] = [];
      cp.expectedTasks = await syncHierarchy(deps, orgId, cc.client, teamId, lists);
      cp.archivedLists = lists;
      cp.listIndex = 0;
      cp.phase = "tasks";
      await save(db, 5);
      await opts.afterStep?.(cp);
    }

    // Tasks: Get Filtered Team Tasks for everything not archived, then archived tasks list by
    // list — `archived` is a documented parameter of Get Tasks (per list) only, not of the team
    // endpoint (OpenAPI document), and nothing tells which lists hold archived tasks.
    if (cp.phase === "tasks" && cp.archivedPass && cp.archivedLists === undefined) {
      // A checkpoint of the former team-wide archived pass: restart the archived pass by list.
      cp.archivedLists = await syncedListIds(db, orgId);
      cp.listIndex = 0;
      cp.page = 0;
    }
    while (cp.phase === "tasks") {
      const listId = cp.archivedPass ? cp.archivedLists?.[cp.listIndex ?? 0] : undefined;
      let page: TaskPage = { tasks: [], lastPage: true };
      if (!cp.archivedPass) {
        page = await client.getTeamTasksPage(teamId, cp.page, {
          includeClosed: true,
          subtasks: true,
          orderBy: "created",
          reverse: true,
        });
      } else if (listId !== undefined) {
        try {
          page = await client.getListTasksPage(listId, cp.page, {
            archived: true,
            includeClosed: true,
            subtasks: true,
          });
        } catch (err) {
          // A list deleted (or closed to this token) since the hierarchy pass has nothing to read.
          if (!(err instanceof ClickUpApiError && (err.isNotFoundOrInaccessible || err.isItemNotFound)))
            throw err;
        }
      }
      const done = page.lastPage || page.tasks.length === 0;
      cp.stats.tasks = (cp.stats.tasks ?? 0) + page.tasks.length;
      if (cp.archivedPass ? listId !== undefined : true) cp.stats.pages = (cp.stats.pages ?? 0) + 1;
      if (!done) cp.page++;
      else if (!cp.archivedPass) {
        cp.archivedPass = true;
        cp.listIndex = 0;
        cp.page = 0;
      } else {
        cp.listIndex = (cp.listIndex ?? 0) + 1;
        cp.page = 0;
      }
      if (cp.archivedPass && (cp.listIndex ?? 0) >= (cp.archivedLists?.length ?? 0))
        cp.phase = "time_entries";
      const progress = 5 + Math.min(60, (60 * (cp.stats.tasks ?? 0)) / Math.max(1, cp.expectedTasks));
      await transaction(deps.database, async (tx) => {
        await ingestTasks(tx, orgId, page.tasks, { unknownListsArchived: true });
        await save(tx, progress);
      });
      await opts.afterStep?.(cp);
    }

    if (cp.phase === "time_entries" && cp.rangeEnd === 0) {
      const range = await taskDateRange(db, orgId);
      const t = now();
      const floorDay = (ms: number) => Math.floor(ms / DAY) * DAY;
      cp.rangeStart = floorDay(Math.min(range.min ?? t, t - 90 * DAY));
      cp.rangeEnd = floorDay(Math.min(Math.max(range.max ?? t, t) + 31 * DAY, t + 400 * DAY));
      cp.windowStart = cp.rangeStart;
      // A first guess at a window of TARGET_ENTRIES_PER_WINDOW: a busy person logs a handful a day.
      cp.windowMs = Math.max(
        DAY,
        Math.min(
          14 * DAY,
          Math.round((TARGET_ENTRIES_PER_WINDOW / (4 * Math.max(1, memberIds.length))) * DAY),
        ),
      );
    }
    while (cp.phase === "time_entries") {
      const from = cp.windowStart;
      const to = Math.min(cp.rangeEnd, from + cp.windowMs);
      let received: number;
      try {
        // Upserted batch by batch as the response streams in, each batch committed on its own:
        // the window's deletions below come after its last batch, and a window read again (a
        // retry, a split, a resumed run) only upserts the same rows again.
        received = memberIds.length
          ? await client.streamTimeEntries(
              teamId,
              { startDate: from, endDate: to - 1, assignees: memberIds, maxRetries: 2 },
              (batch) => upsertTimeEntries(db, orgId, batch),
              TIME_ENTRY_BATCH,
            )
          : 0;
      } catch (err) {
        // The endpoint is not paginated: a window too full to answer (5xx, timeout) is split.
        const retryable = err instanceof ClickUpApiError && (err.status === 0 || err.status >= 500);
        if (!retryable || cp.windowMs <= HOUR) throw err;
        cp.windowMs = Math.max(HOUR, Math.floor(cp.windowMs / 4));
        log.warn({ from, windowMs: cp.windowMs }, "time-entry window too large, splitting it");
        continue;
      }
      cp.stats.timeEntries = (cp.stats.timeEntries ?? 0) + received;
      cp.stats.windows = (cp.stats.windows ?? 0) + 1;
      cp.windowStart = to;
      // Aim at TARGET_ENTRIES_PER_WINDOW a response: size the next window by this one's density.
      const factor = TARGET_ENTRIES_PER_WINDOW / Math.max(1, received);
      // Cap growth at what a full team logging ~8 entries a day each would fill, so a quiet
      // stretch never grows the window into a response of many times the target (a month at most,
      // clickup-api.md §4.1).
      const maxWindow = Math.max(
        DAY,
        Math.min(31 * DAY, (TARGET_ENTRIES_PER_WINDOW / (8 * Math.max(1, memberIds.length))) * DAY),
      );
      const grown = cp.windowMs * Math.max(0.25, factor);
      // Time is logged once worked: entries dated ahead of today are few (typed in ahead of time),
      // so past today the window follows the density alone — the rest of the range at once when
      // nothing came back, a window of the target when many did (one ClickUp cannot answer is
      // split, as anywhere). Before today, growth is also held to 2× a window and `maxWindow`.
      cp.windowMs = Math.round(
        to >= now()
          ? Math.max(HOUR, Math.min(cp.rangeEnd - to, grown))
          : Math.min(maxWindow, Math.max(HOUR, Math.min(2 * cp.windowMs, grown))),
      );
      if (to >= cp.rangeEnd) cp.phase = "finalize";
      const progress = 65 + (30 * (to - cp.rangeStart)) / Math.max(1, cp.rangeEnd - cp.rangeStart);
      await transaction(deps.database, async (tx) => {
        const gone = await markTimeEntriesDeletedInWindow(tx, orgId, from, to, cp.startedAt);
        cp.stats.deletedTimeEntries = (cp.stats.deletedTimeEntries ?? 0) + gone;
        await save(tx, progress);
      });
      await opts.afterStep?.(cp);
    }

    // finalize (on fresh statistics: its deletes and derived fields read every synced row)
    await ensureWebhook(deps, orgId, cc);
    await analyzeSyncedTables(deps.database.db);
    await transaction(deps.database, async (tx) => {
      cp.stats.deletedTasks = await markTasksDeletedBefore(tx, orgId, cp.startedAt);
      await markHierarchyDeletedBefore(tx, orgId, cp.startedAt);
      await recomputeDerived(tx, orgId, null);
      const cursor = await latestTaskUpdate(tx, orgId);
      cp.stats.apiCalls = apiCalls();
      cp.stats.ms = Math.round(performance.now() - started) + (cp.stats.ms ?? 0);
      await patchSyncState(tx, orgId, {
        status: "idle",
        phase: null,
        progress: 100,
        checkpoint: null,
        currentRunId: null,
        lastFullSyncAt: "now",
        lastPollCursor: cursor === null ? null : String(cursor),
        lastError: null,
      });
      await finishRun(tx, orgId, cp.runId, "succeeded", cp.stats, null);
      await setWorkspaceConnectionError(tx, orgId, null, "active");
      await notifyWorkspaceChanged(tx, orgId);
    });
    log.info({ runId: cp.runId, stats: cp.stats }, "full sync finished");
    await refreshStoredRates(deps, orgId);
    await vacuumSyncedTables(deps.database.db).catch((err: unknown) =>
      log.warn({ err }, "vacuum after the full sync failed; autovacuum (PostgreSQL) will get to it"),
    );
    return { runId: cp.runId, status: "succeeded", stats: cp.stats };
  } catch (err) {
    cp.stats.apiCalls = apiCalls();
    return fail(err);
  }
}

/** Spaces, folders and lists, archived ones included. Returns ClickUp's task count estimate. */
export async function syncHierarchy(
  deps: SyncDeps,
  orgId: string,
  client: ClickUpClient,
  teamId: string,
  /** Filled with the id of every list seen, archived ones included. */
  listIdsOut?: string[],
): Promise<number> {
  const db = deps.database.db;
  const spaces = new Map<string, CuSpace>();
  for (const archived of [false, true])
    for (const s of await client.getSpaces(teamId, archived)) spaces.set(s.id, s);
  const folders = new Map<string, CuFolder>();
  const lists = new Map<string, CuList>();
  let expected = 0;
  for (const space of spaces.values()) {
    for (const archived of [false, true]) {
      for (const f of await client.getFolders(space.id, archived)) {
        folders.set(f.id, { ...f, spaceId: f.spaceId ?? space.id });
        for (const l of f.lists)
          lists.set(l.id, { ...l, spaceId: l.spaceId ?? space.id, archived: l.archived || f.archived });
      }
      for (const l of await client.getFolderlessLists(space.id, archived))
        lists.set(l.id, { ...l, spaceId: space.id, folderId: null });
    }
  }
  for (const l of lists.values()) if (!l.archived) expected += l.taskCount;
  listIdsOut?.push(...lists.keys());
  await transaction(deps.database, async (tx) => {
    await upsertSpaces(tx, orgId, teamId, [...spaces.values()]);
    await upsertFolders(tx, orgId, [...folders.values()]);
    await upsertLists(tx, orgId, [...lists.values()]);
  });
  // Who may see what in private spaces (accessible tasks, spec §6): explicit list members.
  const privateLists = await listIdsInPrivateSpaces(db, orgId);
  for (const listId of privateLists) {
    const members = await client.getListMembers(listId);
    await replaceListMembers(
      db,
      orgId,
      listId,
      members.map((m) => m.id),
    );
  }
  return expected;
}
