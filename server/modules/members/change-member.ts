import { canChangeRole, wouldLeaveNoOwner, type Role } from "@domain/permissions";
import { transaction } from "../../db/executor";
import { conflict, forbidden, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { deleteMembership, lockMembership, lockOwners, updateMembershipRole } from "./repo";

export interface ChangeMemberInput {
  userId: string;
  /** The new role, or null to remove the member from the workspace. */
  role: Role | null;
}

/**
 * Change a member's role or remove them (`role` null). Spec §6: canManageUsers; our rule from
 * domain/permissions: nobody acts above their own rank, and the last owner is never removed or
 * demoted. The workspace's owner rows are locked first, so two owners stepping down at once
 * cannot both succeed. The change and its audit_events row commit together; a refusal writes
 * neither.
 */
export async function changeMember(ctx: RequestContext, input: ChangeMemberInput): Promise<void> {
  const { organizationId } = ctx;
  const { userId, role: toRole } = input;
  await transaction(ctx.deps.database, async (tx) => {
    const ownerCount = await lockOwners(tx, organizationId);
    const fromRole = await lockMembership(tx, organizationId, userId);
    if (!fromRole) throw notFound("Member not found");
    if (!canChangeRole(ctx.role, fromRole, toRole)) throw forbidden("Your role cannot change this member");
    if (wouldLeaveNoOwner(ownerCount, fromRole, toRole)) {
      throw conflict("A workspace needs an owner: make someone else owner first");
    }
    if (toRole === null) {
      await deleteMembership(tx, organizationId, userId);
      await recordChange(ctx, tx, {
        object: "member",
        id: userId,
        action: "deleted",
        before: { role: fromRole },
      });
    } else if (toRole !== fromRole) {
      await updateMembershipRole(tx, organizationId, userId, toRole);
      await recordChange(ctx, tx, {
        object: "member",
        id: userId,
        action: "updated",
        before: { role: fromRole },
        after: { role: toRole },
      });
    }
  });
}
