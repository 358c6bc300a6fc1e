import { invoiceDueDate, invoiceEditRefusal } from "@domain/invoices";
import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockBudgetForInvoicing } from "./billing-repo";
import { selectClient } from "./clients-repo";
import type { InvoiceDetail, UpdateInvoice } from "./contract";
import { readInvoice } from "./get-invoice";
import {
  billingOf,
  lineInserts,
  lockedInvoice,
  manualLines,
  requireBillable,
  requireDueAfterIssue,
  requireInvoiceVersion,
  resolveClient,
} from "./invoice-writes";
import { deleteInvoiceLines, insertInvoiceLines, updateInvoiceRow } from "./repo";
import { invoiceAudit } from "./views";

/**
 * Change a draft invoice: client, client PO number, dates, notes, or every line at once (typed by
 * hand; the new total is checked against what is left to bill on the job, the invoice itself
 * left out, with the override). A new issue date without a due date moves the due date by the
 * client's payment terms. 409 with the reason when it is no longer a draft or the version seen
 * is stale. One finance audit row with before and after.
 */
export async function updateInvoice(
  ctx: RequestContext,
  invoiceId: string,
  input: UpdateInvoice,
): Promise<InvoiceDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedInvoice(tx, ctx, invoiceId);
    const refusal = invoiceEditRefusal(head.status);
    if (refusal) throw conflict(refusal);
    requireInvoiceVersion(head, input.baseVersion);
    const before = await readInvoice(tx, ctx, invoiceId);
    await lockBudgetForInvoicing(tx, ctx.organizationId, head.budget_id);
    const billing = await billingOf(tx, ctx, head);
    const client =
      input.clientId !== undefined && input.clientId !== head.client_id
        ? await resolveClient(tx, ctx, input.clientId, billing.budget)
        : (await selectClient(tx, ctx.organizationId, head.client_id))!;
    let totalMinor: number | undefined;
    if (input.lines) {
      const manual = manualLines(input.lines);
      requireBillable(billing, manual.totalMinor, input.overrideLeftToBill === true);
      await deleteInvoiceLines(tx, ctx.organizationId, invoiceId);
      await insertInvoiceLines(tx, lineInserts(ctx, invoiceId, manual.lines));
      totalMinor = manual.totalMinor;
    }
    const issueDate = input.issueDate ?? head.issue_date;
    const dueDate =
      input.dueDate ??
      (input.issueDate !== undefined || input.clientId !== undefined
        ? invoiceDueDate(issueDate, client.payment_terms_days)
        : head.due_date);
    requireDueAfterIssue(issueDate, dueDate);
    await updateInvoiceRow(tx, ctx.organizationId, invoiceId, {
      clientId: client.id,
      issueDate,
      dueDate,
      ...(input.clientPoNumber !== undefined ? { clientPoNumber: input.clientPoNumber } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(totalMinor !== undefined ? { totalMinor, overLeftToBill: totalMinor > billing.leftMinor } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = await readInvoice(tx, ctx, invoiceId);
    await recordChange(ctx, tx, {
      object: "client_invoice",
      id: invoiceId,
      action: "updated",
      before: invoiceAudit(before),
      after: invoiceAudit(after),
      category: "finance",
    });
    return after;
  });
}
