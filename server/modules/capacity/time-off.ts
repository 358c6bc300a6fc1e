import { transaction, type Executor } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { personExists } from "../rate-cards/repo";
import { requireTimeOffWriter } from "./access";
import type { CreateTimeOff, RangeQuery, TimeOffView, UpdateTimeOff } from "./contract";
import {
  deleteTimeOff,
  insertTimeOff,
  lockPersonTimeOff,
  overlappingTimeOff,
  selectTimeOff,
  updateTimeOff,
  type TimeOffRow,
} from "./repo";

/*
 * Time off per person (PRODUCT.md → Workload): date ranges (inclusive), half days, a type.
 * Admins enter it for anyone, a member for their own ClickUp user. One person's time off never
 * overlaps (409 naming startDate); the check and the write run under a per-person lock.
 */

function view(row: TimeOffRow): TimeOffView {
  return {
    id: row.id,
    clickupUserId: row.clickup_user_id,
    personName: row.person_name ?? `User ${row.clickup_user_id}`,
    startDate: row.start_date,
    endDate: row.end_date,
    halfDay: row.half_day,
    type: row.type,
    note: row.note,
    createdBy: row.created_by,
  };
}

const audit = (v: TimeOffView) => ({
  clickupUserId: v.clickupUserId,
  startDate: v.startDate,
  endDate: v.endDate,
  halfDay: v.halfDay,
  type: v.type,
  note: v.note,
});

async function refuseOverlap(
  tx: Executor,
  ctx: RequestContext,
  person: string,
  start: string,
  end: string,
  exceptId?: string,
) {
  const other = await overlappingTimeOff(tx, ctx.organizationId, person, start, end, exceptId);
  if (other) {
    const message = `overlaps time off from ${other.start_date} to ${other.end_date}`;
    throw new AppError(409, "conflict", `startDate: ${message}`, [{ field: "startDate", message }]);
  }
}

export async function listTimeOff(
  ctx: RequestContext,
  query: RangeQuery,
): Promise<{ timeOff: TimeOffView[] }> {
  return { timeOff: (await selectTimeOff(ctx.db, ctx.organizationId, query)).map(view) };
}

export async function createTimeOff(ctx: RequestContext, input: CreateTimeOff): Promise<TimeOffView> {
  return transaction(ctx.deps.database, async (tx) => {
    if (!(await personExists(tx, ctx.organizationId, input.clickupUserId)))
      throw notFound("Person not found");
    await requireTimeOffWriter(ctx, tx, input.clickupUserId);
    await lockPersonTimeOff(tx, ctx.organizationId, input.clickupUserId);
    await refuseOverlap(tx, ctx, input.clickupUserId, input.startDate, input.endDate);
    const id = newId();
    const now = ctx.deps.now();
    await insertTimeOff(tx, {
      organizationId: ctx.organizationId,
      id,
      clickupUserId: input.clickupUserId,
      startDate: input.startDate,
      endDate: input.endDate,
      halfDay: input.halfDay ?? false,
      type: input.type,
      note: input.note || null,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    const created = view((await selectTimeOff(tx, ctx.organizationId, { id }))[0]!);
    await recordChange(ctx, tx, { object: "time_off", id, action: "created", after: audit(created) });
    return created;
  });
}

async function readForWrite(tx: Executor, ctx: RequestContext, id: string): Promise<TimeOffView> {
  const row = (await selectTimeOff(tx, ctx.organizationId, { id }))[0];
  if (!row) throw notFound("Time off not found");
  await requireTimeOffWriter(ctx, tx, row.clickup_user_id);
  await lockPersonTimeOff(tx, ctx.organizationId, row.clickup_user_id);
  return view((await selectTimeOff(tx, ctx.organizationId, { id }))[0] ?? row);
}

export async function changeTimeOff(
  ctx: RequestContext,
  id: string,
  input: UpdateTimeOff,
): Promise<TimeOffView> {
  return transaction(ctx.deps.database, async (tx) => {
    const before = await readForWrite(tx, ctx, id);
    const next = {
      startDate: input.startDate ?? before.startDate,
      endDate: input.endDate ?? before.endDate,
      halfDay: input.halfDay ?? before.halfDay,
    };
    if (next.endDate < next.startDate) {
      throw badRequest("Invalid body: endDate — must be on or after startDate", [
        { field: "endDate", message: "must be on or after startDate" },
      ]);
    }
    if (next.halfDay && next.endDate !== next.startDate) {
      throw badRequest("Invalid body: halfDay — a half day is a single day", [
        { field: "halfDay", message: "a half day is a single day" },
      ]);
    }
    await refuseOverlap(tx, ctx, before.clickupUserId, next.startDate, next.endDate, id);
    await updateTimeOff(tx, ctx.organizationId, id, {
      ...next,
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.note !== undefined ? { note: input.note || null } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = view((await selectTimeOff(tx, ctx.organizationId, { id }))[0]!);
    await recordChange(ctx, tx, {
      object: "time_off",
      id,
      action: "updated",
      before: audit(before),
      after: audit(after),
    });
    return after;
  });
}

export async function removeTimeOff(ctx: RequestContext, id: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const before = await readForWrite(tx, ctx, id);
    await deleteTimeOff(tx, ctx.organizationId, id);
    await recordChange(ctx, tx, { object: "time_off", id, action: "deleted", before: audit(before) });
  });
}
