import { minorToDecimalString } from "@domain/money";
import { AGEING_BUCKET_LABEL, VENDOR_BILL_STATUS_LABEL } from "@domain/vendor-bills";
import type { CsvColumn } from "../../lib/csv";
import { listBatches } from "../../lib/list-query";
import type { RequestContext } from "../../request-context";
import { workspaceToday } from "../purchase-orders/po-writes";
import type { VendorBillExportQuery, VendorBillListItem } from "./contract";
import { vendorBillExportQuery, type VendorBillListRow } from "./repo";
import { listItemView } from "./views";

/*
 * The bill list as CSV: exactly what the list's filters and sort show, every row, read in
 * batches of the list's own query. Amounts are exact decimals of the bill's currency.
 */

const decimal = (amount: number, currency: string) => ({ decimal: minorToDecimalString(amount, currency) });

export const VENDOR_BILL_CSV_COLUMNS: readonly CsvColumn<VendorBillListItem>[] = [
  { header: "Number", value: (b) => b.displayNumber },
  { header: "Vendor", value: (b) => b.vendorName },
  { header: "Invoice number", value: (b) => b.invoiceNumber },
  { header: "Status", value: (b) => VENDOR_BILL_STATUS_LABEL[b.status] },
  { header: "Bill date", value: (b) => b.billDate },
  { header: "Due date", value: (b) => b.dueDate },
  { header: "Days past due", value: (b) => b.daysPastDue },
  { header: "Ageing", value: (b) => (b.ageingBucket ? AGEING_BUCKET_LABEL[b.ageingBucket] : null) },
  { header: "Purchase order", value: (b) => b.purchaseOrderNumber },
  { header: "Without PO", value: (b) => (b.withoutPo ? "yes" : "no") },
  { header: "Project", value: (b) => b.projectName },
  { header: "Budget", value: (b) => b.budgetName },
  { header: "Currency", value: (b) => b.currency },
  { header: "Amount", value: (b) => decimal(b.amountMinor, b.currency) },
  { header: "Payment date", value: (b) => b.paymentDate },
];

export async function* exportVendorBillsCsv(
  ctx: RequestContext,
  query: VendorBillExportQuery,
  batchSize = 1000,
): AsyncGenerator<VendorBillListItem[], void, undefined> {
  const asOf = query.asOf ?? (await workspaceToday(ctx.db, ctx));
  const batches = listBatches<VendorBillListRow, VendorBillExportQuery["sort"]>(
    ctx.db,
    vendorBillExportQuery(ctx.organizationId, query),
    batchSize,
  );
  for await (const batch of batches) yield batch.map((row) => listItemView(row, asOf));
}
