import { transaction } from "../../db/executor";
import { refreshWorkloadBookings } from "../workload/bookings-repo";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { requireAdmin } from "./access";
import type { Holiday } from "./contract";
import { deleteHoliday, selectHoliday, selectHolidays, upsertHoliday } from "./repo";

export async function listHolidays(ctx: RequestContext, range: { from?: string; to?: string }) {
  return { holidays: await selectHolidays(ctx.db, ctx.organizationId, range.from, range.to) };
}

/** Add or rename the holiday of a day (owners and admins). */
export async function putHoliday(ctx: RequestContext, day: string, name: string): Promise<Holiday> {
  requireAdmin(ctx);
  return transaction(ctx.deps.database, async (tx) => {
    const before = await selectHoliday(tx, ctx.organizationId, day);
    if (before?.name === name) return { day, name };
    await upsertHoliday(tx, ctx.organizationId, day, name);
    // Every booking's days move with the calendar: derived again now, in this transaction.
    await refreshWorkloadBookings(tx, ctx.organizationId);
    await recordChange(ctx, tx, {
      object: "workspace_holiday",
      id: day,
      action: before ? "updated" : "created",
      ...(before ? { before: { day, name: before.name } } : {}),
      after: { day, name },
    });
    return { day, name };
  });
}

export async function removeHoliday(ctx: RequestContext, day: string): Promise<void> {
  requireAdmin(ctx);
  await transaction(ctx.deps.database, async (tx) => {
    const before = await selectHoliday(tx, ctx.organizationId, day);
    if (!before) throw notFound("Holiday not found");
    await deleteHoliday(tx, ctx.organizationId, day);
    // Every booking's days move with the calendar: derived again now, in this transaction.
    await refreshWorkloadBookings(tx, ctx.organizationId);
    await recordChange(ctx, tx, {
      object: "workspace_holiday",
      id: day,
      action: "deleted",
      before: { day, name: before.name },
    });
  });
}
