/**
 * Reports benchmark on a synced demo agency (default: large — 300 people, 100k tasks, 1M time
 * entries): p50/p95 of each report's use case (Accrual, Actuals by project, Client, Utilization,
 * User directory, Webhook activity; HTTP and session lookup excluded) for this month and this
 * quarter, beside
 *  (a) the raw-SQL floor — one plain aggregate of the same hours (per project; per person with
 *      capacity from workload_capacity) with no rates, names or app code, over the report lines
 *      (time_entry_days) the reports read, and the same over the raw time entries;
 *  (b) the seed's path — every time entry and task of the workspace read, then summed in JavaScript.
 * Targets (issue 16): under 300 ms for a quarter and within 2× of the floor.
 *
 *   npm run bench:reports                                      # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench:reports       # PostgreSQL (a fresh database)
 *   BENCH_AGENCY=medium BENCH_RUNS=30 npm run bench:reports
 */
import type { Database } from "../server/db/client";
import {
  accrualQuerySchema,
  actualQuerySchema,
  reportFilterSchema,
  webhookActivityQuerySchema,
} from "../server/modules/reports/contract";
import { getAccrual } from "../server/modules/reports/get-accrual";
import { getActual } from "../server/modules/reports/get-actual";
import { getClientReport } from "../server/modules/reports/get-client-report";
import { getUserDirectory } from "../server/modules/reports/get-user-directory";
import { getUtilization } from "../server/modules/reports/get-utilization";
import { getWebhookActivity } from "../server/modules/reports/get-webhook-activity";
import { reportSetup } from "../server/modules/reports/setup";
import { measure, runOnSyncedAgency, type Stat } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";

type FloorSource = "lines" | "entries";

/**
 * The period's time with the column it is grouped by, from the report lines (time_entry_days,
 * what the reports read: the floor they can reach) or from the raw time entries.
 */
function periodTime(source: FloorSource, key: "folder_id" | "user_id"): string {
  return source === "lines"
    ? `select l.${key} as key, sum(l.duration_ms) as ms, sum(l.duration_ms) filter (where l.billable) as billable
         from time_entry_days l
        where l.organization_id = $1 and l.day between $2::date and $3::date
        group by l.${key}`
    : `select ${key === "folder_id" ? "t.folder_id" : "te.user_id"} as key, sum(te.duration_ms) as ms,
              sum(te.duration_ms) filter (where te.billable) as billable
         from time_entries te
         ${key === "folder_id" ? "left join tasks t on t.organization_id = te.organization_id and t.id = te.task_id" : ""}
        where te.organization_id = $1 and not te.deleted
          and te.start_time >= $2::date and te.start_time < $3::date + 1
        group by 1`;
}

/** (a) Hours per project of the period: the Actuals floor (no rates, labels or weeks). */
async function floorActual(database: Database, from: string, to: string, source: FloorSource) {
  const { rows } = await database.raw.query(periodTime(source, "folder_id"), [ORG, from, to]);
  return rows.length;
}

/** (a) Hours and capacity per person of the period: the Utilization floor. */
async function floorUtilization(database: Database, from: string, to: string, source: FloorSource) {
  const { rows } = await database.raw.query(
    `with logged as (${periodTime(source, "user_id")}),
     cap as (select c.clickup_user_id, sum(c.capacity_minutes) as minutes
               from workload_capacity($1, $2::date, $3::date) c group by c.clickup_user_id)
     select cap.clickup_user_id, cap.minutes, logged.ms, logged.billable
       from cap left join logged on logged.key = cap.clickup_user_id`,
    [ORG, from, to],
  );
  return rows.length;
}

