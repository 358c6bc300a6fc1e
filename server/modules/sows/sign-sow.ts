import { sowTransition } from "@domain/sows";
import { transaction } from "../../db/executor";
import { badRequest, conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { SignSow, SowDetail } from "./contract";
import { readSow } from "./get-sow";
import { updateSowRow, updateVersionRow } from "./repo";
import { lockedSow, requireRowVersion } from "./sow-writes";

/**
 * The client signed the sent version: it becomes the SOW's signed version (frozen; changing it
 * takes a new version), with the signer's name and the day (default today in the workspace
 * zone; 400 naming signedOn when before the day it was sent). 409 with the reason when it is not
 * sent, or stale. One finance audit row.
 */
export async function signSow(ctx: RequestContext, sowId: string, input: SignSow): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    const step = sowTransition(head.status, "sign");
    if (!step.ok) throw conflict(step.reason);
    requireRowVersion(head, input.baseRowVersion);
    const before = await readSow(tx, ctx, sowId);
    const signedOn = input.signedOn ?? (await workspaceToday(tx, ctx));
    const sentOn = before.versions.find((v) => v.version === head.current_version)?.sentAt?.slice(0, 10);
    if (sentOn && signedOn < sentOn) {
      throw badRequest(`signedOn: must not be before the day it was sent (${sentOn})`, [
        { field: "signedOn", message: "must not be before the day it was sent" },
      ]);
    }
    const now = ctx.deps.now();
    await updateVersionRow(tx, ctx.organizationId, sowId, head.current_version, {
      status: "signed",
      signedOn,
      updatedAt: now,
    });
    await updateSowRow(tx, ctx.organizationId, sowId, {
      status: step.to,
      signedVersion: head.current_version,
      signedBy: ctx.userId === "system" ? null : ctx.userId,
      signedAt: now,
      signedByName: input.signedByName,
      signedOn,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "signed",
      before: { number: before.displayNumber, status: head.status, version: head.current_version },
      after: {
        number: before.displayNumber,
        status: step.to,
        version: head.current_version,
        signedByName: input.signedByName,
        signedOn,
      },
      category: "finance",
    });
    return readSow(tx, ctx, sowId);
  });
}
