import { canImpersonate, displayName, parseRole, USERS_LIMIT } from "@domain/index";
import type { AppDeps } from "../../context";
import type { TenantRef } from "../dashboard/viewer";
import type { WorkspaceUsersResponse } from "./contract";
import { selectWorkspaceUsers } from "./repo";

/** The impersonation picker (spec §7 users: ordered by username, at most 1000; admins only). */
export async function listWorkspaceUsers(
  deps: Pick<AppDeps, "database">,
  tenant: TenantRef,
): Promise<WorkspaceUsersResponse> {
  const rows = await selectWorkspaceUsers(deps.database, tenant.organizationId, USERS_LIMIT);
  return {
    users: rows.map((r) => {
      const role = parseRole(r.role) ?? "member";
      const name = displayName({ firstName: r.first_name, lastName: r.last_name, email: r.email });
      return {
        id: r.user_id,
        displayName: name,
        email: r.email,
        username: r.username,
        role,
        profilePicture: r.profile_picture,
        canImpersonate: r.user_id !== tenant.userId && canImpersonate(tenant.role, role),
      };
    }),
  };
}
