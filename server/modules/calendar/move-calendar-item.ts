import { dayInZone, moveDueDateToDay } from "@domain/calendar";
import { transaction } from "../../db/executor";
import { ClickUpApiError } from "../../integrations/clickup/client";
import type { CuTask } from "../../integrations/clickup/types";
import { clientForEncryptedToken } from "../../integrations/clickup/runtime";
import { AppError, conflict, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import { recordChange } from "../audit/record-change";
import { notifyWorkspaceChanged } from "../live/repo";
import { ingestTasks } from "../sync/engine";
import { loadCalendarItems } from "./calendar-items";
import type { CalendarMove, CalendarMoveResponse } from "./contract";
import { selectMoveCredentials, workspaceTimeZone } from "./repo";

/**
 * PATCH /api/calendar/items/{taskId}: move a calendar item's due date to another day in ClickUp,
 * keeping its time of day in the workspace zone (domain moveDueDateToDay).
 *
 * - Only a calendar item the viewed person may see in the caller's workspace (else 404).
 * - ClickUp is called with the caller's own token (their user_clickup_connections row), else the
 *   workspace connection the sync uses; neither → 409.
 * - ClickUp's answer is stored at once through the sync's ingestTasks (the taskUpdated webhook
 *   that follows then changes nothing) with an audit row `task due_date_moved`, in one transaction.
 * - ClickUp refusing (4xx) → 409 clickup_refused with its reason; busy, failing or silent (429
 *   after the client's waits, 5xx, timeout) → 503, to be retried. Nothing is stored then.
 * - Moving to the day it is already on changes nothing and calls nobody.
 */
export async function moveCalendarItem(
  ctx: RequestContext,
  taskId: string,
  input: CalendarMove,
): Promise<CalendarMoveResponse> {
  const [scope, timeZone] = await Promise.all([
    resolveTaskScope(ctx),
    workspaceTimeZone(ctx.db, ctx.organizationId),
  ]);
  const current = await loadCalendarItems(ctx.db, scope, timeZone, { taskId });
  const item = current.items[0];
  if (!item) throw notFound("Calendar item not found");
  const previousDueDate = item.day;
  if (input.dueDate === previousDueDate) return { item, previousDueDate };

  const due = moveDueDateToDay(item.dueDate, input.dueDate, timeZone);
  const credentials = await selectMoveCredentials(ctx.db, ctx.organizationId, ctx.userId);
  const tokenEnc = credentials.user_token_enc ?? credentials.workspace_token_enc;
  if (!tokenEnc) throw conflict("Connect ClickUp before moving milestones");
  const client = clientForEncryptedToken(ctx.deps, tokenEnc);

  let updated: CuTask;
  try {
    updated = await client.updateTask(taskId, { dueDate: due.getTime() });
  } catch (err) {
    throw clickupWriteError(err);
  }

  await transaction(ctx.deps.database, async (tx) => {
    await ingestTasks(tx, ctx.organizationId, [updated], { unknownListsArchived: false });
    await recordChange(ctx, tx, {
      object: "task",
      id: taskId,
      action: "due_date_moved",
      before: { dueDate: item.dueDate, day: previousDueDate },
      after: {
        dueDate: updated.dueDate === null ? null : new Date(updated.dueDate).toISOString(),
        day: updated.dueDate === null ? null : dayInZone(updated.dueDate, timeZone),
      },
    });
    await notifyWorkspaceChanged(tx, ctx.organizationId);
  });

  const after = await loadCalendarItems(ctx.db, scope, timeZone, { taskId });
  const moved = after.items[0];
  // ClickUp's answer may take the task out of the calendar (its type or name changed meanwhile).
  if (!moved) throw notFound("The item is no longer on the calendar");
  return { item: moved, previousDueDate };
}

/** A ClickUp failure as the answer the person can act on. */
export function clickupWriteError(err: unknown): unknown {
  if (!(err instanceof ClickUpApiError)) return err;
  if (err.status === 429)
    return new AppError(503, "service_unavailable", "ClickUp is busy right now. Try again in a minute.");
  if (err.status === 0 || err.status >= 500)
    return new AppError(
      503,
      "service_unavailable",
      "ClickUp is not answering right now. Try again in a moment.",
    );
  return new AppError(409, "clickup_refused", `ClickUp refused the change: ${refusalReason(err)}`);
}

/** Why ClickUp said no, in words: its own text when it is one (ACCESS_*, validation), else ours. */
function refusalReason(err: ClickUpApiError): string {
  if (err.ecode?.startsWith("ACCESS_") || err.status === 400 || err.status === 403) return err.err;
  if (err.status === 401) return "your ClickUp account cannot see or change this task";
  if (err.status === 404) return "the task no longer exists in ClickUp";
  return err.err;
}
