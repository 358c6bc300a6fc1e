import { daysOfRange, minutesOf } from "@domain/time-sync";
import { AppError, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { connectedClient, describeError, SyncNotConnectedError, type ConnectedClient } from "../sync/engine";
import { providerUserIds } from "../sync/hierarchy-repo";
import { int } from "./setup";
import type { TimeSyncCheckResponse, TimeSyncEntry, TimeSyncRange } from "./time-sync-contract";
import { compareTimeEntries, selectTimeSyncBounds, type ClickUpSideEntry } from "./time-sync-repo";

/** The message shown for days ClickUp could not be read for. */
export const TIME_SYNC_UNCHECKED_REASON =
  "ClickUp could not be reached for these days; they were not checked.";

export const notConnected = () =>
  new AppError(409, "conflict", "This workspace is not connected to ClickUp: connect it in Settings first.");

/** The workspace's ClickUp client (409 when the workspace is not connected). */
export async function timeSyncClient(ctx: RequestContext): Promise<ConnectedClient> {
  try {
    return await connectedClient(ctx.deps, ctx.organizationId);
  } catch (err) {
    if (err instanceof SyncNotConnectedError) throw notConnected();
    throw err;
  }
}

/** The range's first instant and the first instant after it, in the workspace's zone. */
export async function timeSyncBounds(ctx: RequestContext, range: TimeSyncRange) {
  const b = await selectTimeSyncBounds(ctx.db, ctx.organizationId, range.from, range.to);
  if (!b) throw notFound("Workspace not found");
  return { timeZone: b.time_zone, lo: new Date(b.lo).getTime(), hi: new Date(b.hi).getTime() };
}

/**
 * One chunk of the time-sync validation (issue 16 point 8): every member's entries of the range
 * read live from ClickUp through the workspace's client (rate-limit aware), compared with ours in
 * one statement per person and day. When ClickUp cannot be read, every day of the range is
 * answered as unchecked — never as matching.
 */
export async function getTimeSyncCheck(
  ctx: RequestContext,
  range: TimeSyncRange,
): Promise<TimeSyncCheckResponse> {
  const cc = await timeSyncClient(ctx);
  const { timeZone, lo, hi } = await timeSyncBounds(ctx, range);
  const days = daysOfRange(range.from, range.to);
  const members = await providerUserIds(ctx.db, ctx.organizationId);
  let clickup: ClickUpSideEntry[];
  try {
    const entries = members.length
      ? await cc.client.getTimeEntries(cc.teamId, {
          startDate: lo,
          endDate: hi - 1,
          assignees: members,
          maxRetries: 2,
        })
      : [];
    clickup = entries
      .filter((e) => e.id && e.duration >= 0)
      .map((e) => ({
        id: e.id,
        userId: e.userId,
        taskId: e.taskId,
        start: new Date(e.start).toISOString(),
        durationMs: e.duration,
      }));
  } catch (err) {
    ctx.deps.logger.warn(
      { organizationId: ctx.organizationId, from: range.from, to: range.to, err: describeError(err) },
      "time-sync check could not read ClickUp",
    );
    return {
      from: range.from,
      to: range.to,
      timeZone,
      checkedDays: [],
      uncheckedDays: days,
      uncheckedReason: TIME_SYNC_UNCHECKED_REASON,
      rows: [],
      discrepancies: 0,
      unresolvedUserIds: [],
    };
  }
  const found = await compareTimeEntries(ctx.db, ctx.organizationId, range, clickup);
  const rows = found.map((r) => {
    const clickupMs = int(r.clickup_ms);
    const hereMs = int(r.here_ms);
    return {
      userId: r.user_id,
      name: r.name,
      resolved: r.resolved,
      day: r.day,
      clickupMs,
      hereMs,
      clickupMinutes: minutesOf(clickupMs),
      hereMinutes: minutesOf(hereMs),
      discrepancy: r.discrepancy,
      clickupEntries: r.clickup_entries as TimeSyncEntry[],
      hereEntries: r.here_entries as TimeSyncEntry[],
    };
  });
  return {
    from: range.from,
    to: range.to,
    timeZone,
    checkedDays: days,
    uncheckedDays: [],
    uncheckedReason: null,
    rows,
    discrepancies: rows.filter((r) => r.discrepancy).length,
    unresolvedUserIds: [...new Set(rows.filter((r) => !r.resolved).map((r) => r.userId))],
  };
}
