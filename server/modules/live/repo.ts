import { sql } from "drizzle-orm";
import { firstRow, run, type Executor } from "../../db/executor";
import { WORKSPACE_CHANGED_CHANNEL } from "./hub";

/**
 * Tell open dashboards (every instance) that this workspace's data changed. Inside a
 * transaction the notification is delivered when it commits, and never when it rolls back.
 */
export async function notifyWorkspaceChanged(executor: Executor, organizationId: string): Promise<void> {
  await run(executor, sql`select pg_notify(${WORKSPACE_CHANGED_CHANNEL}, ${organizationId})`);
}

/** Whether the user still belongs to the workspace (an open stream re-checks on every event). */
export async function isWorkspaceMember(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const row = await firstRow<{ one: number }>(
    executor,
    sql`select 1 as one from user_organizations
         where organization_id = ${organizationId} and user_id = ${userId}`,
  );
  return row !== undefined && row !== null;
}
