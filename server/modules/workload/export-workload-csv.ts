import { minorToDecimalString } from "@domain/money";
import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import { UNASSIGNED, type WorkloadQuery, type WorkloadTotals } from "./contract";
import { getWorkload } from "./get-workload";

/** One line of the workload CSV: a person (or Unassigned) on one day. */
export interface WorkloadCsvRow {
  person: string;
  personId: string;
  roles: string;
  day: string;
  booked: number;
  tentative: number;
  capacity: number | null;
  timeOff: number | null;
  overdue: boolean;
  /** The row's window totals (financial viewers), on the row's first line only; else null. */
  money: { currency: string; totals: WorkloadTotals } | null;
}

const hours = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 100) / 100);

export const WORKLOAD_CSV_COLUMNS: readonly CsvColumn<WorkloadCsvRow>[] = [
  { header: "Person", value: (r) => r.person },
  { header: "Person ID", value: (r) => r.personId },
  { header: "Roles", value: (r) => r.roles },
  { header: "Date", value: (r) => r.day },
  { header: "Booked Hours", value: (r) => hours(r.booked) },
  { header: "Tentative Hours", value: (r) => hours(r.tentative) },
  { header: "Capacity Hours", value: (r) => hours(r.capacity) },
  { header: "Time Off Hours", value: (r) => hours(r.timeOff) },
  { header: "Overdue", value: (r) => (r.overdue ? "yes" : "") },
];

const amount = (r: WorkloadCsvRow, value: number | null) =>
  r.money && value !== null ? minorToDecimalString(value, r.money.currency) : null;

/**
 * The money of a row over the whole window (canViewFinancials), as GET /api/workload's totals:
 * on the row's first line (its first day) only, empty on the others, so a column sums to the
 * grid's total. Amounts are plain decimals of the currency column's currency; an amount is empty
 * when nothing could be priced, and the unpriced hours say how much was left out.
 */
export const WORKLOAD_CSV_MONEY_COLUMNS: readonly CsvColumn<WorkloadCsvRow>[] = [
  { header: "Currency", value: (r) => r.money?.currency ?? null },
  { header: "Window Cost", value: (r) => amount(r, r.money?.totals.cost ?? null) },
  { header: "Window Revenue", value: (r) => amount(r, r.money?.totals.revenue ?? null) },
  {
    header: "Window Unpriced Cost Hours",
    value: (r) => (r.money ? hours(r.money.totals.unpricedCostMinutes ?? 0) : null),
  },
  {
    header: "Window Unpriced Revenue Hours",
    value: (r) => (r.money ? hours(r.money.totals.unpricedRevenueMinutes ?? 0) : null),
  },
];

/** The columns of the export: the money ones only for a caller with canViewFinancials. */
export function workloadCsvColumns(canViewFinancials: boolean): readonly CsvColumn<WorkloadCsvRow>[] {
  return canViewFinancials ? [...WORKLOAD_CSV_COLUMNS, ...WORKLOAD_CSV_MONEY_COLUMNS] : WORKLOAD_CSV_COLUMNS;
}

/**
 * The grid as filtered, one line per row and day (people in grid order, then Unassigned): the
 * same numbers as GET /api/workload, computed by the same statement, one batch per person.
 */
export async function* exportWorkloadCsv(
  ctx: RequestContext,
  query: WorkloadQuery,
): AsyncGenerator<WorkloadCsvRow[], void, undefined> {
  const grid = await getWorkload(ctx, query);
  const money = (totals: WorkloadTotals, i: number) =>
    grid.canViewFinancials && i === 0 ? { currency: grid.currency, totals } : null;
  for (const p of grid.people) {
    const overdue = new Set(p.overdue);
    yield grid.days.map((day, i) => ({
      person: p.name,
      personId: p.id,
      roles: p.roles.join(", "),
      day,
      booked: p.booked[i] ?? 0,
      tentative: p.tentative[i] ?? 0,
      capacity: p.capacity[i] ?? 0,
      timeOff: p.timeOff[i] ?? 0,
      overdue: overdue.has(i),
      money: money(p.totals, i),
    }));
  }
  if ((!query.person && !query.role) || query.person === UNASSIGNED) {
    const u = grid.unassigned;
    const overdue = new Set(u.overdue);
    yield grid.days.map((day, i) => ({
      person: "Unassigned",
      personId: "",
      roles: "",
      day,
      booked: u.booked[i] ?? 0,
      tentative: u.tentative[i] ?? 0,
      capacity: null,
      timeOff: null,
      overdue: overdue.has(i),
      money: money(u.totals, i),
    }));
  }
}
