import { isAdminRole } from "@domain/permissions";
import { forbidden } from "../../lib/errors";
import { viewedUserId, type RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import type { Executor } from "../../db/executor";

/**
 * Who may change capacity data: owners and admins (Settings → Organization and People). While
 * an admin views the app as a member, they act with the member's rights.
 */
export function actsAsAdmin(ctx: RequestContext): boolean {
  return isAdminRole(ctx.role) && !ctx.impersonating;
}

export function requireAdmin(ctx: RequestContext): void {
  if (!actsAsAdmin(ctx)) throw forbidden("Only owners and admins can change this");
}

/**
 * Time off is entered by admins for anyone, or by a person for themselves: a member may write
 * only for their own linked ClickUp user (user_clickup_connections).
 */
export async function requireTimeOffWriter(ctx: RequestContext, executor: Executor, clickupUserId: string) {
  if (actsAsAdmin(ctx)) return;
  const own = await activeClickupUserId(executor, ctx.organizationId, viewedUserId(ctx));
  if (own === null || own !== clickupUserId) throw forbidden("You can enter time off only for yourself");
}
