/**
 * Workload benchmark on a synced demo agency (default: large — 300 people, 100k tasks, 1M time
 * entries): p50/p95 of GET /api/workload's server work (the use case: setup read, the grid
 * statement, names and totals; HTTP and session lookup excluded) for a 4-week and a quarter
 * window, beside
 *  (a) the raw-SQL floor — one hand-written aggregate of the grid's numbers (booked and tentative
 *      minutes per person per day, capacity from workload_capacity) over the derived table the
 *      endpoint reads (workload_days), with no app code around it; beside it, that aggregate plus
 *      a second plain one for the rest of the response (names, spaces, cost and revenue at the
 *      stored prices, overdue counts: every number the endpoint returns), and the grid's numbers
 *      from the synced tasks themselves (no derived table), the floor before workload_days;
 *  (b) the seed's path — every task in pages of 5,000 ordered by id, spaces, folders, users
 *      (limit 1,000), user_organizations and all detailed time entries, aggregated in JavaScript
 *      with the domain/ rules.
 * Targets: p95 < 150 ms for 4 weeks; ≥ 20× faster than the seed's path; within 2× of the floor.
 *
 *   npm run bench:workload                                          # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:workload                 # PostgreSQL (a fresh database)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:workload           # the same, without touching DATABASE_URL
 *   BENCH_AGENCY=medium BENCH_RUNS=30 npm run bench:workload
 *   BENCH_REUSE=1 BENCH_SEED_RUNS=0 BENCH_DATABASE_URL=…/agency_hub_bench_… npm run bench:workload   # kept database, no seed's path
 */
