import { minorToDecimalString } from "@domain/money";
import type { CsvColumn, CsvValue } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import type { ActualQuery, ActualRow, ReportFilter, UserDirectoryRow, UtilizationRow } from "./contract";
import { getActual } from "./get-actual";
import { getClientReport } from "./get-client-report";
import type { ClientReportRow } from "./contract";
import { getUserDirectory } from "./get-user-directory";
import { getUtilization } from "./get-utilization";

/*
 * The CSV of a report: exactly the table the page shows for the same filters (its rows, then the
 * totals line), hours as decimals, money as exact decimals of the currency, unpriced money empty
 * with the unpriced hours in their own column, percentages as decimals.
 */

const hours = (ms: number): CsvValue => ({ decimal: (ms / 3_600_000).toFixed(2) });
const percent = (bp: number | null): CsvValue => (bp === null ? null : { decimal: (bp / 100).toFixed(2) });

export interface ActualCsvRow extends ActualRow {
  currency: string;
}

const GROUP_HEADER = { project: "Project", person: "Person", client: "Client" } as const;

export function actualCsvColumns(groupBy: ActualQuery["groupBy"]): CsvColumn<ActualCsvRow>[] {
  const money = (v: number | null, r: ActualCsvRow): CsvValue =>
    v === null ? null : { decimal: minorToDecimalString(v, r.currency) };
  return [
    { header: GROUP_HEADER[groupBy], value: (r) => r.label },
    { header: "Hours", value: (r) => hours(r.ms) },
    { header: "Billable Hours", value: (r) => hours(r.billableMs) },
    { header: "Non-billable Hours", value: (r) => hours(r.nonBillableMs) },
    { header: "Cost", value: (r) => money(r.cost, r) },
    { header: "Unpriced Cost Hours", value: (r) => hours(r.unpricedCostMs) },
    { header: "Revenue", value: (r) => money(r.revenue, r) },
    { header: "Unpriced Revenue Hours", value: (r) => hours(r.unpricedRevenueMs) },
    { header: "Currency", value: (r) => r.currency },
    { header: "Entries", value: (r) => r.entries },
  ];
}

export async function* exportActualCsv(
  ctx: RequestContext,
  query: ActualQuery,
): AsyncGenerator<ActualCsvRow[], void, undefined> {
  const report = await getActual(ctx, query);
  yield [
    ...report.rows.map((r) => ({ ...r, currency: report.currency })),
    { key: "", label: "Total", ...report.totals, currency: report.currency },
  ];
}

export const UTILIZATION_CSV_COLUMNS: readonly CsvColumn<UtilizationRow>[] = [
  { header: "Person", value: (r) => r.name },
  { header: "Roles", value: (r) => r.roles.join(", ") },
  { header: "Capacity Hours", value: (r) => ({ decimal: (r.capacityMinutes / 60).toFixed(2) }) },
  { header: "Time Off Hours", value: (r) => ({ decimal: (r.timeOffMinutes / 60).toFixed(2) }) },
  { header: "Logged Hours", value: (r) => hours(r.loggedMs) },
  { header: "Billable Hours", value: (r) => hours(r.billableMs) },
  { header: "Logged %", value: (r) => percent(r.loggedBp) },
  { header: "Utilization %", value: (r) => percent(r.utilizationBp) },
  { header: "Target %", value: (r) => percent(r.targetBp) },
];

export async function* exportUtilizationCsv(
  ctx: RequestContext,
  query: ReportFilter,
): AsyncGenerator<UtilizationRow[], void, undefined> {
  const report = await getUtilization(ctx, query);
  yield [...report.rows, { personId: "", name: "Team", roles: [], targetBp: null, ...report.totals }];
}

export interface UserDirectoryCsvRow extends UserDirectoryRow {
  currency: string;
}

const rate = (v: number | null, currency: string): CsvValue =>
  v === null ? "Unpriced" : { decimal: minorToDecimalString(v, currency) };

