import type { RequestContext } from "../../request-context";
import { selectLockedChanges } from "./approval-repo";
import { toLockedChange } from "./approval-views";
import type { LockedChangesQuery, LockedChangesResponse } from "./contract";

/** Changes made in ClickUp to approved weeks (open ones by default), newest first. */
export async function listLockedChanges(
  ctx: RequestContext,
  input: LockedChangesQuery,
): Promise<LockedChangesResponse> {
  const page = await selectLockedChanges(ctx.db, ctx.organizationId, { state: input.state }, input);
  return { ...page, items: page.items.map(toLockedChange) };
}
