import { paymentInvoiced, proposeInvoiceRefusal } from "@domain/sows";
import { formatInvoiceNumber } from "@domain/invoices";
import { transaction } from "../../db/executor";
import { conflict, notFound } from "../../lib/errors";
import { contextInTransaction, type RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { createInvoice } from "../client-invoices/create-invoice";
import type { ProposedSowInvoice, ProposeSowInvoice } from "./contract";
import { readSow } from "./get-sow";
import { linkEntryInvoice, selectEntries, updateSowRow } from "./repo";
import { lockedSow } from "./sow-writes";

/**
 * A draft client invoice for a payment of the signed SOW's schedule: made by the client
 * invoices' own create use case (a progress invoice of the SOW's budget, one line for the
 * entry's amount, for the SOW's client; its number, left-to-bill rule, due date and audit row
 * are that use case's) inside this transaction, then linked to the entry (in place of a voided
 * invoice it had). 404 when the entry is
 * not a payment of the current version; 409 with the reason when the SOW is not signed, has no
 * budget, or the entry is invoiced already (and the invoice module's own 409s). One finance
 * audit row for the SOW besides the invoice's.
 */
export async function proposeSowInvoice(
  ctx: RequestContext,
  sowId: string,
  entryId: string,
  input: ProposeSowInvoice,
): Promise<ProposedSowInvoice> {
  return transaction(ctx.deps.database, async (tx) => {
    const head = await lockedSow(tx, ctx, sowId);
    const entries = await selectEntries(tx, ctx.organizationId, sowId, head.current_version);
    const entry = entries.find((e) => e.id === entryId);
    if (!entry) throw notFound("Payment not found in the current version of this statement of work");
    const refusal = proposeInvoiceRefusal({
      status: head.status,
      hasBudget: head.budget_id !== null,
      invoicedAs:
        paymentInvoiced(entry.invoice_status) && entry.invoice_number !== null
          ? formatInvoiceNumber(entry.invoice_number)
          : null,
    });
    if (refusal) throw conflict(refusal);
    const sowNumber = (await readSow(tx, ctx, sowId)).displayNumber;
    const invoice = await createInvoice(contextInTransaction(ctx, tx), {
      budgetId: head.budget_id!,
      kind: "progress",
      clientId: head.client_id,
      lines: [{ description: `${sowNumber} — ${entry.label}`, amountMinor: Number(entry.amount_minor) }],
      notes: `Statement of work ${sowNumber}, version ${head.current_version}: ${entry.label}`,
      ...(input.issueDate !== undefined ? { issueDate: input.issueDate } : {}),
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
      ...(input.overrideLeftToBill !== undefined ? { overrideLeftToBill: input.overrideLeftToBill } : {}),
    });
    if (!(await linkEntryInvoice(tx, ctx.organizationId, entryId, entry.invoice_id, invoice.id))) {
      throw conflict("This payment was invoiced meanwhile: reload the statement of work.");
    }
    await updateSowRow(tx, ctx.organizationId, sowId, { updatedAt: ctx.deps.now() });
    await recordChange(ctx, tx, {
      object: "sow",
      id: sowId,
      action: "invoice_proposed",
      after: {
        number: sowNumber,
        version: head.current_version,
        entryId,
        label: entry.label,
        amountMinor: Number(entry.amount_minor),
        invoiceId: invoice.id,
        invoiceNumber: invoice.displayNumber,
      },
      category: "finance",
    });
    return {
      sow: await readSow(tx, ctx, sowId),
      invoice: { id: invoice.id, displayNumber: invoice.displayNumber, totalMinor: invoice.totalMinor },
    };
  });
}
