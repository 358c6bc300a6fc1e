import { transaction } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import { recordChange } from "../audit/record-change";
import { deactivateUserConnection } from "./repo";

/** Unlink the caller's own ClickUp account in this workspace (its token is dropped). */
export async function disconnectOwnAccount(ctx: RequestContext): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const clickupUserId = await activeClickupUserId(tx, ctx.organizationId, ctx.userId);
    await deactivateUserConnection(tx, ctx.organizationId, ctx.userId);
    if (clickupUserId !== null)
      await recordChange(ctx, tx, {
        object: "clickup_account",
        id: ctx.userId,
        action: "disconnected",
        before: { clickupUserId },
      });
  });
}