/** (b) The seed's path: every entry and every task read, the period summed per project in JavaScript. */
async function seedPath(database: Database, from: string, to: string) {
  const { rows: tasks } = await database.raw.query<{ id: string; folder_id: string | null }>(
    `select id, folder_id from tasks where organization_id = $1`,
    [ORG],
  );
  const folderOf = new Map(tasks.map((t) => [t.id, t.folder_id]));
  const { rows: entries } = await database.raw.query<{
    task_id: string | null;
    start_time: Date | string;
    duration_ms: string | number;
    billable: boolean;
  }>(
    `select task_id, start_time, duration_ms, billable from time_entries where organization_id = $1 and not deleted`,
    [ORG],
  );
  const lo = Date.parse(`${from}T00:00:00Z`);
  const hi = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const sums = new Map<string, number>();
  for (const e of entries) {
    const at = new Date(e.start_time).getTime();
    if (at < lo || at >= hi) continue;
    const folder = (e.task_id && folderOf.get(e.task_id)) ?? "";
    sums.set(folder, (sums.get(folder) ?? 0) + Number(e.duration_ms));
  }
  return sums.size;
}

runOnSyncedAgency(
  ORG,
  { agency: "large", maintenance: "vacuum analyze" },
  async ({ database, agency, runs, admin: ctx }) => {
    const fmt = (n: number) => n.toFixed(1).padStart(10);
    const line = (label: string, s: Stat, note = "") =>
      `${label.padEnd(26)}${fmt(s.p50)}${fmt(s.p95)}${note ? `   ${note}` : ""}`;
    const lines: string[] = [];
    for (const period of ["this-month", "quarter"] as const) {
      const filter = reportFilterSchema.parse({ period });
      const { period: days } = await reportSetup(ctx, filter);
      lines.push(`-- ${period} (${days.from} … ${days.to})`);
      const entriesFloor = await measure(() => floorActual(database, days.from, days.to, "entries"), runs);
      const utilEntriesFloor = await measure(
        () => floorUtilization(database, days.from, days.to, "entries"),
        runs,
      );
      const actualFloor = await measure(() => floorActual(database, days.from, days.to, "lines"), runs);
      const utilFloor = await measure(() => floorUtilization(database, days.from, days.to, "lines"), runs);
      const actual = await measure(() => getActual(ctx, actualQuerySchema.parse({ period })), runs);
      const utilization = await measure(() => getUtilization(ctx, filter), runs);
      const directory = await measure(() => getUserDirectory(ctx, filter), runs);
      const accrual = await measure(() => getAccrual(ctx, accrualQuerySchema.parse({ period })), runs);
      const client = await measure(() => getClientReport(ctx, filter), runs);
      const webhooks = await measure(
        () => getWebhookActivity(ctx, webhookActivityQuerySchema.parse({ period })),
        runs,
      );
      const seed = await measure(
        () => seedPath(database, days.from, days.to),
        Math.max(3, Math.floor(runs / 5)),
      );
      lines.push(
        line(
          "actuals (by project)",
          actual,
          `×${(actual.p95 / actualFloor.p95).toFixed(2)} of its floor's p95`,
        ),
        line(
          "utilization",
          utilization,
          `×${(utilization.p95 / utilFloor.p95).toFixed(2)} of its floor's p95`,
        ),
        line("user directory", directory, "(its period figures: the utilization floor)"),
        line("accrual", accrual, "(every entry to the report date, priced)"),
        line(
          "client",
          client,
          `×${(client.p95 / actualFloor.p95).toFixed(2)} of the hours-per-project floor's p95`,
        ),
        line("webhook activity", webhooks),
        line("floor: hours per project", actualFloor, "(report lines)"),
        line("floor: per person + capacity", utilFloor, "(report lines)"),
        line("  the same from entries", entriesFloor),
        line("  the same from entries", utilEntriesFloor, "(per person + capacity)"),
        line(
          "seed's path (per project)",
          seed,
          `${(seed.p50 / actual.p50).toFixed(0)}× the actuals report's p50`,
        ),
      );
    }
    console.log(`\n${database.kind} · ${agency} agency · ${runs} runs · ms`);
    console.log(`${"report".padEnd(26)}${"p50".padStart(10)}${"p95".padStart(10)}`);
    for (const l of lines) console.log(l);
  },
);