export const USER_DIRECTORY_CSV_COLUMNS: readonly CsvColumn<UserDirectoryCsvRow>[] = [
  { header: "Person", value: (r) => r.name },
  { header: "E-mail", value: (r) => r.email },
  { header: "ClickUp Role", value: (r) => r.clickupRole },
  { header: "Member", value: (r) => r.member?.name ?? null },
  { header: "Member Role", value: (r) => r.member?.role ?? null },
  { header: "Role Tags", value: (r) => r.roles.join(", ") },
  { header: "Internal Rate", value: (r) => rate(r.internalRate, r.currency) },
  { header: "Client Rate", value: (r) => rate(r.clientRate, r.currency) },
  { header: "Currency", value: (r) => r.currency },
  { header: "Hours per Day", value: (r) => ({ decimal: (r.minutesPerDay / 60).toFixed(2) }) },
  { header: "Capacity Hours", value: (r) => ({ decimal: (r.capacityMinutes / 60).toFixed(2) }) },
  { header: "Target %", value: (r) => percent(r.targetBp) },
  { header: "Logged Hours", value: (r) => hours(r.loggedMs) },
  { header: "Last Logged", value: (r) => r.lastLoggedAt },
];

export async function* exportUserDirectoryCsv(
  ctx: RequestContext,
  query: ReportFilter,
): AsyncGenerator<UserDirectoryCsvRow[], void, undefined> {
  const report = await getUserDirectory(ctx, query);
  yield report.rows.map((r) => ({ ...r, currency: report.currency }));
}

// Client report (issue 16 point 4): one line per client and currency, then a Total line per currency.
export interface ClientReportCsvRow extends Omit<ClientReportRow, "projects"> {
  projects: number;
}

const clientMoney = (v: number | null, r: ClientReportCsvRow): CsvValue =>
  v === null ? null : { decimal: minorToDecimalString(v, r.currency) };

export const CLIENT_REPORT_CSV_COLUMNS: readonly CsvColumn<ClientReportCsvRow>[] = [
  { header: "Client", value: (r) => r.client },
  { header: "Currency", value: (r) => r.currency },
  { header: "Projects", value: (r) => r.projects },
  { header: "Approved Budgets", value: (r) => clientMoney(r.approvedBudget, r) },
  { header: "Invoiced", value: (r) => clientMoney(r.invoiced, r) },
  { header: "Paid", value: (r) => clientMoney(r.paid, r) },
  { header: "Outstanding", value: (r) => clientMoney(r.outstanding, r) },
  { header: "Current", value: (r) => clientMoney(r.ageing?.current ?? null, r) },
  { header: "1-30 Days", value: (r) => clientMoney(r.ageing?.days1to30 ?? null, r) },
  { header: "31-60 Days", value: (r) => clientMoney(r.ageing?.days31to60 ?? null, r) },
  { header: "61-90 Days", value: (r) => clientMoney(r.ageing?.days61to90 ?? null, r) },
  { header: "Over 90 Days", value: (r) => clientMoney(r.ageing?.over90 ?? null, r) },
  { header: "Hours", value: (r) => hours(r.ms) },
  { header: "Revenue", value: (r) => clientMoney(r.revenue, r) },
  { header: "Unpriced Revenue Hours", value: (r) => hours(r.unpricedRevenueMs) },
  { header: "Cost", value: (r) => clientMoney(r.cost, r) },
  { header: "Unpriced Cost Hours", value: (r) => hours(r.unpricedCostMs) },
  { header: "Margin %", value: (r) => percent(r.marginBp) },
];

export async function* exportClientReportCsv(
  ctx: RequestContext,
  query: ReportFilter,
): AsyncGenerator<ClientReportCsvRow[], void, undefined> {
  const report = await getClientReport(ctx, query);
  yield [
    ...report.rows.map((r) => ({ ...r, projects: r.projects.length })),
    ...report.totals.map(({ clients: _clients, ...t }) => ({ ...t, client: "Total", clientId: null })),
  ];
}
