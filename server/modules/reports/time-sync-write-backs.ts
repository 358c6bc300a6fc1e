import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { selectReportSetup } from "./repo";
import { int } from "./setup";
import type { TimeSyncWriteBacksQuery, TimeSyncWriteBacksResponse } from "./time-sync-contract";
import { selectWriteBacks } from "./time-sync-repo";

/** Timesheet write-backs to ClickUp still pending or failed (time_entries.write_back_status), paged. */
export async function listTimeSyncWriteBacks(
  ctx: RequestContext,
  query: TimeSyncWriteBacksQuery,
): Promise<TimeSyncWriteBacksResponse> {
  const setup = await selectReportSetup(ctx.db, ctx.organizationId, ctx.deps.now(), {});
  if (!setup) throw notFound("Workspace not found");
  const found = await selectWriteBacks(ctx.db, ctx.organizationId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: found.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      day: r.day,
      start: r.start,
      durationMs: int(r.duration_ms),
      taskId: r.task_id,
      taskName: r.task_name,
      status: r.status,
      error: r.error,
      updatedAt: r.updated_at,
    })),
    total: int(found[0]?.full_count),
    page: query.page,
    pageSize: query.pageSize,
    today: setup.today,
  };
}
