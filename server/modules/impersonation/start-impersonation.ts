import { canImpersonate, displayName } from "@domain/index";
import type { AppDeps } from "../../context";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { flushSecurityEvents, recordSecurityEvent } from "../audit/record-security-event";
import { selectMember } from "../dashboard/repo";
import type { TenantRef } from "../dashboard/viewer";
import type { ImpersonationState } from "./contract";
import { upsertImpersonation } from "./repo";

export const IMPERSONATION_STARTED = "impersonation_started";
export const IMPERSONATION_STOPPED = "impersonation_stopped";

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * Start viewing the dashboard as `targetUserId` (spec §2, §6): only admins and owners, only of a
 * plain member of the same workspace, never oneself. Audited with both identities.
 */
export async function startImpersonation(
  deps: Pick<AppDeps, "database" | "logger" | "now">,
  tenant: TenantRef,
  targetUserId: string,
  meta: RequestMeta,
): Promise<ImpersonationState> {
  if (targetUserId === tenant.userId)
    throw badRequest("You cannot impersonate yourself", [
      { field: "userId", message: "must be someone else" },
    ]);
  if (!canImpersonate(tenant.role, "member")) throw forbidden("Only admins and owners can impersonate");
  const target = await selectMember(deps.database, tenant.organizationId, targetUserId);
  if (!target) throw notFound("User not found in this workspace");
  if (!canImpersonate(tenant.role, target.role)) throw forbidden("Admins and owners cannot be impersonated");
  const previous = await upsertImpersonation(
    deps.database,
    tenant.organizationId,
    tenant.userId,
    targetUserId,
  );
  await recordSecurityEvent(deps, {
    eventType: IMPERSONATION_STARTED,
    eventData: {
      actorUserId: tenant.userId,
      actorRole: tenant.role,
      targetUserId,
      targetEmail: target.email,
      ...(previous && previous !== targetUserId ? { replacedTargetUserId: previous } : {}),
    },
    userId: tenant.userId,
    organizationId: tenant.organizationId,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
  await flushSecurityEvents(deps);
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
