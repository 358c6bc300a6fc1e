import { applyPayment } from "@domain/invoices";
import { transaction } from "../../db/executor";
import { badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { InvoiceDetail, RecordPayment } from "./contract";
import { readInvoice } from "./get-invoice";
import { lockedInvoice } from "./invoice-writes";
import { insertPayment, updateInvoiceRow } from "./repo";

/**
 * A payment received on a sent invoice (domain/invoices.ts applyPayment): partial payments keep
 * it sent; the one that reaches the total makes it paid. The invoice row is locked first, so two
 * payments at once are added one after the other. 409 with the reason on a draft, paid or void
 * invoice; 400 naming amountMinor above what is outstanding. One finance audit row.
 */
export async function recordPayment(
  ctx: RequestContext,
  invoiceId: string,
  input: RecordPayment,
): Promise<InvoiceDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedInvoice(tx, ctx, invoiceId);
    const total = Number(head.total_minor);
    const paidBefore = Number(head.paid_minor);
    const result = applyPayment(head.status, total, paidBefore, input.amountMinor, head.currency);
    if (!result.ok) {
      if (result.kind === "conflict") throw conflict(result.reason);
      throw badRequest(`amountMinor: ${result.reason}`, [{ field: "amountMinor", message: result.reason }]);
    }
    const paidOn = input.paidOn ?? (await workspaceToday(tx, ctx));
    const now = ctx.deps.now();
    const paymentId = newId();
    await insertPayment(tx, {
      organizationId: ctx.organizationId,
      id: paymentId,
      invoiceId,
      amountMinor: input.amountMinor,
      paidOn,
      reference: input.reference ?? "",
      recordedBy: ctx.userId === "system" ? null : ctx.userId,
      recordedAt: now,
    });
    await updateInvoiceRow(tx, ctx.organizationId, invoiceId, {
      status: result.to,
      paidMinor: result.paidMinor,
      ...(result.to === "paid" ? { paidAt: now } : {}),
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "client_invoice",
      id: invoiceId,
      action: result.to === "paid" ? "paid" : "payment_recorded",
      before: { number: head.number, status: head.status, paidMinor: paidBefore },
      after: {
        number: head.number,
        status: result.to,
        paidMinor: result.paidMinor,
        payment: { id: paymentId, amountMinor: input.amountMinor, paidOn, reference: input.reference ?? "" },
      },
      category: "finance",
    });
    return readInvoice(tx, ctx, invoiceId);
  });
}
