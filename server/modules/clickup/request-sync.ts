import { requestFullSync } from "../../jobs/index";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { SyncQueuedResponse } from "./contract";
import { getWorkspaceConnection } from "./repo";

/** 'Sync now' (admins): queue a full sync of a workspace connected to a ClickUp workspace. */
export async function requestSync(ctx: RequestContext): Promise<SyncQueuedResponse> {
  const conn = await getWorkspaceConnection(ctx.db, ctx.organizationId);
  if (!conn || conn.status === "pending_team" || !conn.clickupTeamId)
    throw conflict("Connect this workspace to a ClickUp workspace first");
  return { queued: await requestFullSync(ctx.deps, ctx.organizationId, "manual") };
}
