import { replacedVersionStatus, sowTransition } from "@domain/sows";
import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { NewSowVersion, SowDetail } from "./contract";
import { readSow } from "./get-sow";
import {
  insertEntries,
  insertVersion,
  selectEntries,
  selectVersions,
  updateSowRow,
  updateVersionRow,
} from "./repo";
import { lockedSow, requireRowVersion } from "./sow-writes";
import { deliverablesOf } from "./views";

/**
 * A new version n+1 of a sent or signed SOW, as a draft with the current version's content and
 * schedule copied (entries keep the invoices proposed from them). A sent version becomes
 * superseded; a signed one stays signed and readable, and remains the SOW's signed version until
 * a later one is signed. 409 with the reason on a draft, or stale. One finance audit row.
 */
export async function newSowVersion(
  ctx: RequestContext,
  sowId: string,
  input: NewSowVersion,
): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    const step = sowTransition(head.status, "new_version");
    if (!step.ok) throw conflict(step.reason);
    requireRowVersion(head, input.baseRowVersion);
    const from = head.current_version;
    const to = from + 1;
    const versions = await selectVersions(tx, ctx.organizationId, sowId);
    const current = versions.find((v) => v.version === from)!;
    const entries = await selectEntries(tx, ctx.organizationId, sowId, from);
    const now = ctx.deps.now();
    const userId = ctx.userId === "system" ? null : ctx.userId;
    const replaced = replacedVersionStatus(head.status);
    await updateVersionRow(tx, ctx.organizationId, sowId, from, { status: replaced, updatedAt: now });
    await insertVersion(tx, {
      organizationId: ctx.organizationId,
      sowId,
      version: to,
      status: step.to,
      reason: input.reason ?? "",
      scope: current.scope,
      feeMinor: Number(current.fee_minor),
      deliverables: deliverablesOf(current),
      deliverablesReadAt:
        current.deliverables_read_at === null ? null : new Date(current.deliverables_read_at),
      terms: current.terms,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertEntries(
      tx,
      entries.map((e) => ({
        organizationId: ctx.organizationId,
        id: newId(),
        sowId,
        version: to,
        position: e.position,
        label: e.label,
        dueOn: e.due_on,
        milestone: e.milestone,
        amountMinor: Number(e.amount_minor),
        percentBp: e.percent_bp,
        invoiceId: e.invoice_id,
      })),
    );
    await updateSowRow(tx, ctx.organizationId, sowId, {
      status: step.to,
      currentVersion: to,
      sentAt: null,
      sentBy: null,
      sentTo: null,
      updatedAt: now,
    });
    const sow = await readSow(tx, ctx, sowId);
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "version_created",
      before: { number: sow.displayNumber, status: head.status, version: from },
      after: {
        number: sow.displayNumber,
        status: step.to,
        version: to,
        replacedVersionStatus: replaced,
        reason: input.reason ?? "",
      },
      category: "finance",
    });
    return sow;
  });
}
