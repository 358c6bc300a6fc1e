import { transaction } from "../../db/executor";
import { conflict, forbidden } from "../../lib/errors";
import type { RequestContext, UserContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { recordSecurityEvent } from "../audit/record-security-event";
import type { AcceptInvitationResponse, InvitationTokenParam } from "./contract";
import { readInvitation } from "./describe-invitation";
import { acceptInvitation as markAccepted } from "./repo";

/**
 * Join the workspace of an invitation: only the invited address may accept, only while pending
 * and unexpired; accepting again as the same user is a no-op (idempotent). The membership and
 * the invitation's audit_events row commit together; team_invitation is logged after.
 */
export async function acceptInvitation(
  ctx: UserContext,
  input: InvitationTokenParam,
): Promise<AcceptInvitationResponse> {
  const { deps, user } = ctx;
  const { inv, state } = await readInvitation(ctx.db, input.token, deps.now());
  if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden(`This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
  }
  if (state === "accepted" && inv.acceptedBy === user.id) return { organizationId: inv.organizationId };
  if (state !== "pending") throw conflict(`This invitation is ${state}`);
  await transaction(deps.database, async (tx) => {
    const accepted = await markAccepted(tx, {
      organizationId: inv.organizationId,
      id: inv.id,
      userId: user.id,
      role: inv.role,
      now: deps.now(),
    });
    if (!accepted) throw conflict("This invitation is no longer pending");
    const inWorkspace: RequestContext = {
      ...ctx,
      organizationId: inv.organizationId,
      role: inv.role,
      impersonating: null,
    };
    await recordChange(inWorkspace, tx, {
      object: "invitation",
      id: inv.id,
      action: "accepted",
      before: { status: "pending" },
      after: { status: "accepted", acceptedBy: user.id },
    });
  });
  await recordSecurityEvent(deps, {
    eventType: "team_invitation",
    eventData: { action: "accepted", invitationId: inv.id, email: inv.email, role: inv.role },
    userId: user.id,
    organizationId: inv.organizationId,
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return { organizationId: inv.organizationId };
}
