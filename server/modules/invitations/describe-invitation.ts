import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { UserContext } from "../../request-context";
import type { InvitationState, InvitationTokenParam, InvitationView } from "./contract";
import { findInvitationByToken, hashToken, type InvitationByToken } from "./repo";

export type { InvitationState } from "./contract";

/** What a public route's use case needs of its caller: the services and the pool. */
export type PublicContext = Pick<UserContext, "deps" | "db">;

/** The invitation behind a mailed token with its state now (a pending one past expiry is expired); 404 when unknown. */
export async function readInvitation(
  executor: Executor,
  token: string,
  now: Date,
): Promise<{ inv: InvitationByToken; state: InvitationState }> {
  const inv = await findInvitationByToken(executor, hashToken(token));
  if (!inv) throw notFound("This invitation does not exist");
  const state: InvitationState =
    inv.status === "pending" && inv.expiresAt.getTime() <= now.getTime() ? "expired" : inv.status;
  return { inv, state };
}

/** GET /api/invitations/token/:token (public): what the invitee sees before accepting. */
export async function describeInvitation(
  ctx: PublicContext,
  input: InvitationTokenParam,
): Promise<InvitationView> {
  const { inv, state } = await readInvitation(ctx.db, input.token, ctx.deps.now());
  return {
    workspaceName: inv.workspaceName,
    email: inv.email,
    role: inv.role,
    invitedBy: inv.invitedByName,
    status: state,
    expiresAt: inv.expiresAt.toISOString(),
  };
}
