import { transaction } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { flushSecurityEvents, recordSecurityEvent } from "../audit/record-security-event";
import type { ImpersonationState } from "./contract";
import { deleteImpersonation } from "./repo";
import { IMPERSONATION_STOPPED } from "./start-impersonation";

/**
 * Back to one's own view (spec §2 'Stop Impersonating'). Idempotent; the end and its
 * audit_events row commit together, and the security log records it, only when one ended.
 */
export async function stopImpersonation(ctx: RequestContext): Promise<ImpersonationState> {
  const ended = await transaction(ctx.deps.database, async (tx) => {
    const ended = await deleteImpersonation(tx, ctx.organizationId, ctx.userId);
    if (ended) {
      await recordChange(ctx, tx, {
        object: "impersonation",
        id: ended,
        action: "stopped",
        before: { targetUserId: ended },
      });
    }
    return ended;
  });
  if (ended) {
    await recordSecurityEvent(ctx.deps, {
      eventType: IMPERSONATION_STOPPED,
      eventData: { actorUserId: ctx.userId, actorRole: ctx.role, targetUserId: ended },
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      ipAddress: ctx.ip,
      userAgent: ctx.userAgent,
    });
    await flushSecurityEvents(ctx.deps);
  }
  return { active: false, user: null };
}
