import { isAdminRole } from "@domain/index";
import type { ProjectsRepo, TaskScope } from "./repo";

/** The caller as the tenant middleware sets it. */
export interface ProjectTenant {
  organizationId: string;
  userId: string;
  role: string;
}

/** Resolves the task ids a non-admin may see besides their own (spec §7 get-accessible-tasks). */
export type AccessibleTaskIds = (organizationId: string, userId: string) => Promise<readonly string[]>;

/**
 * Spec §6 project time totals: admins and owners count every task of the folder; anyone else
 * only tasks assigned to their ClickUp user id or in their permitted list.
 */
export async function resolveTaskScope(
  repo: ProjectsRepo,
  tenant: ProjectTenant,
  accessibleTaskIds: AccessibleTaskIds,
): Promise<TaskScope> {
  if (isAdminRole(tenant.role)) return { seesAll: true, clickupUserId: null, allowedTaskIds: [] };
  const [clickupUserId, allowedTaskIds] = await Promise.all([
    repo.clickupUserId(tenant.organizationId, tenant.userId),
    accessibleTaskIds(tenant.organizationId, tenant.userId),
  ]);
  return { seesAll: false, clickupUserId, allowedTaskIds };
}
