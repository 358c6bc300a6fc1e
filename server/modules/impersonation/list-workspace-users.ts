import { canImpersonate, displayName, isAdminRole, parseRole, USERS_LIMIT } from "@domain/index";
import { forbidden } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { WorkspaceUsersResponse } from "./contract";
import { selectWorkspaceUsers } from "./repo";

/** The impersonation picker (spec §7 users: ordered by username, at most 1000; admins only). */
export async function listWorkspaceUsers(ctx: RequestContext): Promise<WorkspaceUsersResponse> {
  if (!isAdminRole(ctx.role)) throw forbidden("Only admins and owners can list users");
  const rows = await selectWorkspaceUsers(ctx.db, ctx.organizationId, USERS_LIMIT);
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
        canImpersonate: r.user_id !== ctx.userId && canImpersonate(ctx.role, role),
      };
    }),
  };
}
