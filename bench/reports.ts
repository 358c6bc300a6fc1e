/**
 * Reports benchmark on a synced demo agency (default: large — 300 people, 100k tasks, 1M time
 * entries): p50/p95 of each report's use case (Accrual, Actuals by project, Client, Utilization,
 * User directory, Webhook activity; HTTP and session lookup excluded) for this month and this
 * quarter, each beside
 *  (a) its raw-SQL floor (bench/report-floors.ts): the plainest hand-written SQL that returns the
 *      same figures from the same tables, checked against the report's own figures every run;
 *  (b) hours per project alone, from the report lines and from the raw time entries;
 *  (c) the seed's path — every time entry and task of the workspace read, then summed in JavaScript.
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
import {
  floorAccrual,
  floorActual,
  floorClient,
  floorUserDirectory,
  floorUtilization,
  ORG,
  type FloorCheck,
} from "./report-floors";
import { measure, runOnSyncedAgency, type Stat } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

type Source = "lines" | "entries";

/**
 * Hours per project of the period and nothing else (no money, weeks, labels): from the report
 * lines (time_entry_days), and from the raw time entries — what the rollup saves.
 */
async function hoursPerProject(database: Database, from: string, to: string, source: Source) {
  const { rows } = await database.raw.query(
    source === "lines"
      ? `select l.folder_id as key, sum(l.duration_ms) as ms, sum(l.duration_ms) filter (where l.billable) as billable
           from time_entry_days l
          where l.organization_id = $1 and l.day between $2::date and $3::date
          group by l.folder_id`
      : `select t.folder_id as key, sum(te.duration_ms) as ms, sum(te.duration_ms) filter (where te.billable) as billable
           from time_entries te
           left join tasks t on t.organization_id = te.organization_id and t.id = te.task_id
          where te.organization_id = $1 and not te.deleted
            and te.start_time >= $2::date and te.start_time < $3::date + 1
          group by 1`,
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
    /** A report beside its floor: both timed, the p95 ratio, and the check figure compared. */
    const besideFloor = async (
      label: string,
      report: () => Promise<number>,
      floor: () => Promise<FloorCheck>,
    ) => {
      const [mine, theirs] = [await report(), (await floor()).check];
      const r = await measure(report, runs);
      const f = await measure(floor, runs);
      const same = mine === theirs ? "same figures" : `FIGURES DIFFER: report ${mine}, floor ${theirs}`;
      lines.push(
        line(label, r, `×${(r.p95 / f.p95).toFixed(2)} of its floor's p95`),
        line("  its floor", f, same),
      );
      return r;
    };
    const money = (v: number | null) => v ?? 0;
    for (const period of ["this-month", "quarter"] as const) {
      const filter = reportFilterSchema.parse({ period });
      const { period: days, today } = await reportSetup(ctx, filter);
      const { from, to } = days;
      lines.push(`-- ${period} (${from} … ${to})`);
      const actual = await besideFloor(
        "actuals (by project)",
        async () => {
          const a = await getActual(ctx, actualQuerySchema.parse({ period }));
          return a.rows.reduce((s, r) => s + money(r.revenue) + money(r.cost), 0);
        },
        () => floorActual(database, from, to),
      );
      await besideFloor(
        "utilization",
        async () => (await getUtilization(ctx, filter)).rows.reduce((s, r) => s + (r.loggedBp ?? 0), 0),
        () => floorUtilization(database, from, to),
      );
      await besideFloor(
        "user directory",
        async () =>
          (await getUserDirectory(ctx, filter)).rows.reduce(
            (s, r) => s + r.loggedMs + money(r.internalRate) + money(r.clientRate),
            0,
          ),
        () => floorUserDirectory(database, from, to, today),
      );
      let reportDate = "";
      await besideFloor(
        "accrual",
        async () => {
          const a = await getAccrual(ctx, accrualQuerySchema.parse({ period }));
          reportDate = a.reportDate;
          return a.projects
            .flatMap((p) => p.assigneeBreakdown)
            .reduce((s, r) => s + money(r.estimatedRevenue) + money(r.actualRevenue), 0);
        },
        () => floorAccrual(database, reportDate),
      );
      await besideFloor(
        "client",
        async () =>
          (await getClientReport(ctx, filter)).rows.reduce((s, r) => s + money(r.revenue) + money(r.cost), 0),
        () => floorClient(database, from, to, today),
      );
      const webhooks = await measure(
        () => getWebhookActivity(ctx, webhookActivityQuerySchema.parse({ period })),
        runs,
      );
      const hours = await measure(() => hoursPerProject(database, from, to, "lines"), runs);
      const entries = await measure(() => hoursPerProject(database, from, to, "entries"), runs);
      const seed = await measure(() => seedPath(database, from, to), Math.max(3, Math.floor(runs / 5)));
      lines.push(
        line("webhook activity", webhooks),
        line("hours per project only", hours, "(report lines: no money, weeks or labels)"),
        line("  the same from entries", entries, "(raw time entries)"),
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
