import type { Executor } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { resolvePersonTaskScope } from "../accessible-tasks/task-scope";
import type { AssignedScope } from "./repo";

/**
 * The task scope of the person a dashboard request shows (the caller, or the member an admin
 * views the app as: spec §2, §6), or null when that person has no active ClickUp connection —
 * the dashboard then shows 'Connect to ClickUp' and no tasks.
 */
export async function resolveAssignedScope(
  ctx: RequestContext,
  executor: Executor = ctx.db,
): Promise<AssignedScope | null> {
  const scope = await resolvePersonTaskScope(ctx, executor);
  return scope.clickupUserId ? { ...scope, clickupUserId: scope.clickupUserId } : null;
}
