import { voidRefusal } from "@domain/invoices";
import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { InvoiceDetail, VoidInvoice } from "./contract";
import { readInvoice } from "./get-invoice";
import { lockedInvoice, requireInvoiceVersion } from "./invoice-writes";
import { updateInvoiceRow } from "./repo";

/**
 * Void a draft or sent invoice with no payment recorded: it keeps its number (never reused), its
 * lines and total stay as they were, and it no longer counts as invoiced on the job. 409 with the
 * reason otherwise (paid, partly paid, already void) or when the version seen is stale. One
 * finance audit row with the reason.
 */
export async function voidInvoice(
  ctx: RequestContext,
  invoiceId: string,
  input: VoidInvoice,
): Promise<InvoiceDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedInvoice(tx, ctx, invoiceId);
    const refusal = voidRefusal(head.status, Number(head.paid_minor));
    if (refusal) throw conflict(refusal);
    requireInvoiceVersion(head, input.baseVersion);
    const now = ctx.deps.now();
    await updateInvoiceRow(tx, ctx.organizationId, invoiceId, {
      status: "void",
      voidedAt: now,
      voidedBy: ctx.userId === "system" ? null : ctx.userId,
      voidReason: input.reason,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "client_invoice",
      id: invoiceId,
      action: "voided",
      before: { number: head.number, status: head.status },
      after: { number: head.number, status: "void", reason: input.reason },
      category: "finance",
    });
    return readInvoice(tx, ctx, invoiceId);
  });
}
