/**
 * Timesheet approval benchmark on a synced demo agency (default: medium; BENCH_AGENCY=large is
 * 300 people, 100k tasks, 1M time entries). Every person gets 26 approved weeks before last week
 * and last week submitted, then p50/p95 of the server work (use case, no HTTP) of:
 *  - the approval queue's first page (submitted, 25 rows, each week's hours summed in SQL) and
 *    the approved filter (7,800 weeks) as an admin;
 *  - beside (a) the raw-SQL floor: the same page — weeks by status newest first, the total, their
 *    logged and billable time — in one hand-written query without names or permissions, and (b) the seed's
 *    client-side path: every week row and every time entry of the people read, summed in JavaScript;
 *  - and what approval costs the sync: one batch of 5,000 unchanged time entries stored again
 *    (upsertTimeEntries) with the locked-week triggers disabled, enabled without approved weeks,
 *    and enabled with every person's 26 approved weeks.
 *
 *   npm run bench:timesheet                                          # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench:timesheet          # PostgreSQL (a fresh database)
 *   BENCH_AGENCY=large BENCH_RUNS=30 npm run bench:timesheet
 */
import { addDays, toIsoDate } from "@domain/index";
import { startOfWeek } from "@domain/week";
import { transaction } from "../server/db/executor";
import type { CuTimeEntry } from "../server/integrations/clickup/types";
import { upsertTimeEntries } from "../server/modules/sync/time-entry-repo";
import { weekQueueQuerySchema, type WeekQueueResponse } from "../server/modules/timesheet/contract";
import { listWeekQueue } from "../server/modules/timesheet/list-week-queue";
import { measure, runOnSyncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";
const WEEKS_APPROVED = 26;

/** (a) The floor: one page of weeks by status, newest first, with their logged and billable time. */
const FLOOR_SQL = `select w.clickup_user_id, w.week_start, w.status, w.total, t.total_ms, t.billable_ms
  from (select *, count(*) over () as total from timesheet_weeks where organization_id = $1 and status = $2
         order by week_start desc, clickup_user_id limit 25) w
  cross join lateral (
    select coalesce(sum(e.duration_ms), 0) as total_ms,
           coalesce(sum(e.duration_ms) filter (where e.billable), 0) as billable_ms
      from time_entries e
     where e.organization_id = $1 and e.user_id = w.clickup_user_id and not e.deleted
       and e.start_time >= w.week_start::timestamp at time zone 'UTC'
       and e.start_time < (w.week_start + 7)::timestamp at time zone 'UTC') t
  order by w.week_start desc, w.clickup_user_id`;

runOnSyncedAgency(ORG, { agency: "medium" }, async ({ database, deps, agency, runs, admin }) => {
  const lastWeek = toIsoDate(addDays(startOfWeek(deps.now()), -7))!;
  const firstApproved = toIsoDate(addDays(startOfWeek(deps.now()), -7 * (WEEKS_APPROVED + 1)))!;
  const people = (
    await database.raw.query<{ id: string }>(`select id from provider_users where organization_id = $1`, [
      ORG,
    ])
  ).rows.map((r) => r.id);

  // A batch of 5,000 stored entries, as the sync would store them again unchanged.
  const batch = (
    await database.raw.query<{
      id: string;
      user_id: string;
      task_id: string | null;
      start_time: Date;
      duration_ms: string;
      billable: boolean;
      description: string | null;
    }>(
      `select id, user_id, task_id, start_time, duration_ms, billable, description from time_entries
        where organization_id = $1 and clickup_id is not null and not deleted
        order by start_time desc limit 5000`,
      [ORG],
    )
  ).rows.map((r): CuTimeEntry => ({
    id: r.id,
    userId: r.user_id,
    taskId: r.task_id,
    start: new Date(r.start_time).getTime(),
    end: null,
    duration: Number(r.duration_ms),
    billable: r.billable,
    description: r.description,
    at: null,
  }));
  const storeBatch = () => transaction(deps.database, (tx) => upsertTimeEntries(tx, ORG, batch));
  const syncRuns = Math.max(5, Math.floor(runs / 2));
  // The batch without the locked-week triggers (migration 0024), then with them.
  const triggers = (on: boolean) =>
    database.raw.query(
      `alter table time_entries ${on ? "enable" : "disable"} trigger time_entries_locked_week_inserts,
         ${on ? "enable" : "disable"} trigger time_entries_locked_week_updates`,
    );
  // Each phase starts from a vacuumed table: every store leaves 5,000 dead row versions behind.
  const vacuum = () => database.raw.query("vacuum time_entries");
  await triggers(false);
  await vacuum();
  const syncBare = await measure(storeBatch, syncRuns);
  await triggers(true);
  await vacuum();
  const syncWithout = await measure(storeBatch, syncRuns);

  await database.raw.query(
    `insert into timesheet_weeks (organization_id, clickup_user_id, week_start, status, version, submitted_at, updated_at)
     select $1, p.id, w.week_start, case when w.week_start = $3::date then 'submitted' else 'approved' end, 1, now(), now()
       from unnest($2::text[]) as p(id)
       cross join generate_series($4::date, $3::date, interval '7 days') as w(week_start)
     on conflict do nothing`,
    [ORG, people, lastWeek, firstApproved],
  );
  await database.raw.query("analyze timesheet_weeks");
  await vacuum();
  const syncWith = await measure(storeBatch, syncRuns);
  // The bare batch again, after the others (warm-up and order cancel out between the two).
  await triggers(false);
  await vacuum();
  const syncBareAgain = await measure(storeBatch, syncRuns);
  await triggers(true);

  const fmt = (n: number) => n.toFixed(1).padStart(10);
  const lines: string[] = [];
  const row = (label: string, stat: { p50: number; p95: number }, note: string) =>
    lines.push(`${label.padEnd(16)}${fmt(stat.p50)}${fmt(stat.p95)}   ${note}`);

  const floorOf = (status: string) => () => database.raw.query(FLOOR_SQL, [ORG, status]);
  for (const status of ["submitted", "approved"] as const) {
    const floorStat = await measure(floorOf(status), runs);
    let last: WeekQueueResponse | undefined;
    const query = weekQueueQuerySchema.parse({ status });
    const queue = await measure(async () => {
      last = await listWeekQueue(admin, query);
    }, runs);
    const hours = (last?.items ?? []).reduce((sum, w) => sum + w.totalMs, 0) / 3_600_000;
    row(
      `queue ${status}`,
      queue,
      `×${(queue.p95 / floorStat.p95).toFixed(2)} of floor p95; ${last?.items.length ?? 0} rows of ${last?.total ?? 0}, ${hours.toFixed(1)} h on the page`,
    );
    row(`floor ${status}`, floorStat, "the same page in one raw query (no names, no permissions)");
  }

  // (b) The seed's path: every week and every time entry of the people, summed in JavaScript.
  let seedRows = 0;
  const seed = await measure(
    async () => {
      const weeks = (
        await database.raw.query<{ clickup_user_id: string; week_start: string }>(
          `select clickup_user_id, to_char(week_start, 'YYYY-MM-DD') as week_start from timesheet_weeks
            where organization_id = $1 and status = 'submitted'`,
          [ORG],
        )
      ).rows;
      const entries = (
        await database.raw.query<{ user_id: string; start_time: Date; duration_ms: string }>(
          `select user_id, start_time, duration_ms from time_entries where organization_id = $1 and not deleted`,
          [ORG],
        )
      ).rows;
      const totals = new Map<string, number>();
      for (const e of entries) {
        const key = `${e.user_id}:${toIsoDate(startOfWeek(new Date(e.start_time)))}`;
        totals.set(key, (totals.get(key) ?? 0) + Number(e.duration_ms));
      }
      seedRows = weeks.filter((w) => totals.has(`${w.clickup_user_id}:${w.week_start}`)).length;
    },
    Math.max(3, Math.floor(runs / 5)),
  );
  row("seed", seed, `every entry read and summed in JavaScript (${seedRows} submitted weeks with time)`);
  const bareP50 = (syncBare.p50 + syncBareAgain.p50) / 2;
  row("sync batch-tr", syncBare, "5,000 unchanged entries stored again, locked-week triggers disabled");
  row("sync batch-tr2", syncBareAgain, "the same again, after the two below");
  row(
    "sync batch",
    syncWithout,
    `the same with the triggers, no approved weeks: ×${(syncWithout.p50 / bareP50).toFixed(2)} p50 of the two without`,
  );
  row(
    "sync batch+ap",
    syncWith,
    `the same with ${people.length * WEEKS_APPROVED} approved weeks: ×${(syncWith.p50 / bareP50).toFixed(2)} p50 of the two without`,
  );

  console.log(`\n${database.kind} · ${agency} agency · ${people.length} people · ${runs} runs · ms`);
  console.log(`${"path".padEnd(16)}${["p50", "p95"].map((h) => h.padStart(10)).join("")}`);
  for (const line of lines) console.log(line);
});
