import type { RequestContext } from "../../request-context";
import { visibleTaskIds } from "./repo";
import { resolvePersonTaskScope } from "./task-scope";

/**
 * Task ids the caller may see in their current workspace (spec §6, §7 get-accessible-tasks):
 * owners and admins every task; members what their ClickUp account can see; nothing when they
 * have not connected ClickUp. Other modules do not call this: they join taskVisibleIn() in SQL.
 */
export interface AccessibleTasks {
  taskIds: string[];
  clickupUserId: string | null;
}

export async function getAccessibleTasks(ctx: RequestContext): Promise<AccessibleTasks> {
  const scope = await resolvePersonTaskScope(ctx);
  return { taskIds: await visibleTaskIds(ctx.db, scope), clickupUserId: scope.clickupUserId };
}
