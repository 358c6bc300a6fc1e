import { INVOICE_KIND_LABEL, INVOICE_STATUS_LABEL } from "@domain/invoices";
import { minorToDecimalString } from "@domain/money";
import type { CsvColumn } from "../../lib/csv";
import { listBatches } from "../../lib/list-query";
import type { RequestContext } from "../../request-context";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { InvoiceExportQuery, InvoiceListItem } from "./contract";
import { invoiceExportQuery, type InvoiceListRow } from "./repo";
import { listItemView } from "./views";

/*
 * The invoice list as CSV: exactly what the list's filters and sort show, every row, read in
 * batches of the list's own query. Amounts are exact decimals of the invoice's currency.
 */

const decimal = (amount: number, currency: string) => ({ decimal: minorToDecimalString(amount, currency) });

export const INVOICE_CSV_COLUMNS: readonly CsvColumn<InvoiceListItem>[] = [
  { header: "Number", value: (i) => i.displayNumber },
  { header: "Issue date", value: (i) => i.issueDate },
  { header: "Due date", value: (i) => i.dueDate },
  { header: "Kind", value: (i) => INVOICE_KIND_LABEL[i.kind] },
  { header: "Status", value: (i) => INVOICE_STATUS_LABEL[i.status] },
  { header: "Overdue days", value: (i) => (i.overdue ? i.daysOverdue : "") },
  { header: "Client", value: (i) => i.clientName },
  { header: "Client PO", value: (i) => i.clientPoNumber },
  { header: "Project", value: (i) => i.projectName },
  { header: "Budget", value: (i) => i.budgetName },
  { header: "Currency", value: (i) => i.currency },
  { header: "Total", value: (i) => decimal(i.totalMinor, i.currency) },
  { header: "Paid", value: (i) => decimal(i.paidMinor, i.currency) },
  { header: "Outstanding", value: (i) => decimal(i.outstandingMinor, i.currency) },
  { header: "Sent", value: (i) => i.sentAt },
];

export async function* exportInvoicesCsv(
  ctx: RequestContext,
  query: InvoiceExportQuery,
  batchSize = 1000,
): AsyncGenerator<InvoiceListItem[], void, undefined> {
  const today = await workspaceToday(ctx.db, ctx);
  const batches = listBatches<InvoiceListRow, InvoiceExportQuery["sort"]>(
    ctx.db,
    invoiceExportQuery(ctx.organizationId, query, today),
    batchSize,
  );
  for await (const batch of batches) yield batch.map((row) => listItemView(row, today));
}
