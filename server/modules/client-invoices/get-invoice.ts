import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { InvoiceDetail } from "./contract";
import { selectInvoiceDetail, selectInvoiceLines, selectPayments } from "./repo";
import { detailView } from "./views";

/** An invoice with its client, lines and payments, read through `executor` (404 when not the workspace's). */
export async function readInvoice(
  executor: Executor,
  ctx: RequestContext,
  invoiceId: string,
): Promise<InvoiceDetail> {
  const row = await selectInvoiceDetail(executor, ctx.organizationId, invoiceId);
  if (!row) throw notFound("Invoice not found");
  const [lines, payments, today] = [
    await selectInvoiceLines(executor, ctx.organizationId, invoiceId),
    await selectPayments(executor, ctx.organizationId, invoiceId),
    await workspaceToday(executor, ctx),
  ];
  return detailView(row, lines, payments, today);
}

/** GET /api/client-invoices/:id */
export async function getInvoice(ctx: RequestContext, invoiceId: string): Promise<InvoiceDetail> {
  return readInvoice(ctx.db, ctx, invoiceId);
}
