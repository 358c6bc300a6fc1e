import { transaction } from "../../db/executor";
import type { SowDeliverableSnapshot } from "../../db/schema/finance-sows";
import { AppError } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { SowDetail, UpdateSow } from "./contract";
import { readSow } from "./get-sow";
import { deleteEntries, insertEntries, selectEntries, updateSowRow, updateVersionRow } from "./repo";
import {
  entriesAsInput,
  lockedSow,
  projectBudget,
  requireDraft,
  requireRowVersion,
  scheduleRows,
} from "./sow-writes";
import { sowAudit } from "./views";

/**
 * Change the draft version of a SOW: title, budget (of the project, in its currency), scope,
 * terms, fee, schedule (replaced whole; re-resolved against a new fee when only the fee changes;
 * 400 naming the field when it does not add up) and which deliverables are included (400 naming
 * a task that is not in the snapshot). 409 when not a draft or stale. One finance audit row.
 */
export async function updateSow(ctx: RequestContext, sowId: string, input: UpdateSow): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    requireRowVersion(head, input.baseRowVersion);
    requireDraft(head);
    const before = await readSow(tx, ctx, sowId);
    if (input.budgetId) await projectBudget(tx, ctx, input.budgetId, head.project_id, head.currency);
    const version = head.current_version;
    const feeMinor = input.feeMinor ?? Number(head.fee_minor);
    if (input.schedule !== undefined || input.feeMinor !== undefined) {
      const existing = await selectEntries(tx, ctx.organizationId, sowId, version);
      const entries = scheduleRows(
        ctx,
        { sowId, version, currency: head.currency },
        feeMinor,
        input.schedule ?? entriesAsInput(existing),
        existing,
      );
      await deleteEntries(tx, ctx.organizationId, sowId, version);
      await insertEntries(tx, entries);
    }
    let deliverables: SowDeliverableSnapshot[] = before.deliverables.map(({ url: _url, ...d }) => d);
    if (input.deliverables) {
      const known = new Set(deliverables.map((d) => d.taskId));
      const wrong = input.deliverables
        .map((d, i) => ({ d, i }))
        .filter(({ d }) => !known.has(d.taskId))
        .map(({ i }) => ({
          field: `deliverables.${i}.taskId`,
          message: "is not a deliverable of this version",
        }));
      if (wrong.length) {
        throw new AppError(
          400,
          "validation_failed",
          `Invalid body: ${wrong[0]!.field} — ${wrong[0]!.message}`,
          wrong,
        );
      }
      const included = new Map(input.deliverables.map((d) => [d.taskId, d.included]));
      deliverables = deliverables.map((d) => ({ ...d, included: included.get(d.taskId) ?? d.included }));
    }
    const now = ctx.deps.now();
    await updateVersionRow(tx, ctx.organizationId, sowId, version, {
      ...(input.scope !== undefined ? { scope: input.scope } : {}),
      ...(input.terms !== undefined ? { terms: input.terms } : {}),
      ...(input.deliverables ? { deliverables } : {}),
      feeMinor,
      updatedAt: now,
    });
    await updateSowRow(tx, ctx.organizationId, sowId, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.budgetId !== undefined ? { budgetId: input.budgetId } : {}),
      feeMinor,
      updatedAt: now,
    });
    const sow = await readSow(tx, ctx, sowId);
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "updated",
      before: sowAudit(before),
      after: sowAudit(sow),
      category: "finance",
    });
    return sow;
  });
}
