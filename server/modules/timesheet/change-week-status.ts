import {
  isAdminRole,
  isRepeatOf,
  timesheetCommentRefusal,
  timesheetWeekActor,
  timesheetWeekTransition,
  toIsoDate,
  weekWindow,
  type TimesheetWeekAction,
} from "@domain/index";
import { transaction, type Executor } from "../../db/executor";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import { recordChange } from "../audit/record-change";
import { notifyWorkspaceChanged } from "../live/repo";
import { notifyTimesheetWeek } from "../slack/notify";
import { saveWeek, selectClickupUserName, selectWeek, type WeekRow } from "./approval-repo";
import { toWeekState } from "./approval-views";
import type {
  OwnWeekRequest,
  OwnWeekResponse,
  ReviewWeekRequest,
  TimesheetWeekState,
  WeekParam,
} from "./contract";
import { resolveTimeLogger } from "./get-timesheet";

/** The Monday of `day`, refusing any other day (400 naming the field). */
function monday(day: string, field: string): string {
  if (toIsoDate(weekWindow(day).start) !== day) {
    throw badRequest(`${field} must be a Monday`, [{ field, message: "must be a Monday" }]);
  }
  return day;
}

/** The caller's own week: submit or withdraw (PRODUCT.md → Timesheet approval). */
export async function changeOwnWeek(
  ctx: RequestContext,
  action: "submit" | "withdraw",
  input: OwnWeekRequest,
): Promise<OwnWeekResponse> {
  const weekStart = monday(input.weekStart, "weekStart");
  const { scope } = await resolveTimeLogger(ctx);
  const approval = await applyWeekAction(ctx, action, {
    clickupUserId: scope.clickupUserId,
    weekStart,
    ownWeek: true,
  });
  return { weekStart, approval };
}

/** An owner or admin approves, rejects or reopens someone's week (never their own). */
export async function reviewWeek(
  ctx: RequestContext,
  action: "approve" | "reject" | "reopen",
  params: WeekParam,
  input: ReviewWeekRequest,
): Promise<TimesheetWeekState> {
  const weekStart = monday(params.weekStart, "weekStart");
  const refusal = timesheetCommentRefusal(action, input.comment);
  if (refusal) throw badRequest(`Invalid comment: ${refusal}`, [{ field: "comment", message: refusal }]);
  if (!isAdminRole(ctx.role) || ctx.impersonating) {
    throw forbidden("Only owners and admins can approve, reject or reopen a week");
  }
  if ((await selectClickupUserName(ctx.db, ctx.organizationId, params.clickupUserId)) === undefined) {
    throw notFound("No such person in this workspace");
  }
  const own = await activeClickupUserId(ctx.db, ctx.organizationId, ctx.userId);
  return applyWeekAction(ctx, action, {
    clickupUserId: params.clickupUserId,
    weekStart,
    ownWeek: own === params.clickupUserId,
    version: input.version,
    comment: input.comment?.trim() || null,
  });
}

const AUDIT_ACTIONS: Record<TimesheetWeekAction, string> = {
  submit: "submitted",
  withdraw: "withdrawn",
  approve: "approved",
  reject: "rejected",
  reopen: "reopened",
};

/**
 * One transition of one week, in one transaction with its audit row, its Slack notification and
 * the live update. The week's row is locked first, so a save of its hours (which reads it with a
 * share lock) waits for the decision and then sees it. A repeat of an action that already took
 * effect (a retry after a lost answer) answers with the week as it is.
 */
async function applyWeekAction(
  ctx: RequestContext,
  action: TimesheetWeekAction,
  week: {
    clickupUserId: string;
    weekStart: string;
    ownWeek: boolean;
    version?: number;
    comment?: string | null;
  },
): Promise<TimesheetWeekState> {
  const actor = timesheetWeekActor(action, {
    isAdmin: isAdminRole(ctx.role) && !ctx.impersonating,
    ownWeek: week.ownWeek,
  });
  if (!actor.ok) throw forbidden(actor.reason);
  const orgId = ctx.organizationId;
  return transaction(ctx.deps.database, async (tx) => {
    const row = await selectWeek(tx, orgId, week.clickupUserId, week.weekStart, "update");
    const before = toWeekState(row);
    const repeat = isRepeatOf(action, before.status) && lastActorWas(row, action, ctx.userId);
    if (repeat && (week.version === undefined || week.version === before.version - 1)) return before;
    if (week.version !== undefined && week.version !== before.version) {
      throw conflict("This week changed since you loaded it: reload to see its current state");
    }
    const step = timesheetWeekTransition(before.status, action);
    if (!step.ok) throw conflict(step.reason);
    const now = ctx.deps.now();
    const actorId = ctx.impersonating?.id ?? ctx.userId;
    const reviewer = action === "approve" || action === "reject" || action === "reopen";
    await saveWeek(tx, orgId, {
      clickupUserId: week.clickupUserId,
      weekStart: week.weekStart,
      status: step.to,
      ...(action === "submit" ? { submittedBy: actorId, comment: null } : {}),
      ...(reviewer ? { decidedBy: actorId, comment: week.comment ?? null } : {}),
      now,
    });
    const after = toWeekState(await selectWeek(tx, orgId, week.clickupUserId, week.weekStart));
    await recordChange(ctx, tx, {
      object: "timesheet_week",
      id: `${week.clickupUserId}:${week.weekStart}`,
      action: AUDIT_ACTIONS[action],
      before: { status: before.status, comment: before.comment },
      after: { status: after.status, comment: after.comment },
    });
    if (action === "submit" || action === "reject") {
      await notifyTimesheetWeek(tx, ctx, {
        action,
        clickupUserId: week.clickupUserId,
        weekStart: week.weekStart,
        personName:
          (await selectClickupUserName(tx, orgId, week.clickupUserId)) ?? `User ${week.clickupUserId}`,
        version: after.version,
        comment: after.comment,
        actorName: action === "submit" ? after.submittedByName : after.decidedByName,
      });
    }
    await notifyWorkspaceChanged(tx, orgId);
    return after;
  });
}

/** Whether the week's last action was `action` by `userId` (so a repeat is a retry). */
function lastActorWas(row: WeekRow | undefined, action: TimesheetWeekAction, userId: string): boolean {
  if (!row) return false;
  if (action === "submit") return row.submitted_by === userId;
  if (action === "withdraw") return row.submitted_by === userId;
  return row.decided_by === userId;
}

/** A week's state for the timesheet of its person (`executor` may hold a transaction). */
export async function readWeekState(
  executor: Executor,
  orgId: string,
  clickupUserId: string,
  weekStart: string,
  lock: "none" | "share" = "none",
): Promise<TimesheetWeekState> {
  return toWeekState(await selectWeek(executor, orgId, clickupUserId, weekStart, lock));
}
