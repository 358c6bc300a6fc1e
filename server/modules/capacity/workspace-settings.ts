import { transaction } from "../../db/executor";
import { refreshWorkloadBookings } from "../workload/bookings-repo";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { requireAdmin } from "./access";
import type { WorkspaceSettings } from "./contract";
import { lockSettings, selectSettings, updateSettings, type SettingsRow } from "./repo";

function settingsView(row: SettingsRow): WorkspaceSettings {
  const days = Array.isArray(row.working_days)
    ? row.working_days
    : row.working_days.replace(/[{}]/g, "").split(",").filter(Boolean);
  return {
    currency: row.currency as WorkspaceSettings["currency"],
    timeZone: row.time_zone,
    weekStart: row.week_start,
    defaultMinutesPerDay: Number(row.default_minutes_per_day),
    workingDays: days.map(Number),
    fiscalYearStartMonth: Number(row.fiscal_year_start_month),
  };
}

/** The workspace's money and calendar settings (every member reads them). */
export async function getWorkspaceSettings(ctx: RequestContext): Promise<WorkspaceSettings> {
  const row = await selectSettings(ctx.db, ctx.organizationId);
  if (!row) throw notFound("Workspace not found");
  return settingsView(row);
}

/** Replace the settings (owners and admins); one audit row with what changed. */
export async function putWorkspaceSettings(
  ctx: RequestContext,
  input: WorkspaceSettings,
): Promise<WorkspaceSettings> {
  requireAdmin(ctx);
  return transaction(ctx.deps.database, async (tx) => {
    const row = await lockSettings(tx, ctx.organizationId);
    if (!row) throw notFound("Workspace not found");
    const before = settingsView(row);
    await updateSettings(tx, ctx.organizationId, input);
    // New working days or holidays move every booking's days: derived now, in this transaction,
    // so the next workload read does not pay for it.
    await refreshWorkloadBookings(tx, ctx.organizationId);
    const after = settingsView((await selectSettings(tx, ctx.organizationId))!);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordChange(ctx, tx, {
        object: "workspace_settings",
        id: ctx.organizationId,
        action: "updated",
        before,
        after,
        ...(before.currency !== after.currency ? { category: "finance" as const } : {}),
      });
    }
    return after;
  });
}
