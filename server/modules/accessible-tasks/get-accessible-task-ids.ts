import type { AppDeps } from "../../context";
import * as repo from "./repo";

/**
 * Task ids a user of a workspace may see (spec §6, §7 get-accessible-tasks), resolved on the
 * server from the synced data and cached until the next sync or webhook changes it.
 * Admins and owners: every task. Members: what their ClickUp account can see; nothing when they
 * have not connected their ClickUp account.
 */
export interface AccessibleTasks {
  taskIds: string[];
  clickupUserId: string | null;
}

const cache = new Map<string, { generation: string; value: AccessibleTasks }>();
const MAX_ENTRIES = 500;

export async function getAccessibleTasks(
  deps: Pick<AppDeps, "database">,
  organizationId: string,
  userId: string,
  options: { asMember?: boolean } = {},
): Promise<AccessibleTasks> {
  const db = deps.database.db;
  const [role, clickupUserId, generation] = await Promise.all([
    repo.memberRole(db, organizationId, userId),
    repo.activeClickupUserId(db, organizationId, userId),
    repo.syncGeneration(db, organizationId),
  ]);
  if (!role) return { taskIds: [], clickupUserId: null };
  const seesAll = !options.asMember && (role === "owner" || role === "admin");
  const key = `${organizationId}:${userId}:${seesAll ? "all" : "own"}`;
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.value.clickupUserId === clickupUserId) return hit.value;
  let taskIds: string[];
  if (seesAll) taskIds = await repo.allTaskIds(db, organizationId);
  else if (clickupUserId) taskIds = await repo.visibleTaskIds(db, organizationId, clickupUserId);
  else taskIds = [];
  const value = { taskIds, clickupUserId };
  cache.set(key, { generation, value });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return value;
}

/**
 * The server-side entry point for other modules (dashboard, projects, timesheet): the task ids a
 * non-admin may see. Call it for the viewed person (impersonation treats the viewer as a member).
 */
export async function getAccessibleTaskIds(
  deps: Pick<AppDeps, "database">,
  organizationId: string,
  userId: string,
): Promise<string[]> {
  return (await getAccessibleTasks(deps, organizationId, userId, { asMember: true })).taskIds;
}
