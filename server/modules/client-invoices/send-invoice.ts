import { invoiceTransition } from "@domain/invoices";
import { formatMoney } from "@domain/money";
import { transaction } from "../../db/executor";
import { badRequest, conflict } from "../../lib/errors";
import type { MailMessage } from "../../mail/mailer";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { selectSender } from "../workspaces/repo";
import { selectClient } from "./clients-repo";
import type { InvoiceDetail, SendInvoice } from "./contract";
import { invoiceFileName, renderInvoicePdf } from "./export-invoice-pdf";
import { readInvoice } from "./get-invoice";
import { lockedInvoice, requireInvoiceVersion } from "./invoice-writes";
import { updateInvoiceRow } from "./repo";

/** A mail with files attached (nodemailer's attachments; the mailer passes the message through). */
type MailWithAttachments = MailMessage & {
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/**
 * Send a draft invoice to its client: it is marked sent (when, by whom, to whom; one finance
 * audit row), then its PDF is e-mailed through the app's mailer to `to` or the client's e-mail
 * (400 naming `to` when there is neither). The mail goes last in the transaction: when it fails,
 * the invoice stays a draft. 409 with the reason when it is not a draft.
 */
export async function sendInvoice(
  ctx: RequestContext,
  invoiceId: string,
  input: SendInvoice,
): Promise<InvoiceDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedInvoice(tx, ctx, invoiceId);
    const step = invoiceTransition(head.status, "send");
    if (!step.ok) throw conflict(step.reason);
    requireInvoiceVersion(head, input.baseVersion);
    const client = await selectClient(tx, ctx.organizationId, head.client_id);
    const to = input.to ?? client?.email ?? "";
    if (!to) {
      throw badRequest("to: the client has no e-mail address: give the address to send it to", [
        { field: "to", message: "is required: the client has no e-mail address" },
      ]);
    }
    const now = ctx.deps.now();
    await updateInvoiceRow(tx, ctx.organizationId, invoiceId, {
      status: step.to,
      sentAt: now,
      sentBy: ctx.userId === "system" ? null : ctx.userId,
      sentTo: to,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "client_invoice",
      id: invoiceId,
      action: "sent",
      before: { number: head.number, status: head.status },
      after: { number: head.number, status: step.to, sentTo: to },
      category: "finance",
    });
    const invoice = await readInvoice(tx, ctx, invoiceId);
    const sender = await selectSender(tx, ctx.organizationId);
    const seller = sender.name;
    const pdf = await renderInvoicePdf(invoice, { sender, generatedAt: now });
    const greeting = invoice.client.contactName ? `Hello ${invoice.client.contactName},` : "Hello,";
    const note = input.message ? `${input.message}\n\n` : "";
    const po = invoice.clientPoNumber ? ` (your PO ${invoice.clientPoNumber})` : "";
    const message: MailWithAttachments = {
      to,
      subject: `Invoice ${invoice.displayNumber} from ${seller}`,
      text:
        `${greeting}\n\n${note}Please find attached invoice ${invoice.displayNumber}${po} of ${invoice.issueDate} ` +
        `for ${formatMoney(invoice.totalMinor, invoice.currency)}, due ${invoice.dueDate}.\n\n${seller}`,
      attachments: [
        { filename: invoiceFileName(invoice), content: Buffer.from(pdf), contentType: "application/pdf" },
      ],
    };
    await ctx.deps.mailer.send(message);
    return invoice;
  });
}
