import { displayName } from "@domain/format";
import { roleRank, type Role } from "@domain/permissions";
import type { AuthUser, Tenant } from "../../auth/middleware";
import type { AppDeps } from "../../context";
import { conflict, forbidden } from "../../lib/errors";
import { newId, newToken } from "../../lib/ids";
import { invitationMail } from "../../mail/templates";
import { recordSecurityEvent } from "../audit/record-security-event";
import { hashToken, insertInvitation, isMemberByEmail, workspaceName } from "./repo";

/** Invitations are valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invite by e-mail with a role (canInviteUsers). Nobody grants a role above their own. A newer
 * invitation to the same address replaces a pending one. Mails the accept link /invite/{token}
 * and records team_invitation.
 */
export async function inviteMember(
  deps: AppDeps,
  actor: { user: AuthUser; tenant: Tenant; ip: string | null; userAgent: string | null },
  input: { email: string; role: Role },
) {
  const { database, config } = deps;
  const { tenant } = actor;
  if (roleRank(input.role) > roleRank(tenant.role))
    throw forbidden("You cannot invite someone above your own role");
  if (await isMemberByEmail(database, tenant.organizationId, input.email)) {
    throw conflict(`${input.email} is already a member of this workspace`);
  }
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(deps.now().getTime() + INVITATION_TTL_MS);
  await insertInvitation(database, {
    id,
    organizationId: tenant.organizationId,
    email: input.email,
    role: input.role,
    tokenHash: hashToken(token),
    invitedBy: tenant.userId,
    expiresAt,
  });
  const name = await workspaceName(database, tenant.organizationId);
  await deps.mailer.send(
    invitationMail(
      input.email,
      name,
      displayName(actor.user),
      input.role,
      `${config.publicUrl}/invite/${token}`,
    ),
  );
  await recordSecurityEvent(deps, {
    eventType: "team_invitation",
    eventData: { action: "sent", invitationId: id, email: input.email, role: input.role },
    userId: tenant.userId,
    organizationId: tenant.organizationId,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
  });
  return {
    id,
    email: input.email,
    role: input.role,
    status: "pending" as const,
    expiresAt: expiresAt.toISOString(),
  };
}
