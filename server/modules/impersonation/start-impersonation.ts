import { canImpersonate, displayName } from "@domain/index";
import { transaction } from "../../db/executor";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { flushSecurityEvents, recordSecurityEvent } from "../audit/record-security-event";
import type { ImpersonationState, StartImpersonationRequest } from "./contract";
import { selectMember, upsertImpersonation } from "./repo";

export const IMPERSONATION_STARTED = "impersonation_started";
export const IMPERSONATION_STOPPED = "impersonation_stopped";

/**
 * Start viewing the dashboard as `userId` (spec §2, §6): only admins and owners, only of a plain
 * member of the same workspace, never oneself. The impersonation and its audit_events row commit
 * together; the security log records both identities once it committed.
 */
export async function startImpersonation(
  ctx: RequestContext,
  input: StartImpersonationRequest,
): Promise<ImpersonationState> {
  const targetUserId = input.userId;
  if (targetUserId === ctx.userId)
    throw badRequest("You cannot impersonate yourself", [
      { field: "userId", message: "must be someone else" },
    ]);
  if (!canImpersonate(ctx.role, "member")) throw forbidden("Only admins and owners can impersonate");
  const { target, previous } = await transaction(ctx.deps.database, async (tx) => {
    const target = await selectMember(tx, ctx.organizationId, targetUserId);
    if (!target) throw notFound("User not found in this workspace");
    if (!canImpersonate(ctx.role, target.role)) throw forbidden("Admins and owners cannot be impersonated");
    const previous = await upsertImpersonation(tx, ctx.organizationId, ctx.userId, targetUserId);
    await recordChange(ctx, tx, {
      object: "impersonation",
      id: targetUserId,
      action: "started",
      before: previous ? { targetUserId: previous } : undefined,
      after: { targetUserId },
    });
    return { target, previous };
  });
  await recordSecurityEvent(ctx.deps, {
    eventType: IMPERSONATION_STARTED,
    eventData: {
      actorUserId: ctx.userId,
      actorRole: ctx.role,
      targetUserId,
      targetEmail: target.email,
      ...(previous && previous !== targetUserId ? { replacedTargetUserId: previous } : {}),
    },
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await flushSecurityEvents(ctx.deps);
  return {
    active: true,
    user: {
      id: target.user_id,
      displayName: displayName({
        firstName: target.first_name,
        lastName: target.last_name,
        email: target.email,
      }),
      email: target.email,
    },
  };
}
