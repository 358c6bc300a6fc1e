import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import { UNASSIGNED, type WorkloadQuery } from "./contract";
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

/**
 * The grid as filtered, one line per row and day (people in grid order, then Unassigned): the
 * same numbers as GET /api/workload, computed by the same statement, one batch per person.
 */
export async function* exportWorkloadCsv(
  ctx: RequestContext,
  query: WorkloadQuery,
): AsyncGenerator<WorkloadCsvRow[], void, undefined> {
  const grid = await getWorkload(ctx, query);
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
    }));
  }
}
