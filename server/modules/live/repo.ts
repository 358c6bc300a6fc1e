import { sql } from "drizzle-orm";
import { run, type Executor } from "../../db/executor";
import { WORKSPACE_CHANGED_CHANNEL } from "./hub";

/**
 * Tell open dashboards (every instance) that this workspace's data changed. Inside a
 * transaction the notification is delivered when it commits, and never when it rolls back.
 */
export async function notifyWorkspaceChanged(executor: Executor, organizationId: string): Promise<void> {
  await run(executor, sql`select pg_notify(${WORKSPACE_CHANGED_CHANNEL}, ${organizationId})`);
}
