import { sql } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { taskVisibleIn, type TaskScope } from "./task-scope";

/**
 * The active ClickUp user id of a person in a workspace (their user_clickup_connections row), or
 * null when they have not connected ClickUp: the one lookup every module uses.
 */
export async function activeClickupUserId(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<string | null> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select clickup_user_id as id from user_clickup_connections
        where organization_id = ${organizationId} and user_id = ${userId} and is_active`,
  );
  return row?.id ?? null;
}

/** The ids of the tasks visible in a scope (spec §7 get-accessible-tasks), in id order. */
export async function visibleTaskIds(executor: Executor, scope: TaskScope): Promise<string[]> {
  const found = await rows<{ id: string }>(
    executor,
    sql`select t.id from tasks t
        where t.organization_id = ${scope.organizationId} and not t.deleted and ${taskVisibleIn(scope, "t")}
        order by t.id`,
  );
  return found.map((r) => r.id);
}
