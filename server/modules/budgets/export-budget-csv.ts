import { BUDGET_LINE_CSV_HEADERS, budgetLineCsvCells } from "@domain/budget-csv";
import { formatBasisPoints, minorToDecimalString } from "@domain/money";
import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import type { BudgetDetail, BudgetLineView, BudgetListItem } from "./contract";
import type { BudgetListExportQuery } from "./files-contract";
import { listBudgets } from "./list-budgets";

/*
 * CSV exports of budgets: a revision's top sheet (the 16 lines, contingency, weather day and
 * the total with contingency; Estimate and Actual), its detail (every line, in the columns the
 * import reads back: domain/budget-csv.ts), and the budgets list with the list's filters and
 * sort. Amounts are decimals of the budget's currency formed from the integers ("1234.56").
 */

/** A file name part from a budget's name: "Acme spot — v2" → "acme-spot-v2". */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "budget";
}

/** "acme-spot-rev0" for revision 0 of "Acme spot". */
export function budgetFileBase(detail: BudgetDetail): string {
  return `${fileSlug(detail.name)}-rev${detail.revision.number}`;
}

interface TopSheetCsvRow {
  line: number | null;
  label: string;
  estimate: number;
  actual: number;
}

/** The top sheet's rows: the form's lines, then contingency, weather day and the total with both. */
export function topSheetRows(detail: BudgetDetail): TopSheetCsvRow[] {
  const { estimate, actual } = detail.totals;
  const rows: TopSheetCsvRow[] = estimate.topSheet.map((row, i) => ({
    line: row.number,
    label: row.label,
    estimate: row.amount,
    actual: actual.topSheet[i]?.amount ?? 0,
  }));
  rows.push(
    {
      line: null,
      label: `Contingency (${formatBasisPoints(detail.revision.rates.contingencyBp)})`,
      estimate: estimate.contingency,
      actual: actual.contingency,
    },
    { line: null, label: "Weather day", estimate: estimate.weatherDay, actual: actual.weatherDay },
    {
      line: null,
      label: "Total with contingency",
      estimate: estimate.totalWithContingency,
      actual: actual.totalWithContingency,
    },
  );
  return rows;
}

export function topSheetCsvColumns(currency: string): CsvColumn<TopSheetCsvRow>[] {
  return [
    { header: "Line", value: (r) => r.line },
    { header: "Description", value: (r) => r.label },
    { header: "Estimate", value: (r) => minorToDecimalString(r.estimate, currency) },
    { header: "Actual", value: (r) => minorToDecimalString(r.actual, currency) },
  ];
}

/** The detail's columns: BUDGET_LINE_CSV_HEADERS, the header the import accepts. */
export function detailCsvColumns(currency: string): CsvColumn<BudgetLineView>[] {
  return BUDGET_LINE_CSV_HEADERS.map((header, index) => ({
    header,
    value: (line: BudgetLineView) => budgetLineCsvCells(line, currency)[index],
  }));
}

/** One batch of rows as the async iterable csvResponse reads. */
export async function* oneBatch<T>(rows: readonly T[]): AsyncGenerator<readonly T[], void, undefined> {
  if (rows.length) yield rows;
}

export const STATUS_LABEL = {
  draft: "Draft",
  submitted: "Submitted",
  approved: "Approved",
  superseded: "Superseded",
  closed: "Closed",
} as const;
export const BID_TYPE_LABEL = { firm: "Firm", cost_plus: "Cost plus" } as const;

export const BUDGET_LIST_CSV_COLUMNS: readonly CsvColumn<BudgetListItem>[] = [
  { header: "Budget", value: (b) => b.name },
  { header: "Project", value: (b) => b.projectName },
  { header: "Client", value: (b) => b.clientName },
  { header: "Status", value: (b) => STATUS_LABEL[b.status] },
  { header: "Bid type", value: (b) => BID_TYPE_LABEL[b.bidType] },
  { header: "Form", value: (b) => b.formId },
  { header: "Latest revision", value: (b) => b.latestRevisionNumber },
  { header: "Working revision", value: (b) => b.workingRevisionNumber },
  { header: "Currency", value: (b) => b.currency },
  { header: "Grand total", value: (b) => minorToDecimalString(b.grandTotalMinor, b.currency) },
  { header: "Actual to date", value: (b) => minorToDecimalString(b.actualMinor, b.currency) },
  { header: "Variance", value: (b) => ({ decimal: minorToDecimalString(b.varianceMinor, b.currency) }) },
  { header: "Updated", value: (b) => b.updatedAt },
];

/**
 * The budgets list for the CSV: the list's filters and sort, every row, read page by page
 * through the list's own query (listBudgets) as the download stream asks for them.
 */
export async function* exportBudgetListCsv(
  ctx: RequestContext,
  query: BudgetListExportQuery,
  batchSize = 500,
): AsyncGenerator<BudgetListItem[], void, undefined> {
  for (let page = 1; ; page++) {
    const { items } = await listBudgets(ctx, { ...query, page, pageSize: batchSize });
    if (items.length) yield items;
    if (items.length < batchSize) return;
  }
}
