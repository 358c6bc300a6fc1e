import { purchaseOrderTransition, type PurchaseOrderAction } from "@domain/purchase-orders";
import { transaction, type Executor } from "../../db/executor";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { notifyPurchaseOrderSubmitted } from "../slack/notify";
import type { PurchaseOrderDetail, PurchaseOrderTransitionInput } from "./contract";
import { readPurchaseOrder } from "./get-purchase-order";
import { lockedPurchaseOrder, requirePoVersion } from "./po-writes";
import { updatePurchaseOrder, type PurchaseOrderHeadRow } from "./repo";

/*
 * Steps of the PO lifecycle (domain/purchase-orders.ts) a person takes: submit, return, close and
 * cancel; approve and send have their own use cases. The PO row is locked first, so of two
 * concurrent steps the second sees the first's result and is refused with the domain's reason
 * (409) when it no longer applies. A cancelled PO keeps its number.
 */

export const ACTION_AUDIT: Record<PurchaseOrderAction, string> = {
  submit: "submitted",
  return: "returned",
  approve: "approved",
  send: "sent",
  bill_partially: "partially_billed",
  bill_fully: "billed",
  close: "closed",
  cancel: "cancelled",
};

/**
 * Lock, check and apply one step in the caller's transaction: 409 with the reason when it is
 * illegal from the PO's status or the version seen is stale; `extra` columns are set with the
 * status. Returns the PO as it was and the new status, after appending the audit row.
 */
export async function applyPurchaseOrderStep(
  tx: Executor,
  ctx: RequestContext,
  purchaseOrderId: string,
  action: PurchaseOrderAction,
  options: {
    baseVersion?: number | undefined;
    extra?: Parameters<typeof updatePurchaseOrder>[3];
    /** Checked after the transition is known to be legal (e.g. the approver's authority). */
    check?: (head: PurchaseOrderHeadRow) => Promise<void> | void;
    /** What the audit row adds to the status change. */
    audit?: Record<string, unknown> | ((head: PurchaseOrderHeadRow) => Record<string, unknown>);
  } = {},
): Promise<{ head: PurchaseOrderHeadRow; to: PurchaseOrderHeadRow["status"] }> {
  const head = await lockedPurchaseOrder(tx, ctx, purchaseOrderId);
  const result = purchaseOrderTransition(head.status, action);
  if (!result.ok) throw conflict(result.reason);
  requirePoVersion(head, options.baseVersion);
  await options.check?.(head);
  await updatePurchaseOrder(tx, ctx.organizationId, purchaseOrderId, {
    status: result.to,
    updatedAt: ctx.deps.now(),
    ...options.extra,
  });
  await recordChange(ctx, tx, {
    object: "purchase_order",
    id: purchaseOrderId,
    action: ACTION_AUDIT[action],
    before: { number: head.number, status: head.status },
    after: {
      number: head.number,
      status: result.to,
      ...(typeof options.audit === "function" ? options.audit(head) : options.audit),
    },
    category: "finance",
  });
  return { head, to: result.to };
}

export async function transitionPurchaseOrder(
  ctx: RequestContext,
  purchaseOrderId: string,
  input: PurchaseOrderTransitionInput,
): Promise<PurchaseOrderDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const now = ctx.deps.now();
    const extra =
      input.action === "submit"
        ? { submittedBy: ctx.userId, submittedAt: now }
        : input.action === "return"
          ? { submittedBy: null, submittedAt: null }
          : input.action === "cancel"
            ? { cancelledBy: ctx.userId, cancelledAt: now, cancelReason: input.reason || null }
            : { closedAt: now };
    await applyPurchaseOrderStep(tx, ctx, purchaseOrderId, input.action, {
      baseVersion: input.baseVersion,
      extra,
      ...(input.action === "cancel" && input.reason ? { audit: { reason: input.reason } } : {}),
    });
    const po = await readPurchaseOrder(tx, ctx, purchaseOrderId);
    if (input.action === "submit") await notifyPurchaseOrderSubmitted(tx, ctx, po); // Slack, same transaction
    return po;
  });
}
