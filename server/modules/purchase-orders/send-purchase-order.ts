import { formatMoney } from "@domain/money";
import { transaction } from "../../db/executor";
import { badRequest } from "../../lib/errors";
import type { MailMessage } from "../../mail/mailer";
import type { RequestContext } from "../../request-context";
import type { PurchaseOrderDetail, SendPurchaseOrder } from "./contract";
import { purchaseOrderFileName, renderPurchaseOrderPdf } from "./export-purchase-order-pdf";
import { readPurchaseOrder } from "./get-purchase-order";
import { lockedPurchaseOrder } from "./po-writes";
import { selectSender } from "../workspaces/repo";
import { selectVendorRef } from "./repo";
import { applyPurchaseOrderStep } from "./transition-purchase-order";

/** A mail with files attached (nodemailer's attachments; the mailer passes the message through). */
type MailWithAttachments = MailMessage & {
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/**
 * Send an approved PO to its vendor: the PO is marked sent (when, by whom, to whom; one finance
 * audit row), then its PDF is e-mailed through the app's mailer (SMTP, or DATA_DIR/outbox) to
 * `to` or the vendor's e-mail (400 naming `to` when there is neither). The mail goes last in the
 * transaction: when it fails, the PO stays approved. 409 with the reason when it is not approved.
 */
export async function sendPurchaseOrder(
  ctx: RequestContext,
  purchaseOrderId: string,
  input: SendPurchaseOrder,
): Promise<PurchaseOrderDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedPurchaseOrder(tx, ctx, purchaseOrderId);
    const vendor = await selectVendorRef(tx, ctx.organizationId, head.vendor_id);
    const to = input.to ?? vendor?.email ?? "";
    const now = ctx.deps.now();
    await applyPurchaseOrderStep(tx, ctx, purchaseOrderId, "send", {
      baseVersion: input.baseVersion,
      check: () => {
        if (!to) {
          throw badRequest("to: the vendor has no e-mail address: give the address to send it to", [
            { field: "to", message: "is required: the vendor has no e-mail address" },
          ]);
        }
      },
      extra: { sentAt: now, sentBy: ctx.userId, sentTo: to },
      audit: { sentTo: to },
    });
    const po = await readPurchaseOrder(tx, ctx, purchaseOrderId);
    const sender = await selectSender(tx, ctx.organizationId);
    const buyer = sender.name;
    const pdf = await renderPurchaseOrderPdf(po, { sender, generatedAt: now });
    const amount = formatMoney(po.amountMinor, po.currency);
    const greeting = po.vendor.contactName ? `Hello ${po.vendor.contactName},` : "Hello,";
    const note = input.message ? `${input.message}\n\n` : "";
    const message: MailWithAttachments = {
      to,
      subject: `Purchase order ${po.displayNumber} from ${buyer}`,
      text:
        `${greeting}\n\n${note}Please find attached purchase order ${po.displayNumber} of ${po.orderDate} ` +
        `for ${amount}${po.projectName ? ` (${po.projectName})` : ""}.\n\n` +
        `Please quote ${po.displayNumber} on your invoice.\n\n${buyer}`,
      attachments: [
        { filename: purchaseOrderFileName(po), content: Buffer.from(pdf), contentType: "application/pdf" },
      ],
    };
    await ctx.deps.mailer.send(message);
    return po;
  });
}
