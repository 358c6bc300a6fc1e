import { transaction } from "../../db/executor";
import { AppError } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { notifyWorkspaceChanged } from "../live/repo";
import { recomputeDerived } from "../sync/derived-fields-repo";
import { describeError } from "../sync/engine";
import { providerUserIds } from "../sync/hierarchy-repo";
import { dbNow } from "../sync/sync-state-repo";
import { markTimeEntriesDeletedInWindow, upsertTimeEntries } from "../sync/time-entry-repo";
import type { TimeSyncRange, TimeSyncResyncResponse } from "./time-sync-contract";
import { timeSyncBounds, timeSyncClient } from "./time-sync-check";

/**
 * "Re-sync this range" (issue 16 point 8): every member's entries of the range re-read from
 * ClickUp and applied with the sync's own time-entry code (upsert, then entries of the window
 * ClickUp no longer has marked deleted; a timesheet edit not yet written back is kept), the
 * touched tasks' derived fields recomputed. Idempotent. ClickUp unreachable → 503.
 */
export async function resyncTimeSyncRange(
  ctx: RequestContext,
  range: TimeSyncRange,
): Promise<TimeSyncResyncResponse> {
  const cc = await timeSyncClient(ctx);
  const { lo, hi } = await timeSyncBounds(ctx, range);
  const orgId = ctx.organizationId;
  const members = await providerUserIds(ctx.db, orgId);
  const since = await dbNow(ctx.db);
  let entries;
  try {
    entries = members.length
      ? await cc.client.getTimeEntries(cc.teamId, { startDate: lo, endDate: hi - 1, assignees: members })
      : [];
  } catch (err) {
    ctx.deps.logger.warn(
      { organizationId: orgId, err: describeError(err) },
      "time-sync re-sync could not read ClickUp",
    );
    throw new AppError(503, "service_unavailable", "ClickUp could not be reached. Try again in a moment.");
  }
  const inRange = entries.filter((e) => e.start >= lo && e.start < hi);
  const deleted = await transaction(ctx.deps.database, async (tx) => {
    for (let i = 0; i < inRange.length; i += 5000)
      await upsertTimeEntries(tx, orgId, inRange.slice(i, i + 5000));
    const gone = await markTimeEntriesDeletedInWindow(tx, orgId, lo, hi, since);
    const tasks = [...new Set(inRange.map((e) => e.taskId).filter((t): t is string => Boolean(t)))];
    await recomputeDerived(tx, orgId, tasks);
    await notifyWorkspaceChanged(tx, orgId);
    return gone;
  });
  ctx.deps.logger.info(
    { organizationId: orgId, from: range.from, to: range.to, timeEntries: inRange.length, deleted },
    "time-sync range re-synced",
  );
  return { from: range.from, to: range.to, timeEntries: inRange.length, deletedTimeEntries: deleted };
}
