import type { RequestContext } from "../../request-context";
import type { InvitationsResponse } from "./contract";
import { listPendingInvitations } from "./repo";

/** The current workspace's pending invitations, newest first (canInviteUsers); past expiry reads expired. */
export async function listInvitations(ctx: RequestContext): Promise<InvitationsResponse> {
  const found = await listPendingInvitations(ctx.db, ctx.organizationId);
  const now = ctx.deps.now().getTime();
  return {
    invitations: found.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      status: r.expiresAt.getTime() <= now ? "expired" : r.status,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      invitedBy: r.invitedByName,
    })),
  };
}
