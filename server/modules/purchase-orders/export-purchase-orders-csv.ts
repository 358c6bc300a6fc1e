import { minorToDecimalString } from "@domain/money";
import { PURCHASE_ORDER_STATUS_LABEL } from "@domain/purchase-orders";
import type { CsvColumn } from "../../lib/csv";
import { listBatches } from "../../lib/list-query";
import type { RequestContext } from "../../request-context";
import type { PurchaseOrderExportQuery, PurchaseOrderListItem } from "./contract";
import { purchaseOrderExportQuery, type PurchaseOrderListRow } from "./repo";
import { listItemView } from "./views";

/*
 * The PO list as CSV: exactly what the list's filters and sort show, every row, read in batches
 * of the list's own query as the download stream asks for them. Amounts are exact decimals of
 * the PO's currency formed from the integers ("1234.56"), written as numbers.
 */

const decimal = (amount: number, currency: string) => ({ decimal: minorToDecimalString(amount, currency) });

export const PURCHASE_ORDER_CSV_COLUMNS: readonly CsvColumn<PurchaseOrderListItem>[] = [
  { header: "Number", value: (p) => p.displayNumber },
  { header: "Order date", value: (p) => p.orderDate },
  { header: "Status", value: (p) => PURCHASE_ORDER_STATUS_LABEL[p.status] },
  { header: "Vendor", value: (p) => p.vendorName },
  { header: "Project", value: (p) => p.projectName },
  { header: "Budget", value: (p) => p.budgetName },
  { header: "Revision", value: (p) => p.revisionNumber },
  { header: "Description", value: (p) => p.description },
  { header: "Currency", value: (p) => p.currency },
  { header: "Amount", value: (p) => decimal(p.amountMinor, p.currency) },
  { header: "Billed", value: (p) => decimal(p.billedMinor, p.currency) },
  { header: "Committed", value: (p) => decimal(p.committedMinor, p.currency) },
  { header: "Approved", value: (p) => p.approvedAt },
  { header: "Sent", value: (p) => p.sentAt },
];

export async function* exportPurchaseOrdersCsv(
  ctx: RequestContext,
  query: PurchaseOrderExportQuery,
  batchSize = 1000,
): AsyncGenerator<PurchaseOrderListItem[], void, undefined> {
  const batches = listBatches<PurchaseOrderListRow, PurchaseOrderExportQuery["sort"]>(
    ctx.db,
    purchaseOrderExportQuery(ctx.organizationId, query),
    batchSize,
  );
  for await (const batch of batches) yield batch.map(listItemView);
}
