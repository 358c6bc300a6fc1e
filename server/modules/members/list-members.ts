import { displayName, initials } from "@domain/format";
import type { RequestContext } from "../../request-context";
import type { MembersResponse } from "./contract";
import { selectMembers } from "./repo";

/** The current workspace's members (canManageUsers): owners first, then by name. */
export async function listMembers(ctx: RequestContext): Promise<MembersResponse> {
  const found = await selectMembers(ctx.db, ctx.organizationId);
  return {
    members: found.map((m) => {
      const person = { firstName: m.first_name, lastName: m.last_name, email: m.email };
      return {
        userId: m.user_id,
        email: m.email,
        displayName: displayName(person),
        initials: initials(person),
        image: m.image,
        role: m.role,
        joinedAt: new Date(m.created_at).toISOString(),
      };
    }),
  };
}
