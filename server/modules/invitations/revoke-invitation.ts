import { roleRank } from "@domain/permissions";
import { transaction } from "../../db/executor";
import { forbidden, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { InvitationIdParam } from "./contract";
import { lockPendingInvitation, revokeInvitation as markRevoked } from "./repo";

/**
 * Revoke a pending invitation of the current workspace (canInviteUsers); 404 when there is none.
 * Nobody acts above their own rank: revoking an invitation to a role ranked above the caller's
 * (an admin and an owner invitation) is refused, as inviting to it is.
 */
export async function revokeInvitation(ctx: RequestContext, input: InvitationIdParam): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const pending = await lockPendingInvitation(tx, ctx.organizationId, input.id);
    if (!pending) throw notFound("Invitation not found");
    if (roleRank(pending.role) > roleRank(ctx.role))
      throw forbidden("You cannot revoke an invitation above your own role");
    const revoked = await markRevoked(tx, ctx.organizationId, input.id);
    if (!revoked) throw notFound("Invitation not found");
    await recordChange(ctx, tx, {
      object: "invitation",
      id: revoked.id,
      action: "revoked",
      before: { status: "pending" },
      after: { status: "revoked" },
    });
  });
}
