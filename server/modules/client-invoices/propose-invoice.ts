import type { RequestContext } from "../../request-context";
import type { InvoiceProposal, ProposeInvoice } from "./contract";
import { computeInvoice, proposalView } from "./invoice-writes";

/**
 * What a deposit, progress or final invoice of a budget would bill now (domain/invoices.ts),
 * with what is billable, invoiced and left to bill, and why creating it as it stands would be
 * refused; nothing is saved.
 */
export async function proposeInvoice(ctx: RequestContext, input: ProposeInvoice): Promise<InvoiceProposal> {
  return proposalView(await computeInvoice(ctx.db, ctx, input));
}
