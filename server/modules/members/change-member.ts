import { canChangeRole, wouldLeaveNoOwner, type Role } from "@domain/permissions";
import type { Tenant } from "../../auth/middleware";
import type { Database } from "../../db/client";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { changeMembership } from "./repo";

/**
 * Change a member's role or remove them (`toRole` null). Spec §6: canManageUsers; our rule from
 * domain/permissions: nobody acts above their own rank, and the last owner is never removed or demoted.
 */
export async function changeMember(
  database: Database,
  tenant: Tenant,
  userId: string,
  toRole: Role | null,
): Promise<void> {
  const result = await changeMembership(
    database,
    { organizationId: tenant.organizationId, userId, toRole },
    (fromRole, ownerCount) => {
      if (!canChangeRole(tenant.role, fromRole, toRole)) return "not_allowed";
      if (wouldLeaveNoOwner(ownerCount, fromRole, toRole)) return "last_owner";
      return null;
    },
  );
  if (result.ok) return;
  if (result.reason === "not_found") throw notFound("Member not found");
  if (result.reason === "last_owner") {
    throw conflict("A workspace needs an owner: make someone else owner first");
  }
  throw forbidden("Your role cannot change this member");
}