import {
  effectiveTaskRange,
  hoursPerDayEstimate,
  isFinishedStatus,
  parseAssignees,
  projectPhase,
  TASK_PAGE_SIZE,
  toIsoDate,
  USERS_LIMIT,
  type CustomField,
} from "@domain/index";
import type { Database } from "../server/db/client";
import { workloadQuerySchema, type WorkloadResponse } from "../server/modules/workload/contract";
import { getWorkload } from "../server/modules/workload/get-workload";
import { measure, runOnSyncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";
const DAY_MS = 86_400_000;

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/**
 * (a) The floor: booked/tentative minutes per person per day in one plain aggregate with no
 * rules beyond the filter (each open task's estimate split evenly over the calendar days of its
 * range and its assignees, exploded over the window), joined to workload_capacity — no working
 * days, no h/d est, no names or totals, no JavaScript.
 */
async function floor(database: Database, from: string, to: string, bidStatuses: string[]) {
  const { rows } = await database.raw.query(
    `with t as materialized (
       select t.id, t.folder_id, coalesce(t.time_estimate_ms, 0) / 60000.0 as est,
              coalesce((t.start_date at time zone 'UTC')::date, (t.due_date at time zone 'UTC')::date - 7) as rs,
              coalesce((t.due_date at time zone 'UTC')::date, (t.start_date at time zone 'UTC')::date + 7) as re
         from tasks t
        where t.organization_id = $1 and not t.deleted and not t.archived
          and (t.start_date is not null or t.due_date is not null)
          and lower(coalesce(t.status, '')) !~ '(closed|complete|archived|canceled)'),
     w as (select * from t where rs <= re and rs <= $3::date and re >= $2::date),
     bid as (select distinct folder_id from tasks where organization_id = $1 and custom_item_id = 1001
               and status = any($4::text[])),
     a as (select w.*, coalesce(ta.user_id, '') as person, count(*) over (partition by w.id) as n,
                  w.folder_id in (select folder_id from bid) as tentative
             from w left join task_assignees ta on ta.organization_id = $1 and ta.task_id = w.id),
     cells as (
       select a.person, g::date as day,
              sum(a.est / a.n / (a.re - a.rs + 1)) filter (where not a.tentative) as booked,
              sum(a.est / a.n / (a.re - a.rs + 1)) filter (where a.tentative) as tentative
         from a, generate_series(greatest(a.rs, $2::date), least(a.re, $3::date), interval '1 day') g
        group by a.person, g::date)
     select c.clickup_user_id, c.day, c.capacity_minutes, cells.booked, cells.tentative
       from workload_capacity($1, $2::date, $3::date) c
       left join cells on cells.person = c.clickup_user_id and cells.day = c.day`,
    [ORG, from, to, bidStatuses],
  );
  return rows.length;
}

/**
 * (a′) The same floor over the derived tables the endpoint reads: booked and tentative ms per
 * person per day summed from the window's workload_days rows, joined to workload_capacity — the
 * least work that gives those numbers from what is stored.
 */
async function floorDerived(database: Database, from: string, to: string, bidStatuses: string[]) {
  const { rows } = await database.raw.query(
    `with bid as (select distinct folder_id from tasks where organization_id = $1 and custom_item_id = 1001
                    and status = any($4::text[])),
          cells as (
            select d.person, d.day,
                   sum(d.booked_ms) filter (where d.folder_id not in (select folder_id from bid)) as booked,
                   sum(d.booked_ms) filter (where d.folder_id in (select folder_id from bid)) as tentative
              from workload_days d
             where d.organization_id = $1 and d.day between $2::date and $3::date and d.bookings > 0
             group by d.person, d.day)
     select c.clickup_user_id, c.day, c.capacity_minutes, cells.booked, cells.tentative
       from workload_capacity($1, $2::date, $3::date) c
       left join cells on cells.person = c.clickup_user_id and cells.day = c.day`,
    [ORG, from, to, bidStatuses],
  );
  return rows.length;
}

/**
 * (a″) The rest of what the endpoint returns, as plainly: per person their name (users table),
 * the spaces they book time in, their confirmed lines' cost and revenue at the stored prices and
 * their overdue bookings — so floorDerived plus this is a floor for every number of the response.
 */
async function floorPersonTotals(database: Database, from: string, to: string, bidStatuses: string[]) {
  const { rows } = await database.raw.query(
    `with bid as (select distinct folder_id from tasks where organization_id = $1 and custom_item_id = 1001
                    and status = any($4::text[])),
          lines as (
            select d.person, array_agg(distinct d.space_id) as spaces,
                   sum(d.cost_minor) filter (where d.folder_id not in (select folder_id from bid)) as cost,
                   sum(d.revenue_minor) filter (where d.folder_id not in (select folder_id from bid)) as revenue
              from workload_days d
             where d.organization_id = $1 and d.day between $2::date and $3::date and d.bookings > 0
             group by d.person),
          late as (
            select b.person, count(*) as overdue from workload_bookings b
             where b.organization_id = $1 and b.due_day < $2::date group by b.person)
     select u.id, u.username, u.email, lines.spaces, lines.cost, lines.revenue, late.overdue
       from provider_users u
       left join lines on lines.person = u.id
       left join late on late.person = u.id
      where u.organization_id = $1`,
    [ORG, from, to, bidStatuses],
  );
  return rows.length;
}

/** (b) The seed's path: everything fetched page by page, then the grid in JavaScript. */
async function seedPath(database: Database, from: string, to: string) {
  const tasks: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += TASK_PAGE_SIZE) {
    const { rows } = await database.raw.query<Record<string, unknown>>(
      `select * from tasks where organization_id = $1 order by id limit $2 offset $3`,
      [ORG, TASK_PAGE_SIZE, offset],
    );
    tasks.push(...rows);
    if (rows.length < TASK_PAGE_SIZE) break;
  }
  await database.raw.query(`select * from spaces where organization_id = $1`, [ORG]);
  const { rows: folders } = await database.raw.query<{ id: string }>(
    `select * from folders where organization_id = $1`,
    [ORG],
  );
  const { rows: users } = await database.raw.query<{ id: string; username: string | null }>(
    `select id, username, email, profile_picture from provider_users where organization_id = $1 limit $2`,
    [ORG, USERS_LIMIT],
  );
  await database.raw.query(`select * from user_organizations where organization_id = $1`, [ORG]);
  // get_time_entries_detailed(): every entry with its assignee name and rates.
  const { rows: entries } = await database.raw.query<{
    task_id: string;
    user_id: string;
    duration_ms: number;
  }>(
    `select te.id, te.task_id, te.user_id, te.duration_ms, te.start_time, pu.username as assignee_name
       from time_entries te left join provider_users pu on pu.organization_id = te.organization_id and pu.id = te.user_id
      where te.organization_id = $1 and not te.deleted`,
    [ORG],
  );
  const logged = new Map<string, number>();
  for (const e of entries)
    logged.set(`${e.task_id}:${e.user_id}`, (logged.get(`${e.task_id}:${e.user_id}`) ?? 0) + 1);
  const bidFolders = new Set(
    tasks
      .filter((t) => t.custom_item_id === 1001 && projectPhase(t.status as string | null) === "bid")
      .map((t) => String(t.folder_id)),
  );
  const d0 = dayNumber(from);
  const d1 = dayNumber(to);
  const days = d1 - d0 + 1;
  const grid = new Map<string, { booked: number[]; tentative: number[] }>();
  const row = (person: string) => {
    let r = grid.get(person);
    if (!r) {
      r = { booked: new Array<number>(days).fill(0), tentative: new Array<number>(days).fill(0) };
      grid.set(person, r);
    }
    return r;
  };
  for (const u of users) row(u.id);
  for (const t of tasks) {
    if (t.deleted || t.archived || isFinishedStatus(t.status as string | null)) continue;
    const range = effectiveTaskRange(t.start_date as Date | null, t.due_date as Date | null);
    if (!range) continue;
    const rs = dayNumber(toIsoDate(range.start)!);
    const re = dayNumber(toIsoDate(range.end)!);
    if (rs > re || rs > d1 || re < d0) continue;
    const working = [];
    for (let d = rs; d <= re; d++) if (new Date(d * DAY_MS).getUTCDay() % 6 !== 0) working.push(d);
    const assignees = parseAssignees(t.assignees_array);
    const hpd = hoursPerDayEstimate(t.custom_fields as CustomField[]);
    const est = Number(t.time_estimate_ms ?? 0) / 60_000 / Math.max(1, assignees.length);
    const perDay = hpd !== null ? hpd * 60 : est / Math.max(1, working.length);
    const tentative = bidFolders.has(String(t.folder_id));
    for (const person of assignees.length ? assignees.map((a) => a.id) : [""]) {
      const r = row(person);
      for (const d of working) {
        if (d < d0 || d > d1) continue;
        (tentative ? r.tentative : r.booked)[d - d0]! += perDay;
      }
    }
  }
  return { people: grid.size, folders: folders.length, entries: entries.length };
}

