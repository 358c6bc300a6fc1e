import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { InvitationIdParam } from "./contract";
import { revokeInvitation as markRevoked } from "./repo";

/** Revoke a pending invitation of the current workspace (canInviteUsers); 404 when there is none. */
export async function revokeInvitation(ctx: RequestContext, input: InvitationIdParam): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
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
