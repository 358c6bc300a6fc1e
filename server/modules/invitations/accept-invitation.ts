import type { AuthUser } from "../../auth/middleware";
import type { AppDeps } from "../../context";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { recordSecurityEvent } from "../audit/record-security-event";
import { acceptInvitation as accept, findInvitationByToken, hashToken } from "./repo";

export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

export async function describeInvitation(deps: AppDeps, token: string) {
  const inv = await findInvitationByToken(deps.database, hashToken(token));
  if (!inv) throw notFound("This invitation does not exist");
  const state: InvitationState =
    inv.status === "pending" && inv.expiresAt.getTime() <= deps.now().getTime() ? "expired" : inv.status;
  return {
    inv,
    view: {
      workspaceName: inv.workspaceName,
      email: inv.email,
      role: inv.role,
      invitedBy: inv.invitedByName,
      status: state,
      expiresAt: inv.expiresAt.toISOString(),
    },
  };
}

/**
 * Join the workspace of an invitation: only the invited address may accept, only while pending
 * and unexpired; accepting again as the same user is a no-op (idempotent).
 */
export async function acceptInvitation(
  deps: AppDeps,
  user: AuthUser,
  token: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ organizationId: string }> {
  const { inv, view } = await describeInvitation(deps, token);
  if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden(`This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
  }
  if (view.status === "accepted" && inv.acceptedBy === user.id) return { organizationId: inv.organizationId };
  if (view.status !== "pending") {
    throw conflict(`This invitation is ${view.status}`);
  }
  const ok = await accept(deps.database, {
    organizationId: inv.organizationId,
    id: inv.id,
    userId: user.id,
    role: inv.role,
    now: deps.now(),
  });
  if (!ok) throw conflict("This invitation is no longer pending");
  await recordSecurityEvent(deps, {
    eventType: "team_invitation",
    eventData: { action: "accepted", invitationId: inv.id, email: inv.email, role: inv.role },
    userId: user.id,
    organizationId: inv.organizationId,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return { organizationId: inv.organizationId };
}
