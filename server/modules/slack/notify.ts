import { formatMoney } from "@domain/money";
import type { Executor } from "../../db/executor";
import { enqueueSlackDelivery } from "../../jobs/slack-notifications";
import type { RequestContext } from "../../request-context";
import type { PurchaseOrderDetail } from "../purchase-orders/contract";
import type { SlackNotificationKind } from "./contract";
import { getSlackConnection, insertNotification } from "./repo";

/** Slack's mrkdwn escapes only these three (slack-api.md §8). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

/**
 * Record one event's notification and queue its delivery, in the caller's transaction: nothing is
 * posted if that transaction rolls back, and an event key already recorded is not recorded again.
 * Nothing is recorded when Slack is not connected, has no channel, or this kind is switched off.
 */
export async function queueSlackNotification(
  tx: Executor,
  ctx: RequestContext,
  n: { kind: SlackNotificationKind; eventKey: string; message: SlackMessage },
): Promise<boolean> {
  const conn = await getSlackConnection(tx, ctx.organizationId);
  if (!conn || conn.status !== "active" || !conn.channel_id || conn.disabled_kinds.includes(n.kind))
    return false;
  const eventKey = `${n.kind}:${n.eventKey}`;
  const fresh = await insertNotification(tx, {
    organizationId: ctx.organizationId,
    eventKey,
    kind: n.kind,
    channelId: conn.channel_id,
    text: n.message.text,
    blocks: n.message.blocks,
    now: ctx.deps.now(),
  });
  if (fresh) await enqueueSlackDelivery(tx, ctx.deps, { organizationId: ctx.organizationId, eventKey });
  return fresh;
}

/** "PO waiting for your approval": the text (also the notification and screen-reader fallback) and its blocks. */
export function poApprovalMessage(po: PurchaseOrderDetail, publicUrl: string): SlackMessage {
  const url = `${publicUrl}/finance/purchase-orders/${encodeURIComponent(po.id)}`;
  const amount = formatMoney(po.amountMinor, po.currency);
  const by = po.submittedBy?.name ?? "someone";
  const text = `${po.displayNumber} to ${po.vendorName} for ${amount} is waiting for your approval (submitted by ${by}).`;
  return {
    text,
    blocks: [
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*<${url}|${slackEscape(po.displayNumber)}>* to ${slackEscape(po.vendorName)} for *${slackEscape(amount)}* is waiting for your approval`,
        },
        accessory: {
          type: "button",
          action_id: "open_purchase_order",
          text: { type: "plain_text", text: "Review PO" },
          url,
        },
      },
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text: slackEscape(
              `Submitted by ${by} · ${po.budgetName}${po.projectName ? ` · ${po.projectName}` : ""}`,
            ),
          },
        ],
      },
    ],
  };
}

/** A PO was submitted for approval (transitionPurchaseOrder): one notification per submission. */
export function notifyPurchaseOrderSubmitted(tx: Executor, ctx: RequestContext, po: PurchaseOrderDetail) {
  return queueSlackNotification(tx, ctx, {
    kind: "po_approval",
    eventKey: `${po.id}:v${po.version}`,
    message: poApprovalMessage(po, ctx.deps.config.publicUrl),
  });
}
