import { invoiceDueDate } from "@domain/invoices";
import { transaction } from "../../db/executor";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockBudgetForInvoicing } from "./billing-repo";
import { nextDocumentNumber } from "../purchase-orders/repo";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { CreateInvoice, InvoiceDetail } from "./contract";
import { readInvoice } from "./get-invoice";
import {
  CLIENT_INVOICE_KIND,
  computeInvoice,
  lineInserts,
  manualLines,
  requireBillable,
  requireDueAfterIssue,
  resolveClient,
} from "./invoice-writes";
import { insertInvoice, insertInvoiceLines } from "./repo";
import { invoiceAudit } from "./views";

/**
 * A new invoice as a draft: its lines computed from the budget (or typed by hand), for the
 * client named or the project's, in the budget's currency, due after the client's payment terms
 * unless a due date is given. Refused with 409 naming the field when there is nothing to bill or
 * it is above what is left to bill without the override. Its number is the workspace's next
 * (gapless, taken last in this transaction: a refused create takes none). One finance audit row.
 */
export async function createInvoice(ctx: RequestContext, input: CreateInvoice): Promise<InvoiceDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockBudgetForInvoicing(tx, ctx.organizationId, input.budgetId);
    const computed = await computeInvoice(tx, ctx, input);
    const { lines, totalMinor } = input.lines ? manualLines(input.lines) : computed;
    const override = input.overrideLeftToBill === true;
    requireBillable(computed, totalMinor, override);
    const client = await resolveClient(tx, ctx, input.clientId, computed.budget);
    const issueDate = input.issueDate ?? (await workspaceToday(tx, ctx));
    const dueDate = input.dueDate ?? invoiceDueDate(issueDate, client.payment_terms_days);
    requireDueAfterIssue(issueDate, dueDate);
    const id = newId();
    const now = ctx.deps.now();
    const number = await nextDocumentNumber(tx, ctx.organizationId, CLIENT_INVOICE_KIND);
    await insertInvoice(tx, {
      organizationId: ctx.organizationId,
      id,
      number,
      budgetId: computed.budget.id,
      projectId: computed.budget.folder_id,
      clientId: client.id,
      kind: input.kind,
      clientPoNumber: input.clientPoNumber ?? "",
      issueDate,
      dueDate,
      currency: computed.budget.currency,
      status: "draft",
      percentBp: computed.percentBp,
      markupBp: computed.markupBp,
      overLeftToBill: totalMinor > computed.leftMinor,
      notes: input.notes ?? "",
      totalMinor,
      paidMinor: 0,
      createdBy: ctx.userId === "system" ? null : ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertInvoiceLines(tx, lineInserts(ctx, id, lines));
    const invoice = await readInvoice(tx, ctx, id);
    await recordChange(ctx, tx, {
      object: "client_invoice",
      id,
      action: "created",
      after: invoiceAudit(invoice),
      category: "finance",
    });
    return invoice;
  });
}
