import { bookedPercentOfCapacity, canLogTime, isAdminRole, toIsoDate } from "@domain/index";
import type { AppDeps } from "../../context";
import type { DashboardSummary } from "./contract";
import { selectAssignedProjectsCount, selectBookedHours, selectMember } from "./repo";
import type { Viewer } from "./viewer";
import { displayName } from "@domain/index";

/** Header cards of the dashboard: greeting, assigned projects, Booked Today (spec §2, §9). */
export async function getDashboardSummary(
  deps: Pick<AppDeps, "database" | "now">,
  viewer: Viewer,
): Promise<DashboardSummary> {
  const today = toIsoDate(deps.now()) as string;
  const base = {
    impersonation: { active: viewer.impersonating, user: viewer.impersonatedUser },
    canImpersonate: isAdminRole(viewer.actorRole),
    canLogTime: canLogTime(viewer.impersonating),
    today,
  };
  if (!viewer.scope || !viewer.connection) {
    const member = await selectMember(deps.database, viewer.organizationId, viewer.viewedUserId);
    return {
      ...base,
      connected: false,
      username: member
        ? displayName({ firstName: member.first_name, lastName: member.last_name, email: member.email })
        : null,
      avatarUrl: null,
      assignedProjectsCount: 0,
      bookedToday: { hours: 0, percent: 0, taskCount: 0 },
    };
  }
  const [booked, projectCount] = await Promise.all([
    selectBookedHours(deps.database, viewer.scope, today),
    selectAssignedProjectsCount(deps.database, viewer.scope),
  ]);
  const hours = Number(booked.booked_hours);
  const c = viewer.connection;
  return {
    ...base,
    connected: true,
    username: c.clickup_username?.trim() || c.provider_username?.trim() || c.clickup_email?.trim() || null,
    avatarUrl: c.profile_picture,
    assignedProjectsCount: projectCount,
    bookedToday: { hours, percent: bookedPercentOfCapacity(hours), taskCount: Number(booked.task_count) },
  };
}
