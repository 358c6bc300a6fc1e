import { displayName } from "@domain/format";
import { roleRank } from "@domain/permissions";
import { transaction } from "../../db/executor";
import { conflict, forbidden } from "../../lib/errors";
import { newId, newToken } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { invitationMail } from "../../mail/templates";
import { recordChange } from "../audit/record-change";
import { recordSecurityEvent } from "../audit/record-security-event";
import type { CreatedInvitation, InviteMemberRequest } from "./contract";
import { hashToken, insertInvitation, isMemberByEmail, workspaceName } from "./repo";

/** Invitations are valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invite by e-mail with a role (canInviteUsers). Nobody grants a role above their own. A newer
 * invitation to the same address replaces a pending one. The invitation and its audit_events
 * rows commit together; then the accept link /invite/{token} is mailed and team_invitation logged.
 */
export async function inviteMember(
  ctx: RequestContext,
  input: InviteMemberRequest,
): Promise<CreatedInvitation> {
  const { deps, organizationId } = ctx;
  if (roleRank(input.role) > roleRank(ctx.role))
    throw forbidden("You cannot invite someone above your own role");
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(deps.now().getTime() + INVITATION_TTL_MS);
  await transaction(deps.database, async (tx) => {
    if (await isMemberByEmail(tx, organizationId, input.email)) {
      throw conflict(`${input.email} is already a member of this workspace`);
    }
    const replaced = await insertInvitation(tx, {
      id,
      organizationId,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: ctx.userId,
      expiresAt,
    });
    for (const replacedId of replaced) {
      await recordChange(ctx, tx, {
        object: "invitation",
        id: replacedId,
        action: "revoked",
        before: { status: "pending" },
        after: { status: "revoked", replacedBy: id },
      });
    }
    await recordChange(ctx, tx, {
      object: "invitation",
      id,
      action: "created",
      after: { email: input.email, role: input.role, status: "pending", expiresAt: expiresAt.toISOString() },
    });
  });
  const name = await workspaceName(ctx.db, organizationId);
  await deps.mailer.send(
    invitationMail(
      input.email,
      name,
      displayName(ctx.user),
      input.role,
      `${deps.config.publicUrl}/invite/${token}`,
    ),
  );
  await recordSecurityEvent(deps, {
    eventType: "team_invitation",
    eventData: { action: "sent", invitationId: id, email: input.email, role: input.role },
    userId: ctx.userId,
    organizationId,
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return { id, email: input.email, role: input.role, status: "pending", expiresAt: expiresAt.toISOString() };
}
