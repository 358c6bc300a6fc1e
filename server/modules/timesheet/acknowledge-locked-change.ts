import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { acknowledgeLockedChange as acknowledge } from "./approval-repo";
import { toLockedChange } from "./approval-views";
import type { LockedChange } from "./contract";

/**
 * An admin has seen a ClickUp-side change to an approved week: it leaves the open list (the
 * change itself stays, as ClickUp has it). Idempotent: acknowledging again changes nothing.
 */
export async function acknowledgeLockedChange(ctx: RequestContext, id: string): Promise<LockedChange> {
  return transaction(ctx.deps.database, async (tx) => {
    const { row, changed } = await acknowledge(
      tx,
      ctx.organizationId,
      id,
      ctx.impersonating?.id ?? ctx.userId,
      ctx.deps.now(),
    );
    if (!row) throw notFound("No such change");
    const change = toLockedChange(row);
    if (!changed) return change;
    await recordChange(ctx, tx, {
      object: "locked_week_change",
      id,
      action: "acknowledged",
      after: { weekStart: change.weekStart, clickupUserId: change.clickupUserId, change: change.change },
    });
    return change;
  });
}
