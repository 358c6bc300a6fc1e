import { transaction } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { RefreshDeliverables, SowDetail } from "./contract";
import { readSow } from "./get-sow";
import { updateSowRow, updateVersionRow } from "./repo";
import { deliverablesSnapshot, lockedSow, requireDraft, requireRowVersion } from "./sow-writes";

/**
 * Re-read the project's deliverable tasks into the draft version: names and due dates as synced
 * now, tasks gone are dropped, new ones included, the others keep whether they are included.
 * 409 when not a draft or stale. One finance audit row.
 */
export async function refreshDeliverables(
  ctx: RequestContext,
  sowId: string,
  input: RefreshDeliverables,
): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    requireRowVersion(head, input.baseRowVersion);
    requireDraft(head);
    const before = await readSow(tx, ctx, sowId);
    const deliverables = await deliverablesSnapshot(tx, ctx, head.project_id, before.deliverables);
    const now = ctx.deps.now();
    await updateVersionRow(tx, ctx.organizationId, sowId, head.current_version, {
      deliverables,
      deliverablesReadAt: now,
      updatedAt: now,
    });
    await updateSowRow(tx, ctx.organizationId, sowId, { updatedAt: now });
    const sow = await readSow(tx, ctx, sowId);
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "deliverables_refreshed",
      before: { deliverables: before.deliverables },
      after: { deliverables: sow.deliverables },
      category: "finance",
    });
    return sow;
  });
}
