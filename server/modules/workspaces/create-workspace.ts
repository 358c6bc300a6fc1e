import { transaction } from "../../db/executor";
import type { RequestContext, UserContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreateWorkspaceRequest, Workspace } from "./contract";
import { createOrganizationWithMembership } from "./repo";

/**
 * Create a workspace with the creator as owner, atomically with its audit_events row
 * (spec §5, §7), and make it current.
 */
export async function createWorkspace(ctx: UserContext, input: CreateWorkspaceRequest): Promise<Workspace> {
  const org = await transaction(ctx.deps.database, async (tx) => {
    const org = await createOrganizationWithMembership(tx, {
      name: input.name,
      userId: ctx.userId,
      role: "owner",
    });
    const inWorkspace: RequestContext = {
      ...ctx,
      organizationId: org.id,
      role: "owner",
      impersonating: null,
    };
    await recordChange(inWorkspace, tx, {
      object: "workspace",
      id: org.id,
      action: "created",
      after: { name: org.name },
    });
    return org;
  });
  return { id: org.id, name: org.name, role: "owner", createdAt: org.createdAt.toISOString() };
}
