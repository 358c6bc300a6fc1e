import { reviewerWeekActions } from "@domain/timesheet-approval";
import type { RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import { selectWeekQueue } from "./approval-repo";
import { toWeekState } from "./approval-views";
import type { WeekQueueQuery, WeekQueueResponse } from "./contract";

/**
 * The approval queue (owners and admins): weeks by status (submitted by default), person and
 * period, newest week first, each with its hours summed in SQL and its open ClickUp-side changes.
 * The caller's own weeks are listed without actions: nobody approves their own week.
 */
export async function listWeekQueue(ctx: RequestContext, input: WeekQueueQuery): Promise<WeekQueueResponse> {
  const [page, own] = await Promise.all([
    selectWeekQueue(
      ctx.db,
      ctx.organizationId,
      {
        statuses: input.status ?? ["submitted"],
        ...(input.person ? { person: input.person } : {}),
        ...(input.from ? { from: input.from } : {}),
        ...(input.to ? { to: input.to } : {}),
      },
      input,
    ),
    activeClickupUserId(ctx.db, ctx.organizationId, ctx.userId),
  ]);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...toWeekState(row),
      clickupUserId: row.clickup_user_id,
      personName: row.person_name,
      weekStart: row.week_start,
      totalMs: Number(row.total_ms),
      billableMs: Number(row.billable_ms),
      openChanges: Number(row.open_changes),
      actions: row.clickup_user_id === own ? [] : reviewerWeekActions(row.status),
    })),
  };
}
