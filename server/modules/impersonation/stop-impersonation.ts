import type { AppDeps } from "../../context";
import { flushSecurityEvents, recordSecurityEvent } from "../audit/record-security-event";
import type { TenantRef } from "../dashboard/viewer";
import type { ImpersonationState } from "./contract";
import { deleteImpersonation } from "./repo";
import { IMPERSONATION_STOPPED, type RequestMeta } from "./start-impersonation";

/** Back to one's own view (spec §2 'Stop Impersonating'). Idempotent; audited when one ended. */
export async function stopImpersonation(
  deps: Pick<AppDeps, "database" | "logger" | "now">,
  tenant: TenantRef,
  meta: RequestMeta,
): Promise<ImpersonationState> {
  const ended = await deleteImpersonation(deps.database.db, tenant.organizationId, tenant.userId);
  if (ended) {
    await recordSecurityEvent(deps, {
      eventType: IMPERSONATION_STOPPED,
      eventData: { actorUserId: tenant.userId, actorRole: tenant.role, targetUserId: ended },
      userId: tenant.userId,
      organizationId: tenant.organizationId,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    await flushSecurityEvents(deps);
  }
  return { active: false, user: null };
}
