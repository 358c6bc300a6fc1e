import { bookedPercentOfCapacity, canLogTime, displayName, isAdminRole, toIsoDate } from "@domain/index";
import { viewedUserId, type RequestContext } from "../../request-context";
import { getImpersonation } from "../impersonation/get-impersonation";
import { resolveAssignedScope } from "./assigned-scope";
import type { DashboardSummary } from "./contract";
import { selectClickupProfile, selectSummaryFigures } from "./repo";

/** Header cards of the dashboard: greeting, assigned projects, Booked Today (spec §2, §9). */
export async function getDashboardSummary(ctx: RequestContext): Promise<DashboardSummary> {
  const today = toIsoDate(ctx.deps.now()) as string;
  const base = {
    impersonation: getImpersonation(ctx),
    canImpersonate: isAdminRole(ctx.role),
    canLogTime: canLogTime(ctx.impersonating !== null),
    today,
  };
  const [scope, profile] = await Promise.all([
    resolveAssignedScope(ctx),
    selectClickupProfile(ctx.db, ctx.organizationId, viewedUserId(ctx)),
  ]);
  if (!scope || !profile) {
    return {
      ...base,
      connected: false,
      username: ctx.impersonating?.displayName ?? displayName(ctx.user),
      avatarUrl: null,
      assignedProjectsCount: 0,
      bookedToday: { hours: 0, percent: 0, taskCount: 0 },
    };
  }
  const figures = await selectSummaryFigures(ctx.db, scope, today);
  const hours = Number(figures.booked_hours);
  return {
    ...base,
    connected: true,
    username:
      profile.clickup_username?.trim() ||
      profile.provider_username?.trim() ||
      profile.clickup_email?.trim() ||
      null,
    avatarUrl: profile.profile_picture,
    assignedProjectsCount: Number(figures.project_count),
    bookedToday: { hours, percent: bookedPercentOfCapacity(hours), taskCount: Number(figures.task_count) },
  };
}
