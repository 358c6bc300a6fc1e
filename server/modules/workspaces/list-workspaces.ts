import type { UserContext } from "../../request-context";
import type { WorkspacesResponse } from "./contract";
import { listMemberships } from "./repo";

/** The caller's workspaces with their role, by membership creation (spec §4). */
export async function listWorkspaces(ctx: UserContext): Promise<WorkspacesResponse> {
  const memberships = await listMemberships(ctx.db, ctx.userId);
  return {
    workspaces: memberships.map((m) => ({
      id: m.organizationId,
      name: m.name,
      role: m.role,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
