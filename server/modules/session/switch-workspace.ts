import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { UserContext } from "../../request-context";
import { setRememberedWorkspaceId } from "../workspaces/repo";
import type { MeResponse, SwitchWorkspaceRequest } from "./contract";
import { getMe } from "./get-me";
import { isMember } from "./repo";

/**
 * Remember the chosen workspace (spec §4) and answer the refreshed /api/me. A workspace the
 * user is not in answers 404.
 */
export async function switchWorkspace(ctx: UserContext, input: SwitchWorkspaceRequest): Promise<MeResponse> {
  await transaction(ctx.deps.database, async (tx) => {
    if (!(await isMember(tx, ctx.userId, input.organizationId))) throw notFound("Workspace not found");
    await setRememberedWorkspaceId(tx, ctx.userId, input.organizationId);
  });
  return getMe(ctx);
}
