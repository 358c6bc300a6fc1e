import { SOW_STATUS_LABEL } from "@domain/sows";
import { minorToDecimalString } from "@domain/money";
import type { CsvColumn } from "../../lib/csv";
import { listBatches } from "../../lib/list-query";
import type { RequestContext } from "../../request-context";
import type { SowExportQuery, SowListItem } from "./contract";
import { sowExportQuery, type SowListRow } from "./repo";
import { listItemView } from "./views";

/*
 * The SOW list as CSV: exactly what the list's filters and sort show, every row, read in batches
 * of the list's own query. The fee is an exact decimal of the SOW's currency.
 */

export const SOW_CSV_COLUMNS: readonly CsvColumn<SowListItem>[] = [
  { header: "Number", value: (s) => s.displayNumber },
  { header: "Date", value: (s) => s.date },
  { header: "Title", value: (s) => s.title },
  { header: "Status", value: (s) => SOW_STATUS_LABEL[s.status] },
  { header: "Version", value: (s) => s.version },
  { header: "Signed version", value: (s) => s.signedVersion ?? "" },
  { header: "Client", value: (s) => s.clientName },
  { header: "Project", value: (s) => s.projectName },
  { header: "Budget", value: (s) => s.budgetName },
  { header: "Currency", value: (s) => s.currency },
  { header: "Fee", value: (s) => ({ decimal: minorToDecimalString(s.feeMinor, s.currency) }) },
  { header: "Sent", value: (s) => s.sentAt },
  { header: "Signed on", value: (s) => s.signedOn },
];

export async function* exportSowsCsv(
  ctx: RequestContext,
  query: SowExportQuery,
  batchSize = 1000,
): AsyncGenerator<SowListItem[], void, undefined> {
  const batches = listBatches<SowListRow, SowExportQuery["sort"]>(
    ctx.db,
    sowExportQuery(ctx.organizationId, query),
    batchSize,
  );
  for await (const batch of batches) yield batch.map(listItemView);
}