runOnSyncedAgency(
  ORG,
  { agency: "large", maintenance: "vacuum analyze" },
  async ({ database, agency, runs, admin: ctx }) => {
    const today = toIsoDate(new Date())!;
    const plus = (days: number) => toIsoDate(new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS))!;
    const windows: Array<[string, string, string]> = [
      ["4 weeks", today, plus(27)],
      ["quarter", today, plus(91)],
    ];
    const meta = await database.raw.query<{ status: string }>(
      `select distinct status from tasks where organization_id = $1 and custom_item_id = 1001 and status is not null`,
      [ORG],
    );
    const bidStatuses = meta.rows.map((r) => r.status).filter((s) => projectPhase(s) === "bid");

    const fmt = (n: number) => n.toFixed(1).padStart(10);
    const lines: string[] = [];
    for (const [label, from, to] of windows) {
      const query = workloadQuerySchema.parse({ from, to });
      let last: WorkloadResponse | undefined;
      const endpoint = await measure(async () => {
        last = await getWorkload(ctx, query);
      }, runs);
      const floorStat = await measure(() => floorDerived(database, from, to, bidStatuses), runs);
      const fullFloor = await measure(async () => {
        await floorDerived(database, from, to, bidStatuses);
        await floorPersonTotals(database, from, to, bidStatuses);
      }, runs);
      const tasksFloor = await measure(() => floor(database, from, to, bidStatuses), runs);
      // BENCH_SEED_RUNS=0 leaves the seed's path out (seconds a run) while tuning the endpoint.
      const seedRuns = Number(process.env.BENCH_SEED_RUNS ?? Math.max(3, Math.floor(runs / 5)));
      const seed =
        seedRuns > 0 ? await measure(() => seedPath(database, from, to), seedRuns) : { p50: NaN, p95: NaN };
      const bytes = Buffer.byteLength(JSON.stringify(last));
      lines.push(
        `${label.padEnd(9)}${fmt(endpoint.p50)}${fmt(endpoint.p95)}${fmt(floorStat.p50)}${fmt(floorStat.p95)}${fmt(seed.p50)}${fmt(seed.p95)}` +
          `   ×${(endpoint.p50 / floorStat.p50).toFixed(2)} of floor, ${(seed.p50 / endpoint.p50).toFixed(0)}× faster than the seed's path; ` +
          `floor of every number of the response (with names, spaces, money, overdue) p50 ${fullFloor.p50.toFixed(1)}, p95 ${fullFloor.p95.toFixed(1)} ` +
          `(×${(endpoint.p50 / fullFloor.p50).toFixed(2)}, p95 ×${(endpoint.p95 / fullFloor.p95).toFixed(2)}); ` +
          `floor from the tasks (no derived table) p50 ${tasksFloor.p50.toFixed(1)}, p95 ${tasksFloor.p95.toFixed(1)}; ` +
          `${last?.people.length ?? 0} people × ${last?.days.length ?? 0} days, ${(bytes / 1024).toFixed(0)} KB JSON`,
      );
    }
    console.log(`\n${database.kind} · ${agency} agency · ${runs} runs · ms`);
    console.log(
      `${"window".padEnd(9)}${["p50", "p95", "floor p50", "floor p95", "seed p50", "seed p95"].map((h) => h.padStart(10)).join("")}`,
    );
    for (const line of lines) console.log(line);
  },
);
